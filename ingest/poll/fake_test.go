package poll

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest/edgar"
)

// fakeEDGAR serves the three EDGAR surfaces the poller reads, in the real formats: the
// current-filings Atom feed (element layout of realdata/atom_feeds/getcurrent_atom_start200.xml),
// the submissions JSON (key layout of realdata/submissions_json) and full-submission .txt files
// taken from fixtures.Corpus. It counts every request and can fail chosen paths.
type fakeEDGAR struct {
	t   *testing.T
	srv *httptest.Server

	mu       sync.Mutex
	feed     []edgar.FeedEntry    // newest first
	sic      map[spac.CIK]string  // submissions JSON served for these CIKs
	files    map[string][]byte    // archive path -> full submission
	failures map[string][]failure // path -> answers to give before the real one
	hits     map[string]int       // path -> requests
	agents   map[string]int       // User-Agent -> requests
	total    int
	clock    time.Time // Updated of the next entry added
}

type failure struct {
	status     int
	retryAfter string
}

func newFakeEDGAR(t *testing.T) *fakeEDGAR {
	f := &fakeEDGAR{
		t: t, sic: map[spac.CIK]string{}, files: map[string][]byte{}, failures: map[string][]failure{},
		hits: map[string]int{}, agents: map[string]int{},
		clock: time.Date(2026, 11, 20, 9, 0, 0, 0, time.FixedZone("EST", -5*3600)),
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

const feedPath = "/cgi-bin/browse-edgar"

// publish puts a corpus filing on top of the feed (as the newest entry), listed under role
// for the filer, and makes its .txt downloadable. extra lists further companies the feed names
// for the same accession (e.g. the Filer of a 425 whose Subject is the SPAC).
func (f *fakeEDGAR) publish(corpusPath string, extra ...edgar.FeedEntry) edgar.FeedEntry {
	f.t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, corpusPath)
	if err != nil {
		f.t.Fatalf("corpus: %v", err)
	}
	e := headerEntry(f.t, data)
	if len(extra) > 0 {
		e.Role = "Subject"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.files[archivePath(e.CIK, e.Accession)] = data
	for _, x := range append([]edgar.FeedEntry{e}, extra...) {
		x.Accession, x.FiledAt, x.Form = e.Accession, e.FiledAt, e.Form
		f.pushLocked(x)
	}
	return e
}

// filler puts n entries of an uninteresting form from unrelated companies on the feed.
func (f *fakeEDGAR) filler(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range n {
		cik := spac.CIK(fmt.Sprintf("00097%05d", i))
		f.pushLocked(edgar.FeedEntry{Form: "4", Company: fmt.Sprintf("Filler Person %d", i), CIK: cik, Role: "Reporting",
			Accession: fmt.Sprintf("0009700000-26-%06d", i), FiledAt: "2026-11-20", Size: "6 KB"})
	}
}

// push puts a hand-made entry on top of the feed (nothing to download behind it).
func (f *fakeEDGAR) push(e edgar.FeedEntry) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pushLocked(e)
}

func (f *fakeEDGAR) pushLocked(e edgar.FeedEntry) {
	f.clock = f.clock.Add(time.Minute)
	e.Updated = f.clock.Format(time.RFC3339)
	if e.Size == "" {
		e.Size = "84 KB"
	}
	f.feed = append([]edgar.FeedEntry{e}, f.feed...)
}

func (f *fakeEDGAR) setSIC(cik spac.CIK, sic string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sic[cik] = sic
}

// fail makes the next requests of path answer the given failures first.
func (f *fakeEDGAR) fail(path string, answers ...failure) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures[path] = append(f.failures[path], answers...)
}

func (f *fakeEDGAR) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits[path]
}

func (f *fakeEDGAR) requests() (total int, agents map[string]int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	agents = map[string]int{}
	for k, v := range f.agents {
		agents[k] = v
	}
	return f.total, agents
}

func (f *fakeEDGAR) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.total++
	f.hits[r.URL.Path]++
	f.agents[r.Header.Get("User-Agent")]++
	if q := f.failures[r.URL.Path]; len(q) > 0 {
		f.failures[r.URL.Path] = q[1:]
		if q[0].retryAfter != "" {
			w.Header().Set("Retry-After", q[0].retryAfter)
		}
		http.Error(w, http.StatusText(q[0].status), q[0].status)
		return
	}
	switch {
	case r.URL.Path == feedPath:
		f.serveFeedLocked(w, r)
	case strings.HasPrefix(r.URL.Path, "/submissions/"):
		f.serveSubmissionsLocked(w, r)
	case f.files[r.URL.Path] != nil:
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write(f.files[r.URL.Path])
	default:
		http.NotFound(w, r)
	}
}

