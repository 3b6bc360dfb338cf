package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

var (
	trustRowRe  = textutil.MustStarts(`(?i)(?:cash|investments?|marketable securities|assets?|securities|money market funds?|treasury)\b[^|]{0,60}\bheld in (?:the )?trust(?: account)?\b`)
	notTrustRe  = textutil.MustStarts(`(?i)interest|income|dividend|withdraw|unrealized|gain|loss|transfer|proceeds|purchase|sale|reinvest|extension|deposit|change`)
	moneyCellRe = textutil.MustStarts(`^\$?\s?(\d{1,3}(?:,\d{3})+)$`)
	periodRowRe = textutil.MustStarts(`(?i)(?:as of|at)?\s*(` + textutil.DatePattern + `)`)
	// A plain-text balance sheet row (PDF text, hard-wrapped filings): a short label and one or
	// two figures ("Investments held in Trust Account $ 58,962,311 $ 57,774,509").
	plainLabelRe = textutil.MustStarts(`^[A-Z][^$.;:\d]{0,90}$`)
)

// minTrust is the smallest balance read from a table: a smaller figure is a table "in
// thousands" (or not a SPAC trust) and is left alone.
const minTrust = 1_000_000

// trustTable reads the balance sheet row of the trust account of a 10-Q/10-K without inline
// XBRL: its first figure is the current period's, the period the first date of the nearest
// header row above. It then reads the temporary-equity rows (tempEquity).
func (x *reader) trustTable() {
	period := ""
	defer func() { x.tempEquity(period) }()
	for _, s := range x.d.Sections {
		for n := s.From; n <= s.To; n++ {
			if !strings.Contains(strings.ToLower(x.d.Line(n)), "trust") {
				continue
			}
			cells, at := doc.Filled(x.d.Cells(n)), n
			if len(cells) < 2 {
				cells = plainRow(x.d.Line(n))
			}
			if len(cells) < 2 {
				cells, at = x.stackedRow(n)
			}
			broken := false
			if h := x.labelHead(n); len(cells) < 2 || h != n {
				if r, ok := x.brokenLabelRow(x.labelHead(n)); ok {
					cells, at, broken = []spac.Cell{{Text: r.label}, r.figures[0]}, r.last, true
				}
			}
			if len(cells) < 2 || !broken && len(doc.Filled(x.d.Cells(n))) < 2 && !plainLabelRe.MatchString(cells[0].Text) {
				continue
			}
			if label := balanceLabel(cells[0].Text); !trustRowRe.MatchString(label) || notTrustRe.MatchString(label) {
				continue
			}
			if ok, p := x.trustRow(n, at, cells); ok {
				period = p
				return
			}
		}
	}
}

// balanceLabelNoise is what a balance row's label may add to the account it names: the
// interest the balance includes, a reference to a note.
var balanceLabelNoise = regexp.MustCompile(`(?i),?\s*including (?:accrued )?interest\b|\s*\(notes? \d+\)`)

// balanceLabel is a balance row's label without balanceLabelNoise ("Cash held in Trust Fund,
// including interest (Note 2)" names the trust's balance, not its interest).
func balanceLabel(label string) string {
	return balanceLabelNoise.ReplaceAllString(label, "")
}

// trustRow reads the first figure of a trust row whose label is on line n and figures on
// line at (the same line but in a stacked layout).
func (x *reader) trustRow(n, at int, cells []spac.Cell) (bool, string) {
	var figures []string
	for _, c := range cells[1:] {
		if m := moneyCellRe.FindStringSubmatch(c.Text); m != nil {
			figures = append(figures, m[1])
		}
	}
	if len(figures) == 0 {
		return false, ""
	}
	period, heading := x.headingDate(n, at != n)
	figure := figures[0]
	if period != "" {
		col, latest := currentColumn(x.d.Line(heading))
		if col > 0 && col >= len(figures) {
			return false, "" // the current period's column is not this row's to tell
		}
		if col > 0 {
			figure, period = figures[col], latest
		}
	}
	whole, err := strconv.ParseInt(strings.ReplaceAll(figure, ",", ""), 10, 64)
	if err != nil || whole < minTrust || x.otherDate(period, heading) {
		return false, ""
	}
	if period != "" {
		x.headingPeriod(period, heading)
	} else {
		period = x.statedPeriod()
	}
	v := strconv.FormatInt(whole, 10) + ".00"
	return x.add("table.trust_balance", priorityTable, spac.FieldTrustBalance, v, at, figure, period), period
}

