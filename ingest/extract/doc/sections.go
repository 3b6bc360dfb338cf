package doc

import (
	"slices"
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// split cuts one document into sections: an 8-K's primary document by its Item headings and
// signature block, any other primary document by its headings; an exhibit is one section.
func (d *Doc) split(doc spac.Document) []*Section {
	from := doc.FirstLine + 1 // the first line is the document's marker line
	if ex := d.charterExhibit(doc, from); ex != "" {
		doc.Type = ex
		return []*Section{{Kind: Exhibit, Document: doc, From: from, To: doc.LastLine}}
	}
	if doc.Sequence > 1 && strings.HasPrefix(strings.ToUpper(doc.Type), "EX-") {
		return []*Section{{Kind: Exhibit, Document: doc, From: from, To: doc.LastLine}}
	}
	cur := &Section{Kind: Cover, Document: doc, From: from, To: doc.LastLine}
	out := []*Section{cur}
	for n := from; n <= doc.LastLine; n++ {
		next, ok := d.heading(n, cur)
		if !ok {
			continue
		}
		if n == cur.From {
			cur.Kind, cur.Item, cur.Title = next.Kind, next.Item, next.Title
			continue
		}
		cur.To = n - 1
		next.Document, next.From, next.To = doc, n, doc.LastLine
		cur = next
		out = append(out, cur)
	}
	for _, s := range out {
		if s.Kind == Item {
			s.Items = []string{s.Item}
		}
	}
	return out
}

// charterExhibit is the exhibit type ("EX-3.1") of a current report's only document when its
// text opens with an "Exhibit 3.1" heading: a charter or its amendment read apart from the
// report that filed it (a copy of the exhibit alone), which the rules that read charters
// know by its document type. Other exhibits are left to the report's items.
func (d *Doc) charterExhibit(doc spac.Document, from int) string {
	if d.Class != Current || doc.Sequence > 1 || strings.HasPrefix(strings.ToUpper(doc.Type), "EX-") {
		return ""
	}
	for n := from; n <= doc.LastLine && n < from+3; n++ {
		line := strings.TrimSpace(d.R.Line(n))
		if line == "" {
			continue
		}
		if g := charterHeadingRe.FindStringSubmatch(line); g != nil {
			return "EX-" + g[1]
		}
		return ""
	}
	return ""
}

var (
	charterHeadingRe = textutil.MustStarts(`(?i)^exhibit\s+(3\.\d{1,2})\.?$`)
	itemHeadingRe    = textutil.MustStarts(`(?i)^item\s*(\d{1,2}\.\d{2})\b`)
	signaturesRe     = textutil.MustStarts(`(?i)^signatures?:?$`)
	introNoteRe      = textutil.MustStarts(`(?i)^introductory note\b`)
	digitRe          = textutil.MustStarts(`\d`)
)

// heading reports whether line n opens a new section, and which. An 8-K changes section only
// at an Item heading or its signatures (after which come the exhibits); other forms at the
// headings of headingKinds, or at any other all-capitals heading (a part of unknown kind).
func (d *Doc) heading(n int, cur *Section) (*Section, bool) {
	line := strings.TrimSpace(d.R.Line(n))
	if d.Class == Current {
		if m := itemHeadingRe.FindStringSubmatch(line); m != nil && cur.Kind != Exhibit {
			return &Section{Kind: Item, Item: m[1], Title: line}, m[1] != cur.Item
		}
		// The introductory note of a closing 8-K, before Item 1.01, speaks for all its items.
		if introNoteRe.MatchString(line) && cur.Kind == Cover {
			return &Section{Kind: Item, Title: line}, true
		}
		if signaturesRe.MatchString(line) && cur.Kind != Exhibit {
			return &Section{Kind: Exhibit, Title: line}, true
		}
		return nil, false
	}
	row := d.R.Rows[n]
	if cells := Filled(row); len(cells) == 2 && itemNumberRe.MatchString(cells[0].Text) {
		line, row = cells[0].Text+" "+cells[1].Text, nil // "ITEM 1A. | RISK FACTORS"
	}
	if !headingShaped(line, row) {
		return nil, false
	}
	if cur.Kind == Forward && narrativeHeadingRe.MatchString(line) {
		return &Section{Kind: Body, Title: line}, true
	}
	kind, known := headingKind(line)
	if !known && (!allCaps(line) || digitRe.MatchString(line)) {
		return nil, false
	}
	if kind == cur.Kind && kind != Proposal {
		return nil, false
	}
	return &Section{Kind: kind, Title: line}, true
}

// narrativeHeadingRe is a title-case heading that opens the report's own narrative after
// its note on forward-looking statements (an MD&A's "Special Note Regarding Forward-Looking
// Statements" / "Overview"; an item heading): the facts after it are stated, not forecast.
// Any other title-case line leaves the note going on.
var narrativeHeadingRe = textutil.MustStarts(`(?i)^(?:overview|general|introduction|business overview|our business|our company|results of operations|liquidity and capital resources|recent developments|initial public offering|(?:proposed )?business combination|extensions?|trust account|description of organization and business operations|organization and business operations|going concern|item\s*\d{1,2}[a-c]?\.?\s+\S.*)\s*:?$`)

// headingKinds classify headings; the first match wins ("SUMMARY RISK FACTORS" is risk,
// "NOTES TO UNAUDITED PRO FORMA ..." pro forma).
var headingKinds = []struct {
	kind Kind
	re   *textutil.Starts
}{
	{QA, textutil.MustStarts(`(?i)^questions and answers`)},
	{Risk, textutil.MustStarts(`(?i)^(?:item\s*1a\.?\s*)?(?:summary (?:of )?)?risk factors\b`)},
	{Forward, textutil.MustStarts(`(?i)forward[- ]looking statements`)},
	{ProForma, textutil.MustStarts(`(?i)\bpro forma\b`)},
	{MDA, textutil.MustStarts(`(?i)management['’]s discussion and analysis`)},
	{Financials, textutil.MustStarts(`(?i)^(?:item\s*1\.?\s*)?(?:unaudited |audited )?(?:condensed )?(?:consolidated )?(?:financial statements|balance sheets?|statements? of (?:operations|cash flows|changes)|notes to (?:the )?(?:unaudited |audited )?(?:condensed )?(?:consolidated )?financial statements|index to (?:the )?financial statements|report of independent registered)`)},
	{Summary, textutil.MustStarts(`(?i)^(?:prospectus summary|summary(?: of (?:the )?(?:proxy statement|prospectus|terms|material terms|the offering)[\w/ ]*)?|the offering)$`)},
	{Meeting, textutil.MustStarts(`(?i)^(?:notice of (?:the )?)?(?:the )?(?:special|extraordinary general|annual general|annual|extraordinary) meeting\b`)},
	{Proposal, textutil.MustStarts(`(?i)\bproposals?\b`)},
}

func headingKind(line string) (Kind, bool) {
	for _, h := range headingKinds {
		if h.re.MatchString(line) {
			return h.kind, true
		}
	}
	return Body, false
}

var (
	itemNumberRe = textutil.MustStarts(`(?i)^(?:part\s+[iv]+,?\s+)?item\s*\d{1,2}[a-c]?\.?$`)
	numberedRe   = textutil.MustStarts(`(?i)(?:\bno\.|\bproposal|\bitem)\s*\d+[a-z]?\.?$`)
)

// headingShaped reports whether a line can be a heading: short, not ending like a sentence
// or a clause, and not a table-of-contents entry (which ends with a page number).
func headingShaped(line string, row []spac.Cell) bool {
	if len(line) < 4 || len(line) > 150 || strings.ContainsAny(line[len(line)-1:], ".,;") {
		return false
	}
	if len(row) > 1 || pageNumbered(line) && !numberedRe.MatchString(line) {
		return false
	}
	return allCaps(line) || titleCase(line)
}

// pageNumbered reports whether a line ends with a page number after white space: `\s(?:\d{1,3}|
// [ivxl]{1,5}|[A-Z]-\d{1,3})$` (TestPageNumberedIsTheRegexp), read from the end of the line,
// where the regexp tried from every space of it.
func pageNumbered(line string) bool {
	space := func(i int) bool { return i >= 0 && strings.IndexByte("\t\n\f\r ", line[i]) >= 0 }
	n := len(line)
	d := n - len(strings.TrimRight(line, "0123456789"))
	if d >= 1 && d <= 3 {
		k := n - d - 1 // the byte before the digits
		return space(k) || k >= 2 && line[k] == '-' && line[k-1] >= 'A' && line[k-1] <= 'Z' && space(k-2)
	}
	r := n - len(strings.TrimRight(line, "ivxl"))
	return r >= 1 && r <= 5 && space(n-r-1)
}

// allCaps reports whether most letters of a line of two or more words are capitals.
func allCaps(line string) bool {
	upper, letters := 0, 0
	for _, r := range line {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= 6 && upper*10 >= letters*8 && strings.Contains(strings.TrimSpace(line), " ")
}

// titleCase reports whether the words of four or more letters are mostly capitalised.
func titleCase(line string) bool {
	long, capital := 0, 0
	for _, w := range strings.Fields(line) {
		if len(w) < 4 {
			continue
		}
		long++
		if r := []rune(w)[0]; unicode.IsUpper(r) || !unicode.IsLetter(r) {
			capital++
		}
	}
	return long > 0 && capital*10 >= long*7
}

// inheritItems gives exhibit sections the 8-K items they are read as: the items whose text
// refers to the exhibit's number ("Exhibit 99.1"), else every item the filing reports but
// 9.01 (a press release is read like the item that incorporates it).
func (d *Doc) inheritItems() {
	var all []string
	for _, s := range d.Sections {
		if s.Kind == Item && s.Item != "" && s.Item != "9.01" && !slices.Contains(all, s.Item) {
			all = append(all, s.Item)
		}
	}
	for _, it := range d.R.Filing.Items {
		if it != "9.01" && !slices.Contains(all, it) {
			all = append(all, it)
		}
	}
	if d.Class == Current && len(all) == 0 {
		// an 8-K that names no item in its header or its text (an older filing, a copy of the
		// body alone) is read as the report of a business combination, whose parts an
		// introductory note and its body tell without headings: the agreement (1.01), its
		// completion (2.01), the shares issued (3.02), the change in control and of shell status
		// (5.01, 5.06). Items that announce a meeting's result or a liquidation need a heading.
		all = combinationItems
	}
	for _, s := range d.Sections {
		if d.Form == "6-K" {
			s.Items = foreignItems // no Item headings: every part is read as any item's text
			continue
		}
		if d.Class == Current && s.Kind == Item && s.Item == "" {
			s.Items = all // the introductory note
		}
		if d.Class == Current && s.Kind == Cover && !d.hasItemHeadings(s.Document) {
			s.Items = all // an 8-K body without Item headings speaks for the header's items
		}
		if s.Kind != Exhibit || d.Class != Current {
			continue
		}
		s.Items = d.referring(exhibitNumber(s.Document.Type))
		if len(s.Items) == 0 {
			s.Items = all
		}
	}
}

// combinationItems are the items an 8-K without items is read as (see inheritItems).
var combinationItems = []string{"1.01", "2.01", "3.02", "5.01", "5.06"}

// foreignItems are the 8-K items a 6-K is read as. A foreign private issuer furnishes under
// cover of Form 6-K the same press releases, meeting results and notices a domestic issuer files
// under these items of an 8-K, without item headings, so its text is read by the rules of any of
// them (a vote table as under Item 5.07, a release as under Item 8.01).
var foreignItems = []string{"1.01", "1.02", "2.01", "2.03", "3.01", "3.02", "3.03", "5.01", "5.02",
	"5.03", "5.06", "5.07", "7.01", "8.01"}

// hasItemHeadings reports whether a document has any Item section.
func (d *Doc) hasItemHeadings(doc spac.Document) bool {
	for _, s := range d.Sections {
		if s.Kind == Item && s.Document.Sequence == doc.Sequence {
			return true
		}
	}
	return false
}

// exhibitNumber is "99.1" for an EX-99.1 document ("" for the primary document).
func exhibitNumber(docType string) string {
	t := strings.ToUpper(docType)
	if !strings.HasPrefix(t, "EX-") {
		return ""
	}
	return strings.TrimLeft(t[3:], "0")
}

// referring returns the items (but 9.01) whose section text names exhibit number num.
func (d *Doc) referring(num string) []string {
	if num == "" {
		return nil
	}
	var out []string
	for _, s := range d.Sections {
		if s.Kind != Item || s.Item == "9.01" || slices.Contains(out, s.Item) {
			continue
		}
		for n := s.From; n <= s.To; n++ {
			if strings.Contains(d.R.Line(n), num) {
				out = append(out, s.Item)
				break
			}
		}
	}
	return out
}
