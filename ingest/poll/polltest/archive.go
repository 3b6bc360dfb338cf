package polltest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/sgml"
)

// TickersPath is where EDGAR serves company_tickers.json.
const TickersPath = "/files/company_tickers.json"

// Company is what the fake knows of a company beyond its filings: it answers the company's
// submissions JSON (and lists it in company_tickers.json when it has tickers).
type Company struct {
	Name        string // latest conformed name (default: the name of its newest filing)
	SIC         string // "6770" = blank checks
	FormerNames []edgar.FormerName
	Tickers     []string
	Exchanges   []string
}

// SetSIC makes /submissions/CIK<cik>.json answer with that SIC code ("6770" = blank check).
// CIKs the fake knows no company of answer 404.
func (s *Server) SetSIC(cik spac.CIK, sic string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.companyLocked(cik).SIC = sic
}

// SetCompany sets what the submissions JSON and company_tickers.json say of cik.
func (s *Server) SetCompany(cik spac.CIK, c Company) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := c
	s.companies[cik] = &cp
}

// SetRecentLimit sets how many filings the submissions JSON lists in filings.recent (EDGAR:
// 1,000); older ones go to further pages of the same size, named in filings.files.
func (s *Server) SetRecentLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recent = max(1, n)
}

func (s *Server) companyLocked(cik spac.CIK) *Company {
	c := s.companies[cik]
	if c == nil {
		c = &Company{}
		s.companies[cik] = c
	}
	return c
}

// Archive puts a full submission in EDGAR's archive without announcing it on the feed: a
// filing of the past. It is downloadable under the folder of every company of its SGML header,
// listed in their submissions JSON and in the indexes of its filing date. A company new to the
// fake gets the SIC code its header gives (BLANK CHECKS [6770]). It returns the filing's entry
// under its first company.
func (s *Server) Archive(name string, data []byte) edgar.FeedEntry {
	s.t.Helper()
	sub, err := sgml.Parse(data)
	if err != nil || sub.Header.Accession == "" || len(sub.Header.Companies) == 0 {
		s.t.Fatalf("polltest: archive %s: not a full submission with a header (%v)", name, err)
	}
	h := sub.Header
	s.mu.Lock()
	defer s.mu.Unlock()
	var first edgar.FeedEntry
	for i, c := range h.Companies {
		cik, ok := spac.ParseCIK(c.CIK)
		if !ok || slices.ContainsFunc(s.archived[cik], func(e edgar.FeedEntry) bool { return e.Accession == h.Accession }) {
			continue
		}
		e := edgar.FeedEntry{Form: h.Form, Company: c.Name, CIK: cik, Role: roleName(c.Role), Accession: h.Accession,
			FiledAt: h.FiledAsOf, Items: h.Items, Size: strconv.Itoa(len(data))}
		s.archived[cik] = append(s.archived[cik], e)
		s.files[ArchivePath(cik, h.Accession)] = data
		if _, known := s.companies[cik]; !known && c.SIC != "" {
			s.companies[cik] = &Company{SIC: c.SIC}
		}
		if i == 0 {
			first = e
		}
	}
	return first
}

func roleName(r string) string {
	switch r {
	case "SUBJECT COMPANY":
		return "Subject"
	case "FILED BY":
		return "Filed by"
	}
	return "Filer"
}

// listedLocked is every filing listed for cik (archived or published on the feed), newest
// first. s.mu is held.
func (s *Server) listedLocked(cik spac.CIK) []edgar.FeedEntry {
	var out []edgar.FeedEntry
	seen := map[string]bool{}
	for _, e := range append(append([]edgar.FeedEntry(nil), s.feed...), s.archived[cik]...) {
		if e.CIK == cik && !seen[e.Accession] {
			seen[e.Accession] = true
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b edgar.FeedEntry) int {
		if c := strings.Compare(b.FiledAt, a.FiledAt); c != 0 {
			return c
		}
		return strings.Compare(b.Accession, a.Accession)
	})
	return out
}

var submissionsPathRe = regexp.MustCompile(`^/submissions/CIK(\d{10})(?:-submissions-(\d{3}))?\.json$`)

// submissionsAnswerLocked serves CIK##########.json and its older pages
// CIK##########-submissions-NNN.json.
func (s *Server) submissionsAnswerLocked(path string) answer {
	m := submissionsPathRe.FindStringSubmatch(path)
	if m == nil {
		return notFound()
	}
	cik := spac.CIK(m[1])
	c := s.companies[cik]
	if c == nil || c.SIC == "" {
		return notFound()
	}
	pages := chunk(s.listedLocked(cik), s.recent)
	if m[2] == "" {
		return answer{status: http.StatusOK, ctype: "application/json", body: s.submissionsJSONLocked(cik, c, pages)}
	}
	n, _ := strconv.Atoi(m[2])
	if n < 1 || n >= len(pages) {
		return notFound()
	}
	return answer{status: http.StatusOK, ctype: "application/json", body: filingArraysJSON(pages[n])}
}