func (f *fakeEDGAR) serveFeedLocked(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("action") != "getcurrent" || q.Get("output") != "atom" {
		http.Error(w, "bad feed query", http.StatusBadRequest)
		return
	}
	start, _ := strconv.Atoi(q.Get("start"))
	count, _ := strconv.Atoi(q.Get("count"))
	var entries []edgar.FeedEntry
	for _, e := range f.feed {
		if typ := q.Get("type"); typ == "" || strings.EqualFold(typ, e.Form) {
			entries = append(entries, e)
		}
	}
	if start > 0 && start >= len(entries) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write(endOfFeedPage(f.t))
		return
	}
	entries = entries[min(start, len(entries)):min(start+count, len(entries))]
	w.Header().Set("Content-Type", "application/atom+xml")
	_, _ = w.Write([]byte(renderFeed(f.clock, entries)))
}

var submissionsPathRe = regexp.MustCompile(`^/submissions/CIK(\d{10})\.json$`)

func (f *fakeEDGAR) serveSubmissionsLocked(w http.ResponseWriter, r *http.Request) {
	m := submissionsPathRe.FindStringSubmatch(r.URL.Path)
	if m == nil || f.sic[spac.CIK(m[1])] == "" {
		http.NotFound(w, r)
		return
	}
	cik := spac.CIK(m[1])
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(submissionsJSON(cik, f.sic[cik], f.feed))
}

// submissionsJSON renders the data.sec.gov document: the same keys, in the same order, as
// realdata/submissions_json/CIK0001847577_LearnCW.json, with filings.recent built from the
// feed entries of cik.
func submissionsJSON(cik spac.CIK, sic string, feed []edgar.FeedEntry) []byte {
	recent := map[string][]any{}
	keys := []string{"accessionNumber", "filingDate", "reportDate", "acceptanceDateTime", "act", "form",
		"fileNumber", "filmNumber", "items", "core_type", "size", "isXBRL", "isInlineXBRL",
		"isXBRLNumeric", "primaryDocument", "primaryDocDescription"}
	name := ""
	for _, e := range feed {
		if e.CIK != cik {
			continue
		}
		name = e.Company
		vals := []any{e.Accession, e.FiledAt, "", e.Updated, "33", e.Form, "", "", strings.Join(e.Items, ","),
			e.Form, 84000, 0, 0, nil, "primary.htm", e.Form}
		for i, k := range keys {
			recent[k] = append(recent[k], vals[i])
		}
	}
	desc := map[string]string{"6770": "Blank Checks"}[sic]
	doc := fmt.Sprintf(`{"cik":%q,"entityType":"operating","sic":%q,"sicDescription":%q,"ownerOrg":"","insiderTransactionForOwnerExists":0,"insiderTransactionForIssuerExists":1,"name":%q,"tickers":[],"exchanges":[],"ein":"000000000","lei":null,"description":"","website":"","investorWebsite":"","category":"","fiscalYearEnd":"1231","stateOfIncorporation":"E9","stateOfIncorporationDescription":"Cayman Islands","addresses":{},"phone":"","flags":"","formerNames":[],"filings":{"recent":{`,
		string(cik), sic, desc, name)
	for i, k := range keys {
		vals, _ := json.Marshal(append([]any{}, recent[k]...))
		if i > 0 {
			doc += ","
		}
		doc += fmt.Sprintf("%q:%s", k, vals)
	}
	return []byte(doc + `},"files":[]}}`)
}

// renderFeed writes an Atom page line for line as EDGAR does.
func renderFeed(updated time.Time, entries []edgar.FeedEntry) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="ISO-8859-1" ?>` + "\n")
	b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">` + "\n")
	fmt.Fprintf(&b, "<title>Latest Filings - %s</title>\n", updated.Format("Mon, 02 Jan 2006 15:04:05 MST"))
	b.WriteString(`<link rel="alternate" href="/cgi-bin/browse-edgar?action=getcurrent"/>` + "\n")
	b.WriteString(`<link rel="self" href="/cgi-bin/browse-edgar?action=getcurrent"/>` + "\n")
	b.WriteString(`<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>` + "\n")
	b.WriteString(`<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>` + "\n")
	fmt.Fprintf(&b, "<updated>%s</updated>\n", updated.Format(time.RFC3339))
	for _, e := range entries {
		b.WriteString(renderEntry(e))
	}
	b.WriteString("</feed>\n")
	return b.String()
}

