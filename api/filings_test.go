package api

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

func TestFilingMetadata(t *testing.T) {
	s := New(newFixture(2).deps)
	body := decode(t, do(t, s.Handler(), "/v1/filings/"+accessionOf(1)))
	if body["accession"] != accessionOf(1) || body["lineCount"] != 2500.0 || body["form"] != "S-1" ||
		!strings.HasPrefix(body["url"].(string), "https://www.sec.gov/Archives/edgar/data/1001/") {
		t.Errorf("filing: %v", body)
	}
	if docs, _ := body["documents"].([]any); len(docs) != 1 {
		t.Errorf("documents: %v", body["documents"])
	}
	p := wantProblem(t, do(t, s.Handler(), "/v1/filings/0000000000-99-000000"), http.StatusNotFound, spac.ENOTFOUND, "")
	if !strings.Contains(p["detail"].(string), "0000000000-99-000000") {
		t.Errorf("detail: %v", p["detail"])
	}
}

func TestFilingLines(t *testing.T) {
	s := New(newFixture(1).deps)
	base := "/api/v1/filings/" + accessionOf(0) + "/lines"
	cases := []struct {
		query          string
		from, to, rows int
		next           bool
	}{
		{"", 1, 1000, 1000, true},
		{"?from=5&to=7", 5, 7, 3, true},
		{"?from=2400", 2400, 2500, 101, false},
		{"?from=2000&to=2999", 2000, 2500, 501, false},
	}
	for _, tc := range cases {
		rec := do(t, s.Handler(), base+tc.query)
		body := decode(t, rec)
		rows := rowsOf(t, body)
		if body["from"] != float64(tc.from) || body["to"] != float64(tc.to) || len(rows) != tc.rows || body["count"] != float64(tc.rows) {
			t.Errorf("%s: from %v to %v rows %d", tc.query, body["from"], body["to"], len(rows))
			continue
		}
		first := rows[0].(map[string]any)
		if first["line"] != float64(tc.from) || first["text"] != "line "+strconv.Itoa(tc.from)+" of the canonical text" {
			t.Errorf("%s: first row %v", tc.query, first)
		}
		if link := rec.Header().Get("Link"); (link != "") != tc.next || body["next"] != nil {
			t.Errorf("%s: Link %q next %v", tc.query, link, body["next"])
		}
	}
	link := do(t, s.Handler(), base+"?from=5&to=7").Header().Get("Link")
	if !strings.Contains(link, "from=8") || !strings.Contains(link, "to=10") {
		t.Errorf("next range link: %q", link)
	}
}
