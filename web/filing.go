package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

// filingWindow is how many canonical lines one filing view shows: the cited line with
// context around it (api.MaxLinesPerCall bounds a read; this stays well inside it).
const filingWindow = 240

// filingView is the filing page: metadata, documents, and a window of canonical lines.
type filingView struct {
	F          spac.Filing
	ArchiveURL string
	From, To   int
	Cited      int
	Quote      string
	QuoteFound bool
	Lines      []lineView
	Earlier    string // link to the previous window, "" at the start
	Later      string
	Documents  []docView
}

type lineView struct {
	N      int
	Doc    *spac.Document // set on the first line of a document: a boundary is drawn above it
	Text   string         // the whole line, or the text before the quote on the cited line
	Quote  string         // the quote, marked
	After  string
	Cited  bool
	Anchor string // "L<n>"
}

type docView struct {
	D    spac.Document
	Href string
}

var filingParams = []api.Param{
	{Name: "line", In: api.InQuery, Type: api.TypeInteger, Description: "the cited line, highlighted"},
	{Name: "quote", In: api.InQuery, Type: api.TypeString, Description: "the quote, marked on the cited line"},
	{Name: "from", In: api.InQuery, Type: api.TypeInteger, Description: "first line shown"},
}

func (e *Explorer) filing(c *gin.Context) {
	f, err := e.d.API.ScopedFiling(c, c.Param("accession"))
	if err == nil {
		err = e.d.API.CheckQuery(c, "", filingParams...)
	}
	if err != nil {
		e.fail(c, err)
		return
	}
	v, err := e.filingWindow(c, f)
	if err != nil {
		e.fail(c, err)
		return
	}
	if e.fresh(c) {
		return
	}
	lines, err := e.d.Filings.Lines(c.Request.Context(), f.Accession, v.From, v.To)
	if err != nil {
		e.fail(c, err)
		return
	}
	v.fill(lines)
	e.render(c, http.StatusOK, "filing", page{Title: f.Form + " " + f.Accession + " · " + f.CompanyName, Body: v})
}

// filingWindow reads line, quote and from: the window starts a little above the cited line
// (so the browser can scroll it into view with context), or at from.
func (e *Explorer) filingWindow(c *gin.Context, f spac.Filing) (*filingView, error) {
	v := &filingView{F: f, ArchiveURL: f.ArchiveURL(), Quote: c.Query("quote")}
	n := max(f.LineCount, 1)
	line, err := lineParam(c, "line", 0, n)
	if err != nil {
		return nil, err
	}
	v.Cited = line
	from, err := lineParam(c, "from", max(line-filingWindow/3, 1), n)
	if err != nil {
		return nil, err
	}
	v.From, v.To = from, min(from+filingWindow-1, f.LineCount)
	keep := url.Values{}
	for _, k := range []string{"line", "quote"} {
		if x := c.Query(k); x != "" {
			keep.Set(k, x)
		}
	}
	if v.From > 1 {
		v.Earlier = windowHref(f.Accession, keep, max(v.From-filingWindow, 1))
	}
	if v.To < f.LineCount {
		v.Later = windowHref(f.Accession, keep, v.To+1)
	}
	for _, d := range f.Documents {
		v.Documents = append(v.Documents, docView{D: d, Href: windowHref(f.Accession, url.Values{}, d.FirstLine)})
	}
	return v, nil
}

// lineParam reads an optional line number within 1..n (0 stays "none" for line).
func lineParam(c *gin.Context, name string, def, n int) (int, error) {
	raw := strings.TrimSpace(c.Query(name))
	if raw == "" {
		return def, nil
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < 1 || v > n {
		return 0, spac.InvalidParam(name, "%s must be a line between 1 and %d", name, n)
	}
	return v, nil
}

func windowHref(acc string, q url.Values, from int) string {
	q = cloneValues(q)
	q.Set("from", strconv.Itoa(from))
	return pathFiling + url.PathEscape(acc) + "?" + q.Encode() + "#L" + strconv.Itoa(from)
}

func cloneValues(q url.Values) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// fill lays the lines out: document boundaries, the cited line, the quote within it.
func (v *filingView) fill(lines []string) {
	starts := map[int]*spac.Document{}
	for i := range v.F.Documents {
		starts[v.F.Documents[i].FirstLine] = &v.F.Documents[i]
	}
	for i, text := range lines {
		n := v.From + i
		lv := lineView{N: n, Doc: starts[n], Text: text, Anchor: "L" + strconv.Itoa(n), Cited: n == v.Cited}
		if lv.Cited && v.Quote != "" {
			if at := strings.Index(text, v.Quote); at >= 0 {
				lv.Text, lv.Quote, lv.After = text[:at], v.Quote, text[at+len(v.Quote):]
				v.QuoteFound = true
			}
		}
		v.Lines = append(v.Lines, lv)
	}
	v.To = v.From + len(lines) - 1
}
