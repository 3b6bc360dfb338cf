package extract

import (
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The temporary-equity row: the balance sheet states the shares subject to possible
// redemption and their redemption value per share in the row's label ("Class A ordinary
// shares subject to possible redemption, 25,669,707 and 28,025,733 shares at March 31, 2021
// and December 31, 2020 (at $10.00 per share), respectively"); the first figure of each pair
// is the current period's. Text renderings wrap the label over lines before the figures.
var (
	captionRe = textutil.MustStarts(`(?i)^(?:redeemable )?(?:shares of )?(?:(?:class|series) [a-z] )?(?:common stock|ordinary shares|common shares|public shares)\b`)
	classBRe  = textutil.MustStarts(`(?i)^class b\b`)
	// Reports before about 2010 call the same shares "subject to possible conversion" (the
	// holders' right to convert them into a share of the trust).
	subjectRe = textutil.MustStarts(`(?i)subject to (?:possible )?(?:redemption|conversion)`)
	// The permanent-equity row names the count subject to redemption as a part it leaves out
	// ("excluding") or, in 2005-2008 balance sheets, as a part it holds ("which includes the
	// N shares"); its other counts (authorized, issued) are never that count.
	permanentRe = textutil.MustStarts(`(?i)\b(?:excluding|after deducting|includ(?:es|ing))\b`)
	// excludingRe is the permanent-equity row's "(excluding 41,400,000 shares subject to
	// possible redemption)" or "(which includes the 913,402 shares subject to ...)".
	excludingRe = textutil.MustStarts(`(?i)\b(?:excluding|after deducting|includ(?:es|ing)(?: the)?)\s+⟦(?:count|shares) (\d+)⟧(?:,?\s+and\s+(?:⟦(?:count|shares) \d+⟧|no|none|0)(?:\s+shares)?)?,?(?:\s+respectively,?)?\s+(?:(?:class [a-z] )?(?:ordinary shares|common stock|shares)\s+)?subject to (?:possible )?(?:redemption|conversion)`)
	perShareRe  = textutil.MustStarts(`⟦money (\d+)⟧(?:,? (?:and|or) ⟦money \d+⟧)*,? per (?:share|ordinary share|public share)\b`)
	// A quantity of shares authorized is not the count subject to redemption; nor is the
	// second figure of a pair whose first is nil ("0 and 23,000,000 shares").
	authorizedRe = textutil.MustStarts(`^\s*(?:[\w ]{0,30}\s)?authori[sz]ed`)
	nilFirstRe   = textutil.MustStarts(`(?i)(?:\b0|\bno|\bnone|\bnil|[—–-])(?:\s+shares)?\s+and\s+$`)
	// A restatement table's row of the share count ("... subject to possible redemption
	// (shares)"), read in its "As Restated" column.
	restatedRowRe = textutil.MustStarts(`(?i)subject to (?:possible )?redemption\s*\(?(?:in |number of )?shares\)?$`)
	restatedColRe = textutil.MustStarts(`(?i)^as restated$`)
	// A roll-forward row ("... subject to possible redemption, September 30, 2023") read in
	// its "Shares" column.
	rollRowRe    = textutil.MustStarts(`^[,\s]*(?:(?i:at|as of|balance,?)\s+|[—–-]\s*)?⟦date \d+⟧$`)
	sharesColRe  = textutil.MustStarts(`(?i)^(?:number of )?shares$`)
	sentenceInRe = textutil.MustStarts(`\.\s+[A-Z]`)
	continuedRe  = textutil.MustStarts(`^(?:[a-z(\d$]|(?i:` + monthName + `)\s+\d)`)
	figureCellRe = textutil.MustStarts(`^(?:\$\s?)?(?:\(?\d{1,3}(?:,\d{3})*\)?|[—–-]|\$)$`)
)

// maxLabelLines bounds a wrapped label.
const maxLabelLines = 4

// tempFinding is a value the temporary-equity reader found, kept until the current period is
// known.
type tempFinding struct {
	rule, field, value, quote, period string
	line, priority                    int
}

// tempEquity reads the temporary-equity rows of a 10-Q/10-K: the balance sheet's label (count
// and redemption value per share), else the permanent-equity row's "(excluding N shares
// subject to possible redemption)", the "As Restated" column of a restatement of the current
// balance sheet, or the closing row of a roll-forward with a "Shares" column. Only the
// current period's values are kept: the report's period, else the balance sheet's (the
// trust row's heading), else the latest date the rows name.
func (x *reader) tempEquity(balanceSheet string) {
	var found []tempFinding
	for _, s := range x.d.Sections {
		if s.Kind == doc.Risk || s.Kind == doc.Forward || s.Kind == doc.ProForma {
			continue
		}
		for n := s.From; n <= s.To; n++ {
			if low := strings.ToLower(x.d.Line(n)); !strings.Contains(low, "stock") && !strings.Contains(low, "shares") {
				continue
			}
			if r, ok := x.tempEquityRow(n, s.To); ok {
				found = append(found, x.tempRow(r)...)
			}
		}
	}
	report := x.reportPeriod()
	current := report
	if current == "" {
		current = balanceSheet
	}
	if current == "" {
		for _, f := range found {
			current = max(current, f.period)
		}
	}
	best := map[string]tempFinding{}
	for _, f := range found {
		if f.period == "" {
			f.period = current
		}
		if f.period != current || f.rule == "table.restated_shares_subject_to_redemption" && f.period != report {
			continue
		}
		if b, ok := best[f.field]; !ok || f.priority > b.priority || f.priority == b.priority && f.line < b.line {
			best[f.field] = f
		}
	}
	for _, field := range []string{spac.FieldSharesSubjectToRed, spac.FieldRedemptionValuePS} {
		if f, ok := best[field]; ok {
			x.add(f.rule, f.priority, f.field, f.value, f.line, f.quote, f.period)
		}
	}
}

// tempEquityRow reads the row of a class of stock whose label is on line n, wrapped over
// lines, set one cell per line or broken into pieces (see brokenLabelRow); a label broken
// before line n ("Common" / "stock, subject to ...") is read from its first piece.
func (x *reader) tempEquityRow(n, to int) (tableRow, bool) {
	if head, _, _ := x.rowParts(n); captionRe.MatchString(head) && !classBRe.MatchString(head) {
		if r, ok := x.wrappedRow(n, to); ok {
			return r, true
		}
		if r, ok := x.stackedTableRow(n); ok {
			return r, true
		}
		return x.brokenLabelRow(n)
	}
	if h := x.labelHead(n); h != n {
		if r, ok := x.brokenLabelRow(h); ok && captionRe.MatchString(r.label) && !classBRe.MatchString(r.label) {
			return r, true
		}
	}
	return tableRow{}, false
}

// labelPart says that row.label from byte off on is line's text from byte at on.
type labelPart struct{ off, line, at int }

// tableRow is a row whose label may be wrapped over several lines: the label joined with
// spaces, and the figure cells of the line that ends it.
type tableRow struct {
	label   string
	parts   []labelPart
	last    int         // the line that holds the figures
	figures []spac.Cell // the filled cells after the label on the last line
}

// rowParts splits line n into its label (and where it starts on the line) and its figures.
func (x *reader) rowParts(n int) (label string, at int, figures []spac.Cell) {
	line := x.d.Line(n)
	cells := doc.Filled(x.d.Cells(n))
	if len(cells) == 0 {
		cells = plainRow(line)
	}
	if len(cells) == 0 {
		label = strings.TrimSpace(line)
		return label, strings.Index(line, label), nil
	}
	if figureCellRe.MatchString(cells[0].Text) {
		return "", 0, nil
	}
	for _, c := range cells[1:] {
		if figureCellRe.MatchString(c.Text) {
			figures = append(figures, c)
		}
	}
	return cells[0].Text, strings.Index(line, cells[0].Text), figures
}

// wrappedRow reads the row whose label starts on line n: the label goes on over lines that
// continue it (starting in lower case, with a figure or a date's day) up to the line that
// ends with the figures.
func (x *reader) wrappedRow(n, to int) (tableRow, bool) {
	var r tableRow
	for k := n; k <= min(n+maxLabelLines-1, to); k++ {
		text, at, figures := x.rowParts(k)
		if text == "" || at < 0 || k > n && !continuedRe.MatchString(text) {
			return r, false
		}
		if k > n {
			r.label += " "
		}
		r.parts = append(r.parts, labelPart{off: len(r.label), line: k, at: at})
		r.label += text
		if len(figures) > 0 {
			r.last, r.figures = k, figures
			return r, !sentenceInRe.MatchString(r.label)
		}
	}
	return r, false
}

// stackedTableRow is the row of a table set one cell per line whose label is line n (see
// stackedRow), as a tableRow.
func (x *reader) stackedTableRow(n int) (tableRow, bool) {
	cells, at := x.stackedRow(n)
	if at == n {
		return tableRow{}, false
	}
	line := x.d.Line(n)
	label := cells[0].Text
	r := tableRow{label: label, last: at, figures: []spac.Cell{cells[1]}}
	r.parts = []labelPart{{off: 0, line: n, at: strings.Index(line, label)}}
	return r, r.parts[0].at >= 0 && !sentenceInRe.MatchString(label)
}

// cite returns the line and quote of label[a:b].
func (r tableRow) cite(x *reader, a, b int) (int, string) {
	for i := len(r.parts) - 1; i >= 0; i-- {
		p := r.parts[i]
		if a >= p.off {
			line := x.d.Line(p.line)
			from := p.at + a - p.off
			to := min(from+b-a, len(line))
			if from > to {
				return 0, ""
			}
			return p.line, line[from:to]
		}
	}
	return 0, ""
}

// tempRow reads one row that opens with a class of stock and speaks of shares subject to
// redemption.
func (x *reader) tempRow(r tableRow) []tempFinding {
	subj := subjectRe.FindStringIndex(r.label)
	if subj == nil {
		return nil
	}
	m := entity.Mask(r.label)
	// The row's period: the first date of its label, else its table's heading (a restated
	// balance sheet of an earlier date is then not the current one).
	period := ""
	for _, e := range m.Entities {
		if e.Kind == entity.Date {
			period = e.Value
			break
		}
	}
	labelDate := period != ""
	if !labelDate {
		period = x.periodAbove(r.parts[0].line)
	}
	hit := func(rule string, priority int, field, value string, e entity.Entity) []tempFinding {
		line, quote := r.cite(x, e.CoreStart, e.CoreEnd)
		if line == 0 || value == "" {
			return nil
		}
		return []tempFinding{{rule: rule, field: field, value: value, quote: quote, period: period, line: line, priority: priority}}
	}
	if permanentRe.MatchString(r.label[:subj[0]]) {
		if g := excludingRe.FindStringSubmatch(m.Text); g != nil {
			e := m.Entities[atoi(g[1])]
			return hit("table.excluding_shares_subject_to_redemption", priorityTable-5, spac.FieldSharesSubjectToRed, count(e), e)
		}
		return nil
	}
	var out []tempFinding
	if e, ok := firstCount(r.label, m); ok {
		out = append(out, hit("table.shares_subject_to_redemption", priorityTable, spac.FieldSharesSubjectToRed, count(e), e)...)
		if g := perShareRe.FindStringSubmatch(m.Text); g != nil {
			e := m.Entities[atoi(g[1])]
			if v, _ := e.Num.Float64(); v >= 1 && v <= 100 {
				out = append(out, hit("table.redemption_value_per_share", priorityTable, spac.FieldRedemptionValuePS, e.Num.FloatString(4), e)...)
			}
		}
		return out
	}
	tail := m.Text[subjectRe.FindStringIndex(m.Text)[1]:]
	switch {
	case restatedRowRe.MatchString(r.label):
		period = x.periodAbove(r.last)
		return x.columnFinding(r, restatedColRe, "table.restated_shares_subject_to_redemption", priorityTable-2, period)
	case rollRowRe.MatchString(tail) && labelDate:
		return x.columnFinding(r, sharesColRe, "table.rollforward_shares_subject_to_redemption", priorityTable-3, period)
	}
	return nil
}

// firstCount is the first quantity of shares in a label that is not a number authorized, not
// of Class B and not the second of a pair whose first is nil.
func firstCount(label string, m *entity.Masked) (entity.Entity, bool) {
	for _, e := range m.Entities {
		if e.Kind != entity.Count && e.Kind != entity.Shares || e.Class == "B" || !e.Num.IsInt() {
			continue
		}
		if authorizedRe.MatchString(label[e.End:]) {
			continue
		}
		if nilFirstRe.MatchString(label[:e.Start]) {
			return entity.Entity{}, false
		}
		return e, true
	}
	return entity.Entity{}, false
}

// columnFinding reads the count of row r in the column whose heading (a row above, within
// the table) matches col.
func (x *reader) columnFinding(r tableRow, col *textutil.Starts, rule string, priority int, period string) []tempFinding {
	row := x.d.Cells(r.last)
	if row == nil || period == "" {
		return nil
	}
	for k := r.last - 1; k >= max(1, r.last-12); k-- {
		header := doc.Filled(x.d.Cells(k))
		for i, h := range header {
			if !col.MatchString(strings.TrimSpace(h.Text)) {
				continue
			}
			j := doc.Align(header, row)[i]
			if j < 0 {
				return nil
			}
			m := moneyCellRe.FindStringSubmatch(row[j].Text)
			if m == nil || strings.Contains(row[j].Text, "$") {
				return nil
			}
			v := strings.ReplaceAll(m[1], ",", "")
			return []tempFinding{{rule: rule, field: spac.FieldSharesSubjectToRed, value: v, quote: m[1], period: period, line: r.last, priority: priority}}
		}
	}
	return nil
}

func count(e entity.Entity) string {
	if e.Num == nil || !e.Num.IsInt() {
		return ""
	}
	return e.Num.Num().String()
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
