// Package edgar parses the EDGAR machine formats the pipeline polls: the current-filings
// Atom feed, the daily form/company/master indexes, the submissions JSON and
// company_tickers.json. Parsers take bytes or a reader and never touch the network.
package edgar

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/sgml"
)

// ErrNotAtom is returned when the current-filings URL answered with something other than an
// Atom feed (EDGAR serves an HTML "File Unavailable" page past the end of the feed).
var ErrNotAtom = errors.New("edgar: response is not an Atom feed")

// FeedEntry is one <entry> of browse-edgar?action=getcurrent&output=atom.
type FeedEntry struct {
	Form      string   // "S-1/A"
	Company   string   // "Iris Acquisition Corp II"
	CIK       spac.CIK // "0002077785"
	Role      string   // "Filer", "Issuer", "Reporting", "Subject", ...
	Accession string   // "0001185185-25-002042"
	FiledAt   string   // YYYY-MM-DD
	Size      string   // as displayed: "5 MB"
	Items     []string // 8-K item numbers from the summary ("8.01")
	Link      string   // filing index page
	Updated   string   // RFC 3339 as given
}

// Feed is a parsed current-filings page.
type Feed struct {
	Title   string
	Updated string
	Entries []FeedEntry
}

type atomFeed struct {
	XMLName xml.Name `xml:"feed"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Entries []struct {
		Title string `xml:"title"`
		Link  struct {
			Href string `xml:"href,attr"`
		} `xml:"link"`
		Summary  string `xml:"summary"`
		Updated  string `xml:"updated"`
		Category struct {
			Term string `xml:"term,attr"`
		} `xml:"category"`
		ID string `xml:"id"`
	} `xml:"entry"`
}

var (
	// "S-1/A - Iris Acquisition Corp II (0002077785) (Filer)"
	entryTitleRe = regexp.MustCompile(`^(.+?) - (.*) \((\d{1,10})\) \(([^)]*)\)\s*$`)
	filedRe      = regexp.MustCompile(`Filed:\s*(\d{4}-\d{2}-\d{2})`)
	accNoRe      = regexp.MustCompile(`(\d{10}-\d{2}-\d{6})`)
	sizeRe       = regexp.MustCompile(`Size:\s*([0-9.]+\s*[KMG]?B)`)
	itemRe       = regexp.MustCompile(`Item\s+(\d\.\d{2})`)
)

// ParseFeed parses a current-filings Atom page. It returns ErrNotAtom when the document's
// root element is not an Atom <feed> (e.g. the HTML error page).
func ParseFeed(data []byte) (*Feed, error) {
	var af atomFeed
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	dec.Strict = false
	if err := dec.Decode(&af); err != nil {
		if isHTML(data) {
			return nil, fmt.Errorf("%w: got an HTML page (%s)", ErrNotAtom, htmlTitle(data))
		}
		return nil, fmt.Errorf("%w: %v", ErrNotAtom, err)
	}
	feed := &Feed{Title: strings.TrimSpace(af.Title), Updated: af.Updated}
	for _, e := range af.Entries {
		fe := FeedEntry{Form: e.Category.Term, Link: e.Link.Href, Updated: strings.TrimSpace(e.Updated)}
		if m := entryTitleRe.FindStringSubmatch(strings.TrimSpace(e.Title)); m != nil {
			fe.Form, fe.Company, fe.Role = m[1], m[2], m[4]
			fe.CIK, _ = spac.ParseCIK(m[3])
		}
		summary := stripTags(e.Summary)
		fe.FiledAt = firstGroup(filedRe, summary)
		fe.Accession = firstGroup(accNoRe, summary)
		if fe.Accession == "" {
			fe.Accession = firstGroup(accNoRe, e.ID)
		}
		fe.Size = firstGroup(sizeRe, summary)
		for _, m := range itemRe.FindAllStringSubmatch(summary, -1) {
			if n, ok := sgml.ItemNumber(m[1]); ok {
				fe.Items = append(fe.Items, n)
			}
		}
		feed.Entries = append(feed.Entries, fe)
	}
	return feed, nil
}

func charsetReader(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "iso-8859-1", "latin1", "latin-1":
		return charmap.ISO8859_1.NewDecoder().Reader(in), nil
	case "windows-1252", "cp1252":
		return charmap.Windows1252.NewDecoder().Reader(in), nil
	case "us-ascii", "ascii", "utf-8", "utf8":
		return in, nil
	}
	return nil, fmt.Errorf("unsupported charset %q", label)
}

func firstGroup(re *regexp.Regexp, s string) string {
	if m := re.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

var tagRe = regexp.MustCompile(`<[^>]*>`)

// stripTags turns the escaped-HTML summary into text (the XML decoder already unescaped it once).
func stripTags(s string) string {
	return html.UnescapeString(tagRe.ReplaceAllString(s, " "))
}

func isHTML(data []byte) bool {
	head := strings.ToLower(string(data[:min(len(data), 4096)]))
	return strings.Contains(head, "<html") || strings.Contains(head, "<!doctype html")
}

func htmlTitle(data []byte) string {
	s := string(data)
	i := strings.Index(strings.ToLower(s), "<title>")
	if i < 0 {
		return "no title"
	}
	s = s[i+len("<title>"):]
	if j := strings.Index(strings.ToLower(s), "</title>"); j >= 0 {
		s = s[:j]
	}
	return strings.TrimSpace(s)
}
