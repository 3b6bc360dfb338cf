package export

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spacdata/spac"
)

// Links makes the URL of a cited filing line: the explorer's filing page scrolled to the line,
// which a spreadsheet's link opens in a browser (the JSON lines endpoint would ask for a
// key). Base is the server's origin ("https://api.example.com"); empty gives root-relative
// URLs.
type Links struct{ Base string }

// Line is the URL of line n of the filing acc: .../filings/ACC?line=N#LN.
func (l Links) Line(acc string, n int) string {
	ln := strconv.Itoa(n)
	return l.Base + "/filings/" + acc + "?line=" + ln + "#L" + ln
}

// CIK is a CIK as a CSV cell: "CIK0001234567", the SEC's own spelling (EDGAR names files so).
// A bare "0001234567" is a number to Excel and to Google Sheets' IMPORTDATA, which drop its
// leading zeros; a formula such as ="0001234567" is Excel's alone (Sheets' IMPORTDATA shows it
// as text with its quotes). The API takes the prefixed form wherever it takes a CIK.
func CIK(c spac.CIK) string {
	if c == "" {
		return ""
	}
	return "CIK" + string(c)
}

// Sources are the line URLs behind citations, space-separated, in order and without repeats:
// a stated value's own line; a derived value's inputs' lines (recursively). A market quote
// (basis quoted) is on no filing line and adds nothing; the NDJSON export carries its full
// citation.
func (l Links) Sources(cs []spac.Citation) string {
	var urls []string
	var walk func(cs []spac.Citation, depth int)
	walk = func(cs []spac.Citation, depth int) {
		for _, c := range cs {
			if c.Accession != "" && c.Line > 0 && c.Source == "" {
				if u := l.Line(c.Accession, c.Line); !slices.Contains(urls, u) {
					urls = append(urls, u)
				}
			}
			if depth < 8 { // derivations are a few levels deep; a cycle would not be
				walk(c.Inputs, depth+1)
			}
		}
	}
	walk(cs, 0)
	return strings.Join(urls, " ")
}

// column is one data column of a table: its header and how a row fills it.
type column[T any] struct {
	name  string
	field string // the row field (fields= name) it belongs to
	value func(T) string
}

// Table is the CSV layout of one kind of row: the data columns, then (with citations) one
// source column per cited data column.
type Table[T any] struct {
	data    []column[T]
	sources []column[T] // nil without citations
}

// Columns is the header row.
func (t Table[T]) Columns() []string {
	out := make([]string, 0, len(t.data)+len(t.sources))
	for _, c := range append(slices.Clone(t.data), t.sources...) {
		out = append(out, c.name)
	}
	return out
}

// Record is one row's cells, in the order of Columns.
func (t Table[T]) Record(row T) []string {
	out := make([]string, 0, len(t.data)+len(t.sources))
	for _, c := range t.data {
		out = append(out, c.value(row))
	}
	for _, c := range t.sources {
		out = append(out, c.value(row))
	}
	return out
}

// instant writes a time as ISO 8601 in UTC ("2026-05-01T14:30:00Z"); zero is empty.
func instant(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Calendar is the CSV of calendar events; citations adds their source lines in a citations
// column.
func Calendar(l Links, citations bool) Table[spac.Event] {
	t := Table[spac.Event]{data: []column[spac.Event]{
		{name: "id", value: func(e spac.Event) string { return e.ID }},
		{name: "type", value: func(e spac.Event) string { return string(e.Type) }},
		{name: "date", value: func(e spac.Event) string { return e.Date }},
		{name: "end_date", value: func(e spac.Event) string { return e.EndDate }},
		{name: "period", value: func(e spac.Event) string { return e.Period }},
		{name: "cik", value: func(e spac.Event) string { return CIK(e.CIK) }},
		{name: "symbol", value: func(e spac.Event) string { return e.Symbol }},
		{name: "name", value: func(e spac.Event) string { return e.Name }},
		{name: "title", value: func(e spac.Event) string { return e.Title }},
	}}
	if citations {
		t.sources = []column[spac.Event]{{name: "citations", value: func(e spac.Event) string { return l.Sources(e.Citations) }}}
	}
	return t
}

// Alerts is the CSV of fired alerts. detail is written "key=value" pairs by key, "; "
// separated.
func Alerts(l Links, citations bool) Table[spac.Alert] {
	t := Table[spac.Alert]{data: []column[spac.Alert]{
		{name: "id", value: func(a spac.Alert) string { return a.ID }},
		{name: "seq", value: func(a spac.Alert) string { return strconv.FormatUint(a.Seq, 10) }},
		{name: "kind", value: func(a spac.Alert) string { return string(a.Kind) }},
		{name: "severity", value: func(a spac.Alert) string { return a.Severity }},
		{name: "symbol", value: func(a spac.Alert) string { return a.Symbol }},
		{name: "cik", value: func(a spac.Alert) string { return CIK(a.CIK) }},
		{name: "occurredAt", value: func(a spac.Alert) string { return a.OccurredAt }},
		{name: "firedAt", value: func(a spac.Alert) string { return instant(a.FiredAt) }},
		{name: "historical", value: func(a spac.Alert) string { return strconv.FormatBool(a.Historical) }},
		{name: "title", value: func(a spac.Alert) string { return a.Title }},
		{name: "detail", value: func(a spac.Alert) string { return pairs(a.Detail) }},
		{name: "sourceAccession", value: func(a spac.Alert) string { return a.SourceAccession }},
	}}
	if citations {
		t.sources = []column[spac.Alert]{{name: "citations", value: func(a spac.Alert) string { return l.Sources(a.Citations) }}}
	}
	return t
}

// pairs writes a map as "k=v; k=v" by key.
func pairs(m map[string]string) string {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + "=" + m[k]
	}
	return strings.Join(out, "; ")
}

// News is the CSV of articles; ciks and symbols are space-separated.
func News(l Links, citations bool) Table[spac.Article] {
	t := Table[spac.Article]{data: []column[spac.Article]{
		{name: "id", value: func(a spac.Article) string { return a.ID }},
		{name: "seq", value: func(a spac.Article) string { return strconv.FormatUint(a.Seq, 10) }},
		{name: "publishedAt", value: func(a spac.Article) string { return instant(a.PublishedAt) }},
		{name: "source", value: func(a spac.Article) string { return a.Source }},
		{name: "title", value: func(a spac.Article) string { return a.Title }},
		{name: "url", value: func(a spac.Article) string { return a.URL }},
		{name: "summary", value: func(a spac.Article) string { return a.Summary }},
		{name: "ciks", value: func(a spac.Article) string { return ciks(a.CIKs) }},
		{name: "symbols", value: func(a spac.Article) string { return strings.Join(a.Symbols, " ") }},
	}}
	if citations {
		t.sources = []column[spac.Article]{{name: "citations", value: func(a spac.Article) string { return l.Sources(a.Citations) }}}
	}
	return t
}

func ciks(cs []spac.CIK) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = CIK(c)
	}
	return strings.Join(out, " ")
}