// chunk splits filings (newest first) into the recent list and older pages; never empty.
func chunk(filings []edgar.FeedEntry, size int) [][]edgar.FeedEntry {
	out := [][]edgar.FeedEntry{nil}
	for i, f := range filings {
		if i > 0 && i%size == 0 {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], f)
	}
	return out
}

// submissionsJSONLocked renders the data.sec.gov document: the same keys, in the same order,
// as realdata/submissions_json/CIK0001847577_LearnCW.json.
func (s *Server) submissionsJSONLocked(cik spac.CIK, c *Company, pages [][]edgar.FeedEntry) []byte {
	name := c.Name
	if name == "" && len(pages[0]) > 0 {
		name = pages[0][0].Company
	}
	var files []edgar.SubmissionsFile
	for i, p := range pages[1:] {
		files = append(files, edgar.SubmissionsFile{Name: fmt.Sprintf("CIK%s-submissions-%03d.json", cik, i+1),
			FilingCount: len(p), FilingFrom: p[len(p)-1].FiledAt, FilingTo: p[0].FiledAt})
	}
	desc := map[string]string{"6770": "Blank Checks"}[c.SIC]
	doc := fmt.Sprintf(`{"cik":%q,"entityType":"operating","sic":%q,"sicDescription":%q,"ownerOrg":"","insiderTransactionForOwnerExists":0,"insiderTransactionForIssuerExists":1,"name":%q,"tickers":%s,"exchanges":%s,"ein":"000000000","lei":null,"description":"","website":"","investorWebsite":"","category":"","fiscalYearEnd":"1231","stateOfIncorporation":"E9","stateOfIncorporationDescription":"Cayman Islands","addresses":{},"phone":"","flags":"","formerNames":%s,"filings":{"recent":%s,"files":%s}}`,
		string(cik), c.SIC, desc, name, jsonList(c.Tickers), jsonList(c.Exchanges),
		jsonList(c.FormerNames), filingArraysJSON(pages[0]), jsonList(files))
	return []byte(doc)
}

// jsonList marshals a slice, nil as [].
func jsonList[T any](v []T) string {
	if v == nil {
		v = []T{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// filingArraysJSON renders filings as EDGAR's parallel arrays (filings.recent, older pages).
func filingArraysJSON(filings []edgar.FeedEntry) []byte {
	keys := []string{"accessionNumber", "filingDate", "reportDate", "acceptanceDateTime", "act", "form",
		"fileNumber", "filmNumber", "items", "core_type", "size", "isXBRL", "isInlineXBRL",
		"isXBRLNumeric", "primaryDocument", "primaryDocDescription"}
	cols := map[string][]any{}
	for _, e := range filings {
		accepted := e.Updated
		if accepted == "" {
			accepted = e.FiledAt + "T16:05:00.000Z"
		}
		vals := []any{e.Accession, e.FiledAt, "", accepted, "33", e.Form, "", "", strings.Join(e.Items, ","),
			e.Form, 84000, 0, 0, nil, "primary.htm", e.Form}
		for i, k := range keys {
			cols[k] = append(cols[k], vals[i])
		}
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%s", k, jsonList(cols[k]))
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// tickersJSONLocked renders company_tickers.json ({"0":{"cik_str":..,"ticker":..,"title":..}})
// for the companies with tickers, by CIK.
func (s *Server) tickersJSONLocked() []byte {
	ciks := make([]spac.CIK, 0, len(s.companies))
	for cik, c := range s.companies {
		if len(c.Tickers) > 0 {
			ciks = append(ciks, cik)
		}
	}
	slices.Sort(ciks)
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	for _, cik := range ciks {
		c := s.companies[cik]
		title := c.Name
		if l := s.listedLocked(cik); title == "" && len(l) > 0 {
			title = l[0].Company
		}
		num, _ := strconv.ParseInt(string(cik), 10, 64)
		for _, tk := range c.Tickers {
			if n > 0 {
				b.WriteByte(',')
			}
			t, _ := json.Marshal(title)
			fmt.Fprintf(&b, `"%d":{"cik_str":%d,"ticker":%q,"title":%s}`, n, num, tk, t)
			n++
		}
	}
	b.WriteByte('}')
	return []byte(b.String())
}