// headerDateRe is a date in a balance sheet's column heading.
var headerDateRe = textutil.MustStarts(textutil.DatePattern)

// currentColumn is the column of the latest date a heading row names, and that date, when
// the row names two or more and the latest is not the first: a balance sheet that sets the
// prior year-end before the current period ("December 31, 2022 | March 31, 2023"). A
// balance sheet's current period is always its latest date. 0 when the first column is
// the current one (the usual order) or the row names one date.
func currentColumn(line string) (int, string) {
	if prose(line) {
		return 0, "" // a lead-in sentence's dates are no columns ("... maturing on <date> ...")
	}
	var dates []string
	for _, loc := range headerDateRe.FindAllStringIndex(line, -1) {
		if strings.HasPrefix(strings.TrimLeft(line[loc[1]:], " ,"), "(inception") {
			continue // a period's start ("from March 3, 2021 (inception) through ..."), no column
		}
		if iso, ok := parseDateAnyCase(line[loc[0]:loc[1]]); ok {
			dates = append(dates, iso)
		}
	}
	if len(dates) < 2 {
		return 0, ""
	}
	col := 0
	for i, d := range dates {
		if d > dates[col] {
			col = i
		}
	}
	return col, dates[col]
}

var (
	// stackNoiseRe is a line of a stacked table that holds no cell text: a border, a "$".
	stackNoiseRe = textutil.MustStarts(`^[\s|$]*$`)
	// leadFigureRe is a line that opens with a figure (a stacked row's first value).
	leadFigureRe = textutil.MustStarts(`^\s*\|?\s*(?:\$\s?)?(\(?\d{1,3}(?:,\d{3})+\)?)`)
	// sharesPieceRe is a piece of a label that opens with a count of shares ("2,412,516
	// shares at conversion value"): words, not the row's first figure.
	sharesPieceRe = textutil.MustStarts(`^\s*\|?\s*\d{1,3}(?:,\d{3})+ shares\b`)
)

// maxStack bounds the lines between a stacked row's label and its first figure.
const maxStack = 8

// stackedRow reads a row whose label stands alone on line n and whose figures follow on the
// next lines (a table set one cell per line, with borders and "$" cells between; or a label
// wrapped above its figures): the label and the first figure as cells, and the figure's
// line. Any other text before a figure ends the search.
func (x *reader) stackedRow(n int) ([]spac.Cell, int) {
	label := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(n)), "|"))
	if label == "" || leadFigureRe.MatchString(label) {
		return nil, n
	}
	for k := n + 1; k <= min(n+maxStack, len(x.d.R.Lines)); k++ {
		line := x.d.Line(k)
		if stackNoiseRe.MatchString(line) {
			continue
		}
		if m := leadFigureRe.FindStringSubmatch(line); m != nil && !sharesPieceRe.MatchString(line) {
			return []spac.Cell{{Text: label}, {Text: m[1]}}, k
		}
		return nil, n
	}
	return nil, n
}

var (
	// figuresRe is the run of figures that ends a plain-text table row: amounts, "$" signs
	// (also a "$" whose cell is empty), negative figures in parentheses and dashes for nil.
	figuresRe     = textutil.MustStarts(`(?:\s+(?:\$\s?)?(?:\(?\d{1,3}(?:,\d{3})+\)?|[—–-])|\s+\$)+\s*$`)
	plainFigureRe = textutil.MustStarts(`(?:\$\s?)?(?:\(?\d{1,3}(?:,\d{3})+\)?|[—–-])`)
)

// plainRow splits a line without a grid into a label cell and the figures that end it (nil
// when no figure ends the line).
func plainRow(line string) []spac.Cell {
	loc := figuresRe.FindStringIndex(line)
	if loc == nil || loc[0] == 0 {
		return nil
	}
	out := []spac.Cell{{Text: strings.TrimSpace(line[:loc[0]]), Col: 0, Span: loc[0]}}
	for _, m := range plainFigureRe.FindAllStringIndex(line[loc[0]:], -1) {
		out = append(out, spac.Cell{Text: line[loc[0]+m[0] : loc[0]+m[1]], Col: loc[0] + m[0], Span: m[1] - m[0]})
	}
	return out
}

