package polltest_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// The fake's feed must look like the real one: every real entry without 8-K items, parsed
// and rendered again, reproduces its bytes in the recorded EDGAR response.
func TestFeedMatchesRealLayout(t *testing.T) {
	rd := polltest.RealdataDir()
	if rd == "" {
		t.Skip("realdata not available (../shared/realdata beside the checkout)")
	}
	data, err := os.ReadFile(filepath.Join(rd, "atom_feeds", "getcurrent_atom_start200.xml"))
	if err != nil {
		t.Skipf("realdata not available: %v", err)
	}
	feed, err := edgar.ParseFeed(data)
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for _, e := range feed.Entries {
		if len(e.Items) == 0 && strings.Contains(string(data), polltest.RenderEntry(e)) {
			same++
		}
	}
	if same < 90 {
		t.Errorf("only %d of %d real entries re-render byte for byte", same, len(feed.Entries))
	}
	head := polltest.RenderFeed(time.Date(2025, 12, 12, 18, 3, 31, 0, time.FixedZone("EST", -5*3600)), nil)
	head = strings.TrimSuffix(head, "</feed>\n")
	if !strings.HasPrefix(string(data), head) {
		t.Errorf("feed head differs from the real one:\n%s", head)
	}
}

func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

const feedQuery = polltest.FeedPath + "?action=getcurrent&type=&start=0&count=100&output=atom"

// A published submission is on top of the feed (newest first), downloadable at its archive
// path, and its filer's SIC is served once set; requests are counted.
func TestPublishServesFeedArchiveAndSubmissions(t *testing.T) {
	s := polltest.New(t)
	first := s.PublishCorpus("0009900001/0009900001-25-000001.txt")
	second := s.PublishCorpus("0009900001/0009900001-25-000002.txt")
	if first.CIK != "0009900001" || first.Form != "S-1" || second.Form != "S-1/A" || first.FiledAt == "" {
		t.Fatalf("entries from the SGML header: %+v %+v", first, second)
	}
	code, body := get(t, s.URL()+feedQuery)
	feed, err := edgar.ParseFeed(body)
	if code != 200 || err != nil || len(feed.Entries) != 2 || feed.Entries[0].Accession != second.Accession {
		t.Fatalf("feed %d %v %+v; want the two filings, newest first", code, err, feed)
	}
	if code, body := get(t, s.URL()+polltest.ArchivePath(first.CIK, first.Accession)); code != 200 || !strings.Contains(string(body), first.Accession) {
		t.Errorf("archive: %d", code)
	}
	subs := s.URL() + "/submissions/CIK" + string(first.CIK) + ".json"
	if code, _ := get(t, subs); code != http.StatusNotFound {
		t.Errorf("submissions before SetSIC: %d, want 404", code)
	}
	s.SetSIC(first.CIK, "6770")
	if code, body := get(t, subs); code != 200 || !strings.Contains(string(body), `"sic":"6770"`) {
		t.Errorf("submissions: %d %s", code, body)
	}
	if code, _ := get(t, s.URL()+polltest.FeedPath+"?action=getcurrent&start=100&count=100&output=atom"); code != 200 {
		t.Errorf("past the end: %d, want EDGAR's 200 HTML page", code)
	}
	s.Fail(polltest.FeedPath, polltest.Failure{Status: 429, RetryAfter: "2"})
	if code, _ := get(t, s.URL()+feedQuery); code != 429 {
		t.Errorf("failed answer %d, want 429", code)
	}
	if total, _ := s.Requests(); total != 6 || s.Count(polltest.FeedPath) != 3 {
		t.Errorf("requests %d, feed %d; want 6 and 3", total, s.Count(polltest.FeedPath))
	}
}

func TestPublishRejectsNonSubmission(t *testing.T) {
	if _, err := polltest.HeaderEntry([]byte("not an SGML header")); err == nil {
		t.Error("HeaderEntry accepted text without a header")
	}
}