var itemNames = map[string]string{
	"1.01": "Entry into a Material Definitive Agreement", "2.01": "Completion of Acquisition or Disposition of Assets",
	"5.07": "Submission of Matters to a Vote of Security Holders", "8.01": "Other Events",
	"9.01": "Financial Statements and Exhibits",
}

// renderEntry writes one <entry> exactly as the real feed does.
func renderEntry(e edgar.FeedEntry) string {
	unpadded := strings.TrimLeft(string(e.CIK), "0")
	folder := strings.ReplaceAll(e.Accession, "-", "")
	summary := fmt.Sprintf(" &lt;b&gt;Filed:&lt;/b&gt; %s &lt;b&gt;AccNo:&lt;/b&gt; %s &lt;b&gt;Size:&lt;/b&gt; %s\n", e.FiledAt, e.Accession, e.Size)
	for _, it := range e.Items {
		summary += fmt.Sprintf("&lt;br&gt;Item %s: %s\n", it, xmlEscape(itemNames[it]))
	}
	return fmt.Sprintf(`<entry>
<title>%s - %s (%s) (%s)</title>
<link rel="alternate" type="text/html" href="https://www.sec.gov/Archives/edgar/data/%s/%s/%s-index.htm"/>
<summary type="html">
%s</summary>
<updated>%s</updated>
<category scheme="https://www.sec.gov/" label="form type" term="%s"/>
<id>urn:tag:sec.gov,2008:accession-number=%s</id>
</entry>
`, xmlEscape(e.Form), xmlEscape(e.Company), e.CIK, e.Role, unpadded, folder, e.Accession, summary, e.Updated, xmlEscape(e.Form), e.Accession)
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

var headerRe = map[string]*regexp.Regexp{
	"acc":   regexp.MustCompile(`(?m)^ACCESSION NUMBER:\s*(\S+)`),
	"form":  regexp.MustCompile(`(?m)^CONFORMED SUBMISSION TYPE:\s*(.+?)\s*$`),
	"filed": regexp.MustCompile(`(?m)^FILED AS OF DATE:\s*(\d{8})`),
	"name":  regexp.MustCompile(`(?m)^\s*COMPANY CONFORMED NAME:\s*(.+?)\s*$`),
	"cik":   regexp.MustCompile(`(?m)^\s*CENTRAL INDEX KEY:\s*(\d{10})`),
}

// headerEntry builds the feed entry of a full submission from its SGML header.
func headerEntry(t *testing.T, data []byte) edgar.FeedEntry {
	t.Helper()
	get := func(k string) string {
		m := headerRe[k].FindSubmatch(data)
		if m == nil {
			t.Fatalf("corpus header has no %s", k)
		}
		return string(m[1])
	}
	filed := get("filed")
	return edgar.FeedEntry{
		Form: get("form"), Company: get("name"), CIK: spac.CIK(get("cik")), Role: "Filer",
		Accession: get("acc"), FiledAt: filed[:4] + "-" + filed[4:6] + "-" + filed[6:],
	}
}

func archivePath(cik spac.CIK, acc string) string {
	return fmt.Sprintf("/Archives/edgar/data/%s/%s.txt", strings.TrimLeft(string(cik), "0"), acc)
}

// realdataDir is ../shared/realdata from the repository root (this package is two levels down).
func realdataDir() string { return filepath.Join("..", "..", "..", "shared", "realdata") }

// endOfFeedPage is what EDGAR answers past the end of the feed: the recorded real page when
// realdata is present, else a page of the same shape.
func endOfFeedPage(t *testing.T) []byte {
	if data, err := os.ReadFile(filepath.Join(realdataDir(), "atom_feeds", "getcurrent_start5100_nonatom_response.html")); err == nil {
		return data
	}
	return []byte("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>SEC.gov | File Unavailable</title>\n</head>\n<body></body>\n</html>\n")
}
