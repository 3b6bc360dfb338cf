package api

import (
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/gin-gonic/gin"
)

func TestNamesParamKeepsLegalSuffixes(t *testing.T) {
	cases := map[string][]string{
		"sponsor=Acme Sponsor, LLC":        {"Acme Sponsor, LLC"},
		"sponsor=Acme, L.P.,Beta Holdings": {"Acme, L.P.", "Beta Holdings"},
		"sponsor=A,B&sponsor=C, Inc.":      {"A", "B", "C, Inc."},
		"sponsor= , ,":                     nil,
		"sponsor=LLC":                      {"LLC"},
	}
	for q, want := range cases {
		c, _ := gin.CreateTestContext(httptest.NewRecorder())
		c.Request = httptest.NewRequest("GET", "/?"+encodeQuery(q), nil)
		if got := namesParam(c, "sponsor"); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
}

func TestDecimalLess(t *testing.T) {
	cases := []struct {
		a, b string
		less bool
	}{
		{"1", "2", true}, {"10", "9", false}, {"100000000.00", "100000000", false},
		{"0099.5", "99.50", false}, {"99.49", "99.5", true}, {"250000000.00", "1000000000", true},
	}
	for _, tc := range cases {
		if got := decimalLess(tc.a, tc.b); got != tc.less {
			t.Errorf("%s < %s = %v", tc.a, tc.b, got)
		}
	}
}

func TestWithAsOf(t *testing.T) {
	cases := map[string]string{
		`{"a":1}`: `{"asOf":"T","a":1}`,
		`{}`:      `{"asOf":"T"}`,
		`[1,2]`:   `{"asOf":"T","data":[1,2]}`,
		`null`:    `{"asOf":"T","data":null}`,
	}
	for in, want := range cases {
		if got := string(withAsOf([]byte(in), "T")); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
	if !hasTopLevelKey([]byte(`{"asOf":"x"}`), "asOf") || hasTopLevelKey([]byte(`{"a":{"asOf":"x"}}`), "asOf") {
		t.Errorf("hasTopLevelKey")
	}
}

func TestCursorRoundTrip(t *testing.T) {
	cur := encodeCursor(150, "k1")
	if n, err := decodeCursor(cur, "k1"); err != nil || n != 150 {
		t.Errorf("round trip: %d %v", n, err)
	}
	for _, bad := range []string{"", "%%%", encodeCursor(-1, "k1"), "bm9kb3Q"} {
		if _, err := decodeCursor(bad, "k1"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := decodeCursor(cur, "k2"); err == nil {
		t.Errorf("cursor of another query accepted")
	}
}

// FuzzQueryNeverCrashes feeds arbitrary query strings to the universe and expects a JSON
// answer: 200 or a 4xx problem, never a 5xx.
func FuzzQueryNeverCrashes(f *testing.F) {
	for _, seed := range []string{"limit=5", "status=searching,,", "sort=-", "fields=", "cursor=MTAuYWJj", "min_trust=1.23456", "q=%00"} {
		f.Add(seed)
	}
	s := New(newFixture(5).deps)
	f.Fuzz(func(t *testing.T, q string) {
		req := httptest.NewRequest("GET", "/v1/universe", nil)
		req.URL.RawQuery = q
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%q: %d %s", q, rec.Code, rec.Body.String())
		}
	})
}
