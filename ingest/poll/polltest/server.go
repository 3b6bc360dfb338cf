// Package polltest is a fake EDGAR for tests, serving in the real formats every surface the
// poller and the backfill read: the current-filings Atom feed (element layout of
// realdata/atom_feeds/getcurrent_atom_start200.xml), the submissions JSON and its older pages
// (key layout of realdata/submissions_json), company_tickers.json (realdata/tickers), the
// quarterly full-index and daily-index files by form, company and master (realdata/edgar_index)
// and full-submission .txt files. It logs every request with the time of its clock, can fail
// chosen paths and hold a request in flight. Tests of ingest/poll, ingest/backfill and the
// end-to-end tests of cmd/spacd share it.
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

	mu        sync.Mutex
	feed      []edgar.FeedEntry              // newest first
	companies map[spac.CIK]*Company          // submissions JSON served for these CIKs
	files     map[string][]byte              // archive path -> full submission
	archived  map[spac.CIK][]edgar.FeedEntry // filings listed in submissions and indexes, per CIK
	failures  map[string][]Failure           // path -> answers to give before the real one
	holds     map[string]*Hold               // path -> the next request of it is held
	hits      map[string]int                 // path -> requests
	served    map[string]int                 // path -> 200 answers delivered
	agents    map[string]int                 // User-Agent -> requests
	log       []Request
	total     int
	clock     time.Time        // Updated of the next feed entry added
	now       func() time.Time // stamps the request log; decides which index files exist
	recent    int              // filings per submissions document (recent) and per older page
}

// Failure is an answer given instead of the real one (see Fail).
type Failure struct {
	Status     int
	RetryAfter string // Retry-After header value, when not empty
}

// Request is one request the fake answered (or abandoned).
type Request struct {
	Path   string
	At     time.Time // by the server's clock (SetClock)
	Status int       // 0 when the client went away while the request was held
}

// New starts a fake EDGAR, closed when the test ends. Its feed starts empty; every entry added
// is stamped one minute after the previous one, so the feed's order is the order of Publish.
func New(t testing.TB) *Server {
	s := &Server{
		t: t, companies: map[spac.CIK]*Company{}, files: map[string][]byte{}, archived: map[spac.CIK][]edgar.FeedEntry{},
		failures: map[string][]Failure{}, holds: map[string]*Hold{},
		hits: map[string]int{}, served: map[string]int{}, agents: map[string]int{},
		clock: time.Date(2026, 11, 20, 9, 0, 0, 0, time.FixedZone("EST", -5*3600)),
		now:   time.Now, recent: 1000,
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// URL is the base URL of both www.sec.gov and data.sec.gov surfaces.
func (s *Server) URL() string { return s.srv.URL }

// SetClock sets the clock that stamps the request log and says which index files exist
// (default time.Now). A test that drives its client with a virtual clock gives the same one
// here, so the log shows the request rate the client kept to.
func (s *Server) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = now
}

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

// Served is the number of successful (200) answers to path delivered so far: a request held
// while its client went away does not count.
func (s *Server) Served(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served[path]
}

// ServedCounts returns the number of 200 answers per path.
func (s *Server) ServedCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.served))
	for k, v := range s.served {
		out[k] = v
	}
	return out
}

// Log returns every request so far, in arrival order.
func (s *Server) Log() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.log...)
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

// answer is what the fake will send: a status, a content type and a body.
type answer struct {
	status     int
	ctype      string
	body       []byte
	retryAfter string
}

// serve books the request, holds it when asked to, then writes the answer. The lock is not
// held while a request is held, so other requests go on.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.total++
	s.hits[r.URL.Path]++
	s.agents[r.Header.Get("User-Agent")]++
	at := s.now()
	h := s.holds[r.URL.Path]
	delete(s.holds, r.URL.Path)
	s.mu.Unlock()
	if h != nil && !h.wait(r) {
		s.record(r.URL.Path, at, 0)
		return
	}
	s.mu.Lock()
	a := s.answerLocked(r)
	s.mu.Unlock()
	if a.retryAfter != "" {
		w.Header().Set("Retry-After", a.retryAfter)
	}
	if a.ctype != "" {
		w.Header().Set("Content-Type", a.ctype)
	}
	w.WriteHeader(a.status)
	_, err := w.Write(a.body)
	if err != nil || r.Context().Err() != nil {
		a.status = 0 // the client went away: nothing was delivered
	}
	s.record(r.URL.Path, at, a.status)
}

func (s *Server) record(path string, at time.Time, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = append(s.log, Request{Path: path, At: at, Status: status})
	if status == http.StatusOK {
		s.served[path]++
	}
}

// answerLocked routes a request to its surface. s.mu is held.
func (s *Server) answerLocked(r *http.Request) answer {
	path := r.URL.Path
	if q := s.failures[path]; len(q) > 0 {
		s.failures[path] = q[1:]
		return answer{status: q[0].Status, ctype: "text/plain", body: []byte(http.StatusText(q[0].Status)), retryAfter: q[0].RetryAfter}
	}
	switch {
	case path == FeedPath:
		return s.feedAnswerLocked(r)
	case strings.HasPrefix(path, "/submissions/"):
		return s.submissionsAnswerLocked(path)
	case path == TickersPath:
		return answer{status: http.StatusOK, ctype: "application/json", body: s.tickersJSONLocked()}
	case strings.HasPrefix(path, "/Archives/edgar/full-index/") || strings.HasPrefix(path, "/Archives/edgar/daily-index/"):
		return s.indexAnswerLocked(path)
	case s.files[path] != nil:
		return answer{status: http.StatusOK, ctype: "text/plain", body: s.files[path]}
	}
	return notFound()
}

func notFound() answer {
	return answer{status: http.StatusNotFound, ctype: "text/plain", body: []byte("404 page not found\n")}
}