var (
	// yearsRowRe is the second row of a header split over two rows ("March 31, December 31," /
	// "2021 2020"): nothing but years.
	yearsRowRe = textutil.MustStarts(`^[\s|]*((?:19|20)\d{2})(?:[\s|]+(?:19|20)\d{2})*[\s|]*$`)
	monthDayRe = textutil.MustStarts(`(?i)\b(` + monthName + `)\s+(\d{1,2}),?(?:\s|$|\|)`)
	// statementTitleRe is the title of a balance sheet: its header dates are below it.
	statementTitleRe = textutil.MustStarts(`(?i)^\s*(?:[\w.,&’' -]{0,80}\s)?(?:condensed |consolidated |unaudited |audited )*(?:balance sheets?|statements? of financial (?:position|condition))\b`)
)

const monthName = `jan(?:uary|\.)?|feb(?:ruary|\.)?|mar(?:ch|\.)?|apr(?:il|\.)?|may|jun(?:e|\.)?|jul(?:y|\.)?|aug(?:ust|\.)?|sep(?:tember|t\.|\.)?|oct(?:ober|\.)?|nov(?:ember|\.)?|dec(?:ember|\.)?`

// maxHeadingDistance bounds how far above a row its table's heading is looked for: a table
// set one cell per line (with border lines) spreads a few rows over a hundred lines.
const maxHeadingDistance = 150

// periodAbove is the first date of the nearest row above line n that names dates: the
// balance sheet's column heading, also when its month and day sit on one row and its years
// on the next ("March 31, December 31," over "2021 2020") or it is written in capitals. The
// search stops at the statement's title and at prose (a line ending a sentence), after
// reading the date of a lead-in sentence ("... at December 31, 2021:").
func (x *reader) periodAbove(n int) string { iso, _ := x.headingDate(n, false); return iso }

// stackedPeriodAbove is periodAbove for a table set one cell per line: its heading's dates
// stand one above the other, the current period's first, so the topmost date under the
// statement's title is the period.
func (x *reader) stackedPeriodAbove(n int) string { iso, _ := x.headingDate(n, true); return iso }

// headingDate walks up from line n to the dates of a table's heading: the nearest, or with
// topmost the last one before the title or prose that ends the search; and the line of the
// date.
func (x *reader) headingDate(n int, topmost bool) (string, int) {
	year, found, at := "", "", 0
	for k := n - 1; k >= max(1, n-maxHeadingDistance); k-- {
		line := x.d.Line(k)
		if len(line) > 300 {
			return found, at
		}
		iso := ""
		if m := periodRowRe.FindStringSubmatch(line); m != nil {
			iso, _ = parseDateAnyCase(m[1])
		}
		if y := yearsRowRe.FindStringSubmatch(line); iso == "" && y != nil {
			year = y[1]
			continue
		}
		if m := monthDayRe.FindStringSubmatch(line); iso == "" && m != nil && year != "" {
			iso, _ = parseDateAnyCase(m[1] + " " + m[2] + ", " + year)
		}
		if iso != "" {
			if !topmost || prose(line) {
				return iso, k // a lead-in sentence ("... at December 31, 2021:") ends the search
			}
			found, year, at = iso, "", k
			continue
		}
		if statementTitleRe.MatchString(line) || prose(line) {
			return found, at
		}
	}
	return found, at
}

// prose reports whether a line is running text rather than a table row or heading.
func prose(line string) bool {
	t := strings.TrimSpace(line)
	return len(t) > 60 && strings.Count(t, " ") > 8 && strings.ContainsAny(t[len(t)-1:], ".:")
}

// parseDateAnyCase reads a written date also when it is in capitals ("DECEMBER 31, 2020").
func parseDateAnyCase(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if iso, ok := textutil.ParseDate(s); ok {
		return iso, true
	}
	low := strings.ToLower(s)
	if low == "" {
		return "", false
	}
	return textutil.ParseDate(strings.ToUpper(low[:1]) + low[1:])
}

// titleLines bounds how far above a balance sheet's column heading its title is looked for.
const titleLines = 12

