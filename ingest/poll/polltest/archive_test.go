package polltest_test

import (
	"context"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// The fake's index rows must look like the real ones: every row of the recorded daily form
// and company indexes, parsed and rendered again, reproduces its line byte for byte.
func TestIndexRowsMatchRealLayout(t *testing.T) {
	rd := polltest.RealdataDir()
	if rd == "" {
		t.Skip("realdata not available (../shared/realdata beside the checkout)")
	}
	for name, kind := range map[string]edgar.IndexKind{"form.20200318.idx": edgar.IndexForm, "company.20221003.idx": edgar.IndexCompany} {
		data, err := os.ReadFile(filepath.Join(rd, "edgar_index", name))
		if err != nil {
			t.Skipf("realdata not available: %v", err)
		}
		rows, err := edgar.ParseIndex(data, kind)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		same := 0
		for _, r := range rows {
			if polltest.RenderIndexRow(strings.Split(name, ".")[0], true, r) == lines[r.Line-1] {
				same++
			}
		}
		if same != len(rows) || same < 4000 {
			t.Errorf("%s: %d of %d real rows re-render byte for byte", name, same, len(rows))
		}
	}
}

func archiveCorpus(t *testing.T, s *polltest.Server, cik string) []edgar.FeedEntry {
	t.Helper()
	paths, err := fs.Glob(fixtures.Corpus, cik+"/*.txt")
	if err != nil || len(paths) == 0 {
		t.Fatalf("corpus %s: %v", cik, err)
	}
	var out []edgar.FeedEntry
	for _, p := range paths {
		data, _ := fs.ReadFile(fixtures.Corpus, p)
		out = append(out, s.Archive(p, data))
	}
	return out
}

// Archived filings are listed in the quarterly and daily indexes of their date (daily ones on
// weekdays before today only), in the company's submissions JSON with older pages past the
// recent limit, and downloadable; company_tickers.json lists companies with tickers.
func TestArchiveServesIndexesSubmissionsAndTickers(t *testing.T) {
	s := polltest.New(t)
	s.SetClock(func() time.Time { return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) })
	entries := archiveCorpus(t, s, "0009900001")
	first := entries[0]
	filed, _ := time.Parse(time.DateOnly, first.FiledAt)
	q := (int(filed.Month())-1)/3 + 1
	for kind, ik := range map[string]edgar.IndexKind{"form": edgar.IndexForm, "company": edgar.IndexCompany, "master": edgar.IndexMaster} {
		code, body := get(t, s.URL()+polltest.FullIndexPath(filed.Year(), q, kind))
		rows, err := edgar.ParseIndex(body, ik)
		if code != 200 || err != nil || !hasAccession(rows, first.Accession) {
			t.Errorf("full-index %s: %d %v, rows %+v", kind, code, err, rows)
		}
		code, body = get(t, s.URL()+polltest.DailyIndexPath(filed, kind))
		rows, err = edgar.ParseIndex(body, ik)
		weekday := filed.Weekday() != time.Saturday && filed.Weekday() != time.Sunday
		if weekday && (code != 200 || err != nil || !hasAccession(rows, first.Accession) || rows[0].Date != first.FiledAt) {
			t.Errorf("daily %s: %d %v, rows %+v", kind, code, err, rows)
		}
	}
	if code, _ := get(t, s.URL()+polltest.DailyIndexPath(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "form")); code != 404 {
		t.Errorf("today's daily index: %d, want 404 (published after the day)", code)
	}
	if code, _ := get(t, s.URL()+polltest.DailyIndexPath(time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), "form")); code != 404 {
		t.Errorf("a Sunday's daily index: %d, want 404", code)
	}
	if code, _ := get(t, s.URL()+polltest.FullIndexPath(2027, 1, "form")); code != 404 {
		t.Errorf("a future quarter: %d, want 404", code)
	}

	s.SetRecentLimit(3)
	s.SetCompany(first.CIK, polltest.Company{SIC: "6770", Tickers: []string{"AAA", "AAA.U"}})
	code, body := get(t, s.URL()+"/submissions/CIK"+string(first.CIK)+".json")
	sub, err := edgar.ParseSubmissions(body)
	if code != 200 || err != nil || sub.SIC != "6770" || len(sub.Recent) != 3 || len(sub.Files) == 0 {
		t.Fatalf("submissions: %d %v %+v", code, err, sub)
	}
	total := len(sub.Recent)
	for _, f := range sub.Files {
		code, body := get(t, s.URL()+"/submissions/"+f.Name)
		rows, err := edgar.ParseSubmissionsPage(body)
		if code != 200 || err != nil || len(rows) != f.FilingCount || rows[0].FilingDate != f.FilingTo {
			t.Fatalf("page %s: %d %v %+v", f.Name, code, err, rows)
		}
		total += len(rows)
	}
	if total != len(entries) {
		t.Errorf("submissions list %d filings, want %d", total, len(entries))
	}
	code, body = get(t, s.URL()+polltest.TickersPath)
	tickers, err := edgar.ParseTickers(body)
	if code != 200 || err != nil || len(tickers) != 2 || tickers[1].Ticker != "AAA.U" || tickers[0].CIK != first.CIK {
		t.Errorf("tickers: %d %v %+v", code, err, tickers)
	}
	if code, body := get(t, s.URL()+polltest.ArchivePath(first.CIK, first.Accession)); code != 200 || !strings.Contains(string(body), first.Accession) {
		t.Errorf("archive: %d", code)
	}
}

