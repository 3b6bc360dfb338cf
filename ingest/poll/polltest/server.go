// Package polltest is a fake EDGAR for tests: an httptest server serving the three surfaces the
// poller reads, in the real formats - the current-filings Atom feed (element layout of
// realdata/atom_feeds/getcurrent_atom_start200.xml), the submissions JSON (key layout of
// realdata/submissions_json) and full-submission .txt files. It counts every request and can
// fail chosen paths. Tests of ingest/poll and the end-to-end tests of cmd/spacd share it.
package polltest

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/edgar"
)

// FeedPath is the path of the current-filings feed (browse-edgar?action=getcurrent).
const FeedPath = "/cgi-bin/browse-edgar"

// Server is a fake EDGAR. Its methods are safe for concurrent use.
type Server struct {
	t   testing.TB
	srv *httptest.Server

	mu       sync.Mutex
	feed     []edgar.FeedEntry    // newest first
	sic      map[spac.CIK]string  // submissions JSON served for these CIKs
	files    map[string][]byte    // archive path -> full submission
	failures map[string][]Failure // path -> answers to give before the real one
	hits     map[string]int       // path -> requests
	agents   map[string]int       // User-Agent -> requests
	total    int
	clock    time.Time // Updated of the next entry added
}

// Failure is an answer given instead of the real one (see Fail).
type Failure struct {
	Status     int
	RetryAfter string // Retry-After header value, when not empty
}

// New starts a fake EDGAR, closed when the test ends. Its feed starts empty; every entry added
// is stamped one minute after the previous one, so the feed's order is the order of Publish.
func New(t testing.TB) *Server {
	s := &Server{
		t: t, sic: map[spac.CIK]string{}, files: map[string][]byte{}, failures: map[string][]Failure{},
		hits: map[string]int{}, agents: map[string]int{},
		clock: time.Date(2026, 11, 20, 9, 0, 0, 0, time.FixedZone("EST", -5*3600)),
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// URL is the base URL of both www.sec.gov and data.sec.gov surfaces.
func (s *Server) URL() string { return s.srv.URL }

// Publish puts a full submission on top of the feed (as the newest entry), listed under the
// filer named in its SGML header, and makes its .txt downloadable at ArchivePath. extra lists
// further companies the feed names for the same accession (e.g. the Filer of a 425 whose Subject
// is the SPAC); the filer is then listed as Subject. name only labels failures.
func (s *Server) Publish(name string, data []byte, extra ...edgar.FeedEntry) edgar.FeedEntry {
	s.t.Helper()
	e, err := HeaderEntry(data)
	if err != nil {
		s.t.Fatalf("polltest: publish %s: %v", name, err)
	}
	if len(extra) > 0 {
		e.Role = "Subject"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[ArchivePath(e.CIK, e.Accession)] = data
	for _, x := range append([]edgar.FeedEntry{e}, extra...) {
		x.Accession, x.FiledAt, x.Form = e.Accession, e.FiledAt, e.Form
		s.pushLocked(x)
	}
	return e
}

// PublishCorpus publishes a filing of the committed corpus (fixtures.Corpus) by its path.
func (s *Server) PublishCorpus(corpusPath string, extra ...edgar.FeedEntry) edgar.FeedEntry {
	s.t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, corpusPath)
	if err != nil {
		s.t.Fatalf("polltest: corpus: %v", err)
	}
	return s.Publish(corpusPath, data, extra...)
}

// Filler puts n entries of an uninteresting form (Form 4) from unrelated people on the feed.
func (s *Server) Filler(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range n {
		cik := spac.CIK(fmt.Sprintf("00097%05d", i))
		s.pushLocked(edgar.FeedEntry{Form: "4", Company: fmt.Sprintf("Filler Person %d", i), CIK: cik, Role: "Reporting",
			Accession: fmt.Sprintf("0009700000-26-%06d", i), FiledAt: "2026-11-20", Size: "6 KB"})
	}
}

// Push puts a hand-made entry on top of the feed (nothing to download behind it).
func (s *Server) Push(e edgar.FeedEntry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pushLocked(e)
}

func (s *Server) pushLocked(e edgar.FeedEntry) {
	s.clock = s.clock.Add(time.Minute)
	e.Updated = s.clock.Format(time.RFC3339)
	if e.Size == "" {
		e.Size = "84 KB"
	}
	s.feed = append([]edgar.FeedEntry{e}, s.feed...)
}

// SetSIC makes /submissions/CIK<cik>.json answer with that SIC code ("6770" = blank check).
// CIKs without one answer 404.
func (s *Server) SetSIC(cik spac.CIK, sic string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sic[cik] = sic
}

// Fail makes the next requests of path answer the given failures, in order, before the real one.
func (s *Server) Fail(path string, answers ...Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures[path] = append(s.failures[path], answers...)
}

// Count is the number of requests of path so far (failed ones included).
func (s *Server) Count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// Requests is the number of requests so far and how many carried each User-Agent.
func (s *Server) Requests() (total int, agents map[string]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	agents = make(map[string]int, len(s.agents))
	for k, v := range s.agents {
		agents[k] = v
	}
	return s.total, agents
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total++
	s.hits[r.URL.Path]++
	s.agents[r.Header.Get("User-Agent")]++
	if q := s.failures[r.URL.Path]; len(q) > 0 {
		s.failures[r.URL.Path] = q[1:]
		if q[0].RetryAfter != "" {
			w.Header().Set("Retry-After", q[0].RetryAfter)
		}
		http.Error(w, http.StatusText(q[0].Status), q[0].Status)
		return
	}
	switch {
	case r.URL.Path == FeedPath:
		s.serveFeedLocked(w, r)
	case strings.HasPrefix(r.URL.Path, "/submissions/"):
		s.serveSubmissionsLocked(w, r)
	case s.files[r.URL.Path] != nil:
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(s.files[r.URL.Path])
	default:
		http.NotFound(w, r)
	}
}
