package polltest

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
)

// feedAnswerLocked answers the current-filings feed: a page of entries, or EDGAR's HTML page
// past the end.
func (s *Server) feedAnswerLocked(r *http.Request) answer {
	q := r.URL.Query()
	if q.Get("action") != "getcurrent" || q.Get("output") != "atom" {
		return answer{status: http.StatusBadRequest, ctype: "text/plain", body: []byte("bad feed query\n")}
	}
	start, _ := strconv.Atoi(q.Get("start"))
	count, _ := strconv.Atoi(q.Get("count"))
	var entries []edgar.FeedEntry
	for _, e := range s.feed {
		if typ := q.Get("type"); typ == "" || strings.EqualFold(typ, e.Form) {
			entries = append(entries, e)
		}
	}
	if start > 0 && start >= len(entries) {
		return answer{status: http.StatusOK, ctype: "text/html", body: EndOfFeedPage()}
	}
	entries = entries[min(start, len(entries)):min(start+count, len(entries))]
	return answer{status: http.StatusOK, ctype: "application/atom+xml", body: []byte(RenderFeed(s.clock, entries))}
}

// RenderFeed writes an Atom page line for line as EDGAR does.
func RenderFeed(updated time.Time, entries []edgar.FeedEntry) string {
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
		b.WriteString(RenderEntry(e))
	}
	b.WriteString("</feed>\n")
	return b.String()
}

var itemNames = map[string]string{
	"1.01": "Entry into a Material Definitive Agreement", "2.01": "Completion of Acquisition or Disposition of Assets",
	"5.07": "Submission of Matters to a Vote of Security Holders", "8.01": "Other Events",
	"9.01": "Financial Statements and Exhibits",
}

// RenderEntry writes one <entry> exactly as the real feed does.
func RenderEntry(e edgar.FeedEntry) string {
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

// HeaderEntry builds the feed entry (role Filer) of a full submission from its SGML header.
func HeaderEntry(data []byte) (edgar.FeedEntry, error) {
	got := map[string]string{}
	for k, re := range headerRe {
		m := re.FindSubmatch(data)
		if m == nil {
			return edgar.FeedEntry{}, fmt.Errorf("SGML header has no %s line", k)
		}
		got[k] = string(m[1])
	}
	filed := got["filed"]
	return edgar.FeedEntry{
		Form: got["form"], Company: got["name"], CIK: spac.CIK(got["cik"]), Role: "Filer",
		Accession: got["acc"], FiledAt: filed[:4] + "-" + filed[4:6] + "-" + filed[6:],
	}, nil
}

// ArchivePath is where EDGAR serves a full submission: /Archives/edgar/data/<cik>/<acc>.txt.
func ArchivePath(cik spac.CIK, accession string) string {
	return fmt.Sprintf("/Archives/edgar/data/%s/%s.txt", strings.TrimLeft(string(cik), "0"), accession)
}

// RealdataDir is shared/realdata beside the repository root or beside one of its parents: a
// clean clone at X/spac finds X/shared/realdata, a git worktree at X/wt/i13 finds it too. It
// walks up from the working directory (tests run in their package's directory) to go.mod,
// then on up. "" when absent.
func RealdataDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for ; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
	for {
		rd := filepath.Join(filepath.Dir(dir), "shared", "realdata")
		if st, err := os.Stat(rd); err == nil && st.IsDir() {
			return rd
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
		dir = filepath.Dir(dir)
	}
}

// EndOfFeedPage is what EDGAR answers past the end of the feed: the recorded real page when
// realdata is present, else a page of the same shape.
func EndOfFeedPage() []byte {
	if rd := RealdataDir(); rd != "" {
		if data, err := os.ReadFile(filepath.Join(rd, "atom_feeds", "getcurrent_start5100_nonatom_response.html")); err == nil {
			return data
		}
	}
	return []byte("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>SEC.gov | File Unavailable</title>\n</head>\n<body></body>\n</html>\n")
}
