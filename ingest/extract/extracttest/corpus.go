package extracttest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/htmltext"
)

// Example is one example of a rules corpus (see rules/testdata/FORMAT.md): a piece of filing
// text in a context, with the facts it states and the fields it must not give.
type Example struct {
	Source   string // file:line of the example
	Form     string
	Items    []string
	Document string   // document type the text sits in (the form, or an exhibit "EX-99.1")
	Company  string   // the filer's name, when the context names one (else the header's default)
	Lines    []string // "> text" and "| cells" lines as written, without the marker
	Rows     map[int][]string
	Want     map[string][]string // field -> values (all of them)
	Absent   []string            // fields that must not be extracted
}

// ReadCorpus parses a corpus file.
func ReadCorpus(path string) ([]Example, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseCorpus(path, f)
}

// ParseCorpus parses a corpus read from r; path names it in the examples' Source.
func ParseCorpus(path string, r io.Reader) ([]Example, error) {
	var out []Example
	ctx := Example{Form: "8-K"}
	var cur *Example
	end := func() {
		if cur != nil && len(cur.Lines) > 0 {
			out = append(out, *cur)
		}
		cur = nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			end()
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "@"):
			end()
			ctx = parseContext(line)
		case strings.HasPrefix(line, ">") || strings.HasPrefix(line, "|"):
			if cur == nil {
				e := ctx
				e.Source, e.Want, e.Rows = fmt.Sprintf("%s:%d", path, n), map[string][]string{}, map[int][]string{}
				cur = &e
			}
			if strings.HasPrefix(line, "|") {
				cur.Rows[len(cur.Lines)] = parseRow(line)
				cur.Lines = append(cur.Lines, htmltext.JoinCells(cur.Rows[len(cur.Lines)]))
			} else {
				cur.Lines = append(cur.Lines, strings.TrimSpace(strings.TrimPrefix(line, ">")))
			}
		default:
			field, value, ok := strings.Cut(line, "=")
			if !ok || cur == nil {
				return nil, fmt.Errorf("%s:%d: expected 'field = value': %q", path, n, line)
			}
			field, value = strings.TrimSpace(field), strings.TrimSpace(value)
			if value == "-" {
				cur.Absent = append(cur.Absent, field)
			} else {
				cur.Want[field] = append(cur.Want[field], value)
			}
		}
	}
	end()
	return out, sc.Err()
}

// parseContext reads "@ FORM | ITEMS | DOCUMENT | COMPANY".
func parseContext(line string) Example {
	parts := strings.Split(strings.TrimSpace(strings.TrimPrefix(line, "@")), "|")
	e := Example{Form: strings.TrimSpace(parts[0])}
	e.Document = e.Form
	if len(parts) > 1 {
		for _, it := range strings.Split(parts[1], ",") {
			if it = strings.TrimSpace(it); it != "" {
				e.Items = append(e.Items, it)
			}
		}
	}
	if len(parts) > 2 && strings.TrimSpace(parts[2]) != "" {
		e.Document = strings.TrimSpace(parts[2])
	}
	if len(parts) > 3 {
		e.Company = strings.TrimSpace(parts[3])
	}
	return e
}

// parseRow splits "| a | b | |" into cells; a trailing "|" closes the row.
func parseRow(line string) []string {
	s := strings.TrimSpace(strings.TrimPrefix(line, "|"))
	s = strings.TrimSuffix(s, "|")
	cells := strings.Split(s, "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

// Filing renders an example as a filing: an SGML header of its form and items, and its text
// in the document it belongs to. Text of an exhibit follows an 8-K whose item incorporates
// the exhibit; text of an 8-K item follows that item's heading.
func (e Example) Filing() *spac.RenderedFiling {
	r := Filing(e.Form, e.Items)
	if e.Company != "" {
		r.Filing.CompanyName = e.Company
		for i, l := range r.Lines {
			if strings.Contains(l, "COMPANY CONFORMED NAME:") {
				r.Lines[i] = "\t\tCOMPANY CONFORMED NAME:\t\t\t" + e.Company
			}
		}
	}
	// The example's text states the facts; the header must not add a jurisdiction of its own.
	r.Lines = slices.DeleteFunc(r.Lines, func(l string) bool { return strings.Contains(l, "STATE OF INCORPORATION:") })
	Reheader(r)
	r.Filing.Documents[0].FirstLine = len(r.Lines)
	exhibit := e.Document != e.Form
	if e.Form == "8-K" && len(e.Items) > 0 {
		r.Lines = append(r.Lines, "Item "+e.Items[0]+" "+itemName(e.Items[0]))
		if exhibit {
			r.Lines = append(r.Lines, "The information set forth in Exhibit "+strings.TrimPrefix(e.Document, "EX-")+" hereto is incorporated herein by reference.")
		}
	}
	if exhibit {
		closeDocument(r)
		r.Lines = append(r.Lines, fmt.Sprintf("<DOCUMENT> TYPE=%s SEQUENCE=2 FILENAME=ex.htm", e.Document))
		r.Filing.Documents = append(r.Filing.Documents, spac.Document{Type: e.Document, Sequence: 2, Filename: "ex.htm", FirstLine: len(r.Lines)})
	}
	first := len(r.Lines) + 1
	r.Lines = append(r.Lines, e.Lines...)
	for i, cells := range e.Rows {
		grid := make([]spac.Cell, len(cells))
		for j, c := range cells {
			grid[j] = spac.Cell{Text: c, Col: j, Span: 1}
		}
		if r.Rows == nil {
			r.Rows = map[int][]spac.Cell{}
		}
		r.Rows[first+i] = grid
	}
	closeDocument(r)
	return r
}

// closeDocument ends the last document of r at its last line.
func closeDocument(r *spac.RenderedFiling) {
	d := &r.Filing.Documents[len(r.Filing.Documents)-1]
	d.LastLine = len(r.Lines)
	r.Filing.LineCount = len(r.Lines)
}

var itemNames = map[string]string{
	"1.01": "Entry into a Material Definitive Agreement.", "1.02": "Termination of a Material Definitive Agreement.",
	"2.01": "Completion of Acquisition or Disposition of Assets.", "3.02": "Unregistered Sales of Equity Securities.",
	"3.03": "Material Modification to Rights of Security Holders.", "5.03": "Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year.",
	"5.07": "Submission of Matters to a Vote of Security Holders.", "7.01": "Regulation FD Disclosure.",
	"8.01": "Other Events.", "9.01": "Financial Statements and Exhibits.",
}

func itemName(it string) string {
	if n, ok := itemNames[it]; ok {
		return n
	}
	return "Other Events."
}