// priorityHeadingPeriod ranks a balance sheet's heading above the periods prose narrates
// and below the header, the cover and the R pages.
const priorityHeadingPeriod = priorityProsePeriod + 5

// headingPeriod records the date of a balance sheet's column heading (on line at) as the
// period of report when neither the header nor the cover states one: the balance sheet is as
// of the period's end. A heading under no statement's title (a note's table, a lead-in
// sentence) may be as of another date, and is not read.
func (x *reader) headingPeriod(iso string, at int) {
	quote := headingQuote(x.d.Line(at), iso)
	if quote == "" || x.coverPeriodStated() || !monthEnd(iso) {
		return
	}
	if x.underStatementTitle(at) || x.balanceSheetBelow(at) {
		x.dropProsePeriod()
		x.add("table.period_heading", priorityHeadingPeriod, spac.FieldPeriodOfReport, iso, at, quote, iso)
	}
}

var (
	// assetsRowRe is a balance sheet's first row, "ASSETS" alone (its cells empty).
	assetsRowRe = textutil.MustStarts(`(?i)^[\s|]*assets[\s|:]*$`)
)

// assetsGap bounds the lines between a balance sheet's column heading and its "ASSETS" row
// (the years, "(Unaudited)", border lines, or in a stacked copy the prior period's date).
const assetsGap = 10

// balanceSheetBelow reports whether the heading on line at opens a balance sheet whose title
// the copy lost: an "ASSETS" row follows within assetsGap lines, and the heading, read down
// to it, names two dates, the period and the prior year's end, as a balance sheet's does (a
// note's table of one date, or one without an assets row, may be as of another date).
func (x *reader) balanceSheetBelow(at int) bool {
	dates := 0
	for k := at; k <= min(len(x.d.R.Lines), at+assetsGap); k++ {
		line := x.d.Line(k)
		if assetsRowRe.MatchString(line) {
			return dates >= 2
		}
		dates += len(monthDayRe.FindAllStringIndex(line+" ", -1))
	}
	return false
}

// otherDate reports whether a trust row's heading (on line at) dates it at another date than
// the report's stated period: a fair-value table or a note as of the prior year end ("|
// December 31, 2023 | Level") holds the balance of another date, and a later row is looked
// for. A balance sheet's own heading outranks a period read from prose only (see
// headingPeriod), and is kept.
func (x *reader) otherDate(iso string, at int) bool {
	stated := x.statedPeriod()
	if iso == "" || stated == "" || iso == stated {
		return false
	}
	return x.coverPeriodStated() || !x.underStatementTitle(at)
}

// underStatementTitle reports whether a heading on line at sits under a balance sheet's
// title (within titleLines, with no running text between).
func (x *reader) underStatementTitle(at int) bool {
	for k := at - 1; k >= max(1, at-titleLines); k-- {
		line := x.d.Line(k)
		if statementTitleRe.MatchString(line) {
			return true
		}
		if prose(line) {
			return false
		}
	}
	return false
}

// headingQuote is the words of a heading's line that give date iso: a whole date, or a
// month and day alone on their line over the year ("September 30," / "2021").
func headingQuote(line, iso string) string {
	for _, loc := range headerDateRe.FindAllStringIndex(line, -1) {
		if v, _ := parseDateAnyCase(line[loc[0]:loc[1]]); v == iso {
			return line[loc[0]:loc[1]]
		}
	}
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "|"))
	if m := monthDayRe.FindStringSubmatch(t + " "); m != nil && strings.TrimSpace(m[0]) == t {
		return t
	}
	return ""
}

// coverPeriodStated reports whether the header, the cover or an R page stated the period
// (a period read from prose does not count: a balance sheet's heading is surer).
func (x *reader) coverPeriodStated() bool {
	if x.d.R.Filing.Period != "" {
		return true
	}
	for _, f := range x.out {
		if f.Fact.Field == spac.FieldPeriodOfReport && f.Priority > priorityHeadingPeriod {
			return true
		}
	}
	return false
}

// dropProsePeriod forgets the period read from prose: a report has one period, and its
// balance sheet's heading is surer.
func (x *reader) dropProsePeriod() {
	x.out = slices.DeleteFunc(x.out, func(f rule.Finding) bool {
		return f.Fact.Field == spac.FieldPeriodOfReport && f.Priority < priorityHeadingPeriod
	})
}