func hasAccession(rows []edgar.IndexRow, acc string) bool {
	for _, r := range rows {
		if r.Accession == acc {
			return true
		}
	}
	return false
}

// A held request waits until released; one whose client goes away is logged as not served.
func TestHoldAndServedCounts(t *testing.T) {
	s := polltest.New(t)
	e := archiveCorpus(t, s, "0009900001")[0]
	path := polltest.ArchivePath(e.CIK, e.Accession)
	h := s.Hold(path)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := getCtx(ctx, s.URL()+path); done <- err }()
	<-h.Arrived()
	cancel() // the client dies while its request is held
	if err := <-done; err == nil {
		t.Fatal("request completed while held")
	}
	<-h.Gone()
	waitFor(t, func() bool { return len(s.Log()) == 1 })
	if s.Count(path) != 1 || s.Served(path) != 0 || s.Log()[0].Status != 0 {
		t.Errorf("abandoned request: count %d, served %d, log %+v", s.Count(path), s.Served(path), s.Log())
	}

	h = s.Hold(path)
	codes := make(chan int, 1)
	go func() { code, _ := getCtx(context.Background(), s.URL()+path); codes <- code }()
	<-h.Arrived()
	h.Release()
	if code := <-codes; code != http.StatusOK {
		t.Errorf("released request: %d", code)
	}
	// The server records the answer after its last write, which the client may read first.
	waitFor(t, func() bool { return s.Served(path) == 1 })
}

func getCtx(ctx context.Context, url string) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	// Read the answer to its end: a body closed unread makes the client drop the connection,
	// which cancels the request's context on the server, and the fake may then record a
	// delivered answer as not served.
	_, err = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, err
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached")
		}
	}
}

func TestMaxInWindow(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var log []polltest.Request
	for _, ms := range []int{0, 100, 200, 999, 1000, 1500, 1600, 1700, 1800} {
		log = append(log, polltest.Request{At: t0.Add(time.Duration(ms) * time.Millisecond)})
	}
	if got := polltest.MaxInWindow(log, time.Second); got != 6 { // the window from 999 ms holds 999..1800
		t.Errorf("MaxInWindow = %d, want 6", got)
	}
	if got := polltest.MaxInWindow(nil, time.Second); got != 0 {
		t.Errorf("empty log: %d", got)
	}
}
