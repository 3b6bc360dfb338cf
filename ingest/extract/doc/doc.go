// Package doc is the document model the extraction rules read: a rendered filing split into
// sections (8-K items, exhibits, the headed parts of prospectuses, proxies and reports), the
// sections' prose split into sentences that may span rendered lines, and the table rows as
// grids. Every piece keeps its way back to canonical lines, so a value found anywhere can be
// cited on the line that holds it.
package doc

import (
	"strings"

	"github.com/spacdata/spac"
)

// Class is the family of a filing's form, the first thing a rule is scoped by.
type Class string

const (
	Prospectus    Class = "prospectus"    // S-1, F-1, 424B4 (and 424B1/424B3 IPO prospectuses)
	Current       Class = "current"       // 8-K, and a foreign private issuer's 6-K
	Periodic      Class = "periodic"      // 10-Q, 10-K
	Proxy         Class = "proxy"         // PRE/DEF 14A and the other 14A forms
	MergerProxy   Class = "merger"        // S-4, F-4, DEFM14A, PREM14A, 424B3 merger prospectus
	Communication Class = "communication" // 425: press releases, letters, transcripts
	Delisting     Class = "delisting"     // 25, 25-NSE, 15-12G/B, 15-15D, RW
	Other         Class = "other"
)

// Kind says what part of a document a section is.
type Kind string

const (
	Cover      Kind = "cover"      // before the first heading (8-K cover page, prospectus cover)
	Item       Kind = "item"       // an 8-K item (Section.Item names it)
	Exhibit    Kind = "exhibit"    // an exhibit document, or what follows an 8-K's signatures
	Summary    Kind = "summary"    // prospectus or proxy summary, "The Offering"
	QA         Kind = "qa"         // questions and answers
	Risk       Kind = "risk"       // risk factors
	Forward    Kind = "forward"    // forward-looking statements
	Meeting    Kind = "meeting"    // notice and description of a shareholder meeting
	Proposal   Kind = "proposal"   // one proposal of a proxy (Section.Title names it)
	Financials Kind = "financials" // balance sheets, statements and their notes
	MDA        Kind = "mdna"       // management's discussion and analysis
	ProForma   Kind = "proforma"   // pro forma financial information
	Body       Kind = "body"       // any other headed part
)

// Section is a run of canonical lines of one document.
type Section struct {
	Kind     Kind
	Item     string   // the 8-K item of an Item section ("5.07")
	Items    []string // the 8-K items the section is read as (an exhibit: those that incorporate it)
	Title    string   // the heading line that opened the section, if any
	Document spac.Document
	From, To int // canonical lines, inclusive
}

// HasItem reports whether the section is read as 8-K item it.
func (s *Section) HasItem(it string) bool {
	for _, x := range s.Items {
		if x == it {
			return true
		}
	}
	return false
}

// Doc is a rendered filing with its sections and sentences.
type Doc struct {
	R         *spac.RenderedFiling
	Form      string // base form ("S-1" for "S-1/A", "10-Q" for "10-QSB"; see BaseForm)
	Class     Class
	Sections  []*Section
	Sentences []*Sentence
	defined   map[string]DefinedName // the short names it defines (DefinedNames), built on first use
}

// Build splits a rendered filing into sections and sentences.
func Build(r *spac.RenderedFiling) *Doc {
	d := &Doc{R: r, Form: BaseForm(r.Filing.Form)}
	d.Class = classify(r)
	for _, doc := range r.Filing.Documents {
		if doc.Binary || doc.FirstLine < 1 || doc.LastLine <= doc.FirstLine {
			continue
		}
		d.Sections = append(d.Sections, d.split(doc)...)
	}
	if len(r.Filing.Documents) == 0 && len(r.Lines) > 0 {
		// A bare body without a document list: everything after the header is one document.
		body := spac.Document{Type: r.Filing.Form, Sequence: 1, FirstLine: headerEnd(r.Lines), LastLine: len(r.Lines)}
		d.Sections = d.split(body)
	}
	d.inheritItems()
	d.readMeetingReports()
	for _, s := range d.Sections {
		d.Sentences = append(d.Sentences, sentences(r, s)...)
	}
	return d
}

// Row returns the grid of canonical line n, or nil when the line is not a table row.
func (d *Doc) Row(n int) []spac.Cell { return d.R.Rows[n] }

// Line returns canonical line n.
func (d *Doc) Line(n int) string { return d.R.Line(n) }

// SectionAt returns the section holding canonical line n.
func (d *Doc) SectionAt(n int) *Section {
	for _, s := range d.Sections {
		if n >= s.From && n <= s.To {
			return s
		}
	}
	return nil
}

// headerEnd is the last line of the SGML header (0 when there is none).
func headerEnd(lines []string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, "</SEC-HEADER>") {
			return i + 1
		}
		if strings.HasPrefix(l, "<DOCUMENT>") {
			return i
		}
	}
	return 0
}

var classes = map[string]Class{
	"S-1": Prospectus, "F-1": Prospectus, "424B4": Prospectus, "424B1": Prospectus,
	"8-K": Current, "6-K": Current, "10-Q": Periodic, "10-K": Periodic, "10-KT": Periodic,
	"PRE 14A": Proxy, "DEF 14A": Proxy, "DEFA14A": Proxy, "DEFR14A": Proxy, "PRER14A": Proxy,
	"S-4": MergerProxy, "F-4": MergerProxy, "DEFM14A": MergerProxy, "PREM14A": MergerProxy,
	"424B3": MergerProxy, "425": Communication,
	"25": Delisting, "25-NSE": Delisting, "15-12G": Delisting, "15-12B": Delisting,
	"15-15D": Delisting, "RW": Delisting,
}

// BaseForm is the form a filing is read as (spac.Filing.BaseForm: without its amendment
// suffix, a small business report as the report it stands for).
func BaseForm(form string) string { return spac.Filing{Form: form}.BaseForm() }

// ClassOf returns the class of a base form.
func ClassOf(form string) Class {
	if c, ok := classes[form]; ok {
		return c
	}
	return Other
}

// classify returns the class of a filing. A 424B3 (or 424B1) is a merger prospectus unless it
// reads as an IPO prospectus: a blank check company offering units, with no meeting to vote on
// a business combination.
func classify(r *spac.RenderedFiling) Class {
	form := BaseForm(r.Filing.Form)
	if form != "424B3" && form != "424B1" {
		return ClassOf(form)
	}
	ipo, merger := false, false
	for _, l := range r.Lines[:min(len(r.Lines), 2000)] {
		low := strings.ToLower(l)
		ipo = ipo || strings.Contains(low, "initial public offering of our securities") ||
			strings.Contains(low, "blank check company") && strings.Contains(low, "units")
		merger = merger || strings.Contains(low, "business combination proposal") ||
			strings.Contains(low, "proxy statement/prospectus")
	}
	if ipo && !merger {
		return Prospectus
	}
	return MergerProxy
}
