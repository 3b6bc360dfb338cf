package extract

import (
	"strings"
	"unicode"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Table readers of the offering: the cover page (the registrant's jurisdiction, the Section
// 12(b) table's tickers and exchange) and the underwriting section of a prospectus (the
// underwriters and their total of units). They read rows as grids (doc.Cells), so empty
// cells and column positions are kept. The vote tables of 8-K Item 5.07 are read in
// votes.go, the balance sheet's trust row in trusttable.go.

var (
	// A symbol cell; a class suffix may follow a dot and a space ("ACII. U", read "ACII.U").
	symbolCellRe = textutil.MustStarts(`^[A-Z][A-Z0-9]{0,5}(?:(?:\. ?|[\-/ ])[A-Z]{1,3})?$`)
	coverHeadRe  = textutil.MustStarts(`(?i)symbol`)
	coverTitleRe = textutil.MustStarts(`(?i)title of each class|name of each exchange|registered`)
	coverEndRe   = textutil.MustStarts(`(?i)^(?:indicate by check mark|securities registered pursuant to section 12\(g\))`)
	// A cover table flattened to one cell per line (text from a PDF) has its headings alone,
	// the symbol's heading whole or wrapped ("Trading" / "Symbol(s)"), a cell's end sometimes
	// marked by a pipe ("Symbol(s) |").
	// The heading may open with a cell border ("|Trading Symbol"), write "Symbol (s)", or be
	// cut to "Trading".
	// A heading may end with a colon ("Trading Symbol:").
	coverSymbolHeadRe = textutil.MustStarts(`(?i)^(?:trading(?:\s+symbols?(?:\s?\(s\))?)?|symbols?(?:\s?\(s\))?):?(?:\s*\|)?$`)
	wrappedHeadRe     = textutil.MustStarts(`(?i)^trading(?:\s*\|)?$`)
	coverHeadingCell  = textutil.MustStarts(`(?i)^(?:title of each class|trading|(?:trading\s+)?symbols?(?:\s?\(s\))?|name(?: of each exchange.*)?|of each exchange.*|(?:on )?which registered)$`)
	coverFlatEndRe    = textutil.MustStarts(`(?i)^(?:indicate\b|securities registered pursuant to section 12\(g\)|emerging growth)`)
)

// coverSymbols reads the cover page: the registrant's jurisdiction, then the "Title of each
// class | Trading Symbol(s) | Name of each exchange on which registered" table: each row's
// symbol cell, classified by the class its title names, and the exchange.
func (x *reader) coverSymbols() {
	x.coverJurisdiction()
	x.coverLabels()
	defer x.coverExchangeOnly()
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+400)
	for n := 1; n <= limit; n++ {
		line := x.d.Line(n)
		if len(line) > 200 || !strings.Contains(line, "ymbol") && !strings.Contains(line, "rading") {
			continue
		}
		head := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "|"))
		if wrappedHeadRe.MatchString(head) && strings.HasPrefix(strings.ToLower(strings.TrimSpace(x.d.Line(n+1))), "symbol") {
			continue // "Trading" / "Symbol(s)": the heading is the next line
		}
		if coverSymbolHeadRe.MatchString(head) && (strings.HasPrefix(strings.ToLower(head), "trading ") || coverTitleRe.MatchString(x.around(n))) {
			if !x.coverColumns(n) {
				x.coverFlat(n, limit)
			}
			return
		}
		if !coverHeadRe.MatchString(line) {
			continue
		}
		if !coverTitleRe.MatchString(line) {
			continue
		}
		pending := "" // lines of a title wrapped above its row
		for k := n + 1; k <= min(n+16, limit) && !coverEndRe.MatchString(x.d.Line(k)); k++ {
			switch line := strings.TrimSpace(x.d.Line(k)); {
			case x.coverRow(k, pending):
				pending = ""
			case coverHeadingCell.MatchString(line):
				pending = "" // a heading wrapped under the row of headings is no title
			default:
				pending = strings.TrimSpace(pending + " " + line)
			}
		}
		return
	}
}

// coverFlat reads a cover table whose cells stand one per line after the "Trading
// Symbol(s)" heading at line n: title lines (a title may wrap), a symbol, an exchange. When
// the heading's line ends with a pipe, each cell runs to the next line that does ("The" /
// "Nasdaq Stock Market LLC |" is one cell) and a bare "|" is an empty cell. A row set as a
// grid ("Units, ... | DCRNU | Nasdaq Capital Market") is read as a row, after the title lines
// above it.
func (x *reader) coverFlat(n, limit int) {
	piped := strings.HasSuffix(strings.TrimSpace(x.d.Line(n)), "|")
	type cell struct {
		text  string
		lines []int
	}
	var open cell
	title := ""
	// next reads the next cell of the table (ok false at its end); a grid row is read at once.
	next := func(k *int) (cell, bool) {
		for ; *k <= min(n+60, limit); *k++ {
			line := strings.TrimSpace(x.d.Line(*k))
			if coverFlatEndRe.MatchString(line) || coverEndRe.MatchString(line) {
				return cell{}, false
			}
			if len(doc.Filled(x.d.Cells(*k))) >= 2 {
				if x.coverRow(*k, title) {
					title = ""
				}
				continue
			}
			text := strings.TrimSpace(strings.Trim(line, "|"))
			ends := !piped || strings.HasSuffix(line, "|")
			if text != "" {
				open.text = strings.TrimSpace(open.text + " " + text)
				open.lines = append(open.lines, *k)
			}
			if ends && open.text != "" {
				c := open
				open = cell{}
				*k++
				return c, true
			}
		}
		// a copy of the filing cut off inside the table ("The" / "Nasdaq Stock Market LLC" and
		// nothing after): its last cell ends with the text
		if open.text != "" && min(n+60, limit) >= len(x.d.R.Lines) {
			c := open
			open = cell{}
			return c, true
		}
		return cell{}, false
	}
	k := n + 1
	for {
		c, ok := next(&k)
		if !ok {
			return
		}
		switch {
		case title == "" && coverHeadingCell.MatchString(c.text):
			continue
		case title != "" && symbolCellRe.MatchString(c.text) && c.text != "N/A":
			ex, ok := next(&k)
			if !ok {
				return
			}
			name, at, quote := "", 0, ""
			for _, l := range ex.lines {
				q := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(l)), "|"))
				if v, found := textutil.ExchangeName(q); found {
					name, at, quote = v, l, q
					break
				}
			}
			if name == "" {
				return // not a symbol and its exchange
			}
			if !x.has(spac.FieldExchange) {
				x.add("table.cover_exchange", priorityTable, spac.FieldExchange, name, at, quote, "")
			}
			if field := tickerField(title); field != "" && !x.has(field) {
				x.add("table.cover_symbol", priorityTable, field, symbolValue(c.text), c.lines[0], c.text, "")
			}
			title = ""
		case len(title) > 300:
			return // not a table of titles and symbols
		default:
			title = strings.TrimSpace(title + " " + c.text)
		}
	}
}

// symbolValue writes a symbol cell as the symbol: "ACII. U" is "ACII.U".
func symbolValue(cell string) string { return strings.ReplaceAll(cell, ". ", ".") }

var (
	// exchangeHeadRe is the column's heading, also when its first word is wrapped apart
	// ("Name" / "of Each Exchange on Which Registered").
	exchangeHeadRe = textutil.MustStarts(`(?i)name of each exchange|^\W*of each exchange on which`)
	// exchangeCellRe is a cell that names an exchange and nothing else.
	exchangeCellRe = textutil.MustStarts(`(?i)^(?:the\s+)?(?:nasdaq|nyse|new york stock exchange|american stock exchange|otc)[\w ,.®]{0,40}$`)
)

// wrappedExchange is the exchange a cell on line n names alone, read with the next line when
// the name wraps there ("NYSE" / "Alternext US" is NYSE American, not NYSE; "American" /
// "Stock Exchange").
func (x *reader) wrappedExchange(cell string, n int) (string, bool) {
	if n < len(x.d.R.Lines) {
		next := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(n+1)), "|"))
		joined := cell + " " + next
		if ex, ok := textutil.ExchangeName(joined); ok && next != "" && exchangeCellRe.MatchString(joined) {
			if alone, _ := textutil.ExchangeName(cell); alone != ex {
				return ex, true
			}
		}
	}
	ex, ok := textutil.ExchangeName(cell)
	return ex, ok && exchangeCellRe.MatchString(cell)
}

// coverExchangeOnly reads the exchange of a cover table that has no symbol column (reports
// before 2019: "Title of each class | Name of each exchange on which registered"): the first
// cell under the heading that names an exchange alone.
func (x *reader) coverExchangeOnly() {
	if x.has(spac.FieldExchange) {
		return
	}
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+400)
	for n := 1; n <= limit; n++ {
		if line := x.d.Line(n); len(line) > 200 || !exchangeHeadRe.MatchString(line) {
			continue
		}
		for k := n + 1; k <= min(n+24, limit); k++ {
			line := strings.TrimSpace(x.d.Line(k))
			if coverEndRe.MatchString(line) || coverFlatEndRe.MatchString(line) {
				return
			}
			for _, cell := range x.cellsOf(k) {
				if ex, ok := x.wrappedExchange(cell, k); ok {
					x.add("table.cover_exchange_column", priorityTable, spac.FieldExchange, ex, k, cell, "")
					return
				}
			}
		}
		return
	}
}

// cellsOf returns the texts of line n's cells (the line itself when it has no grid).
func (x *reader) cellsOf(n int) []string {
	var out []string
	for _, c := range doc.Filled(x.d.Cells(n)) {
		out = append(out, c.Text)
	}
	if len(out) == 0 {
		out = append(out, strings.TrimSpace(strings.Trim(strings.TrimSpace(x.d.Line(n)), "|")))
	}
	return out
}

// around joins lines n-4..n+3: a table heading set on several lines, each word of a heading
// apart when its cells end in pipes ("Title" / "of each class |" / "|" / "Trading" /
// "Symbol(s) |").
func (x *reader) around(n int) string {
	var parts []string
	for k := max(1, n-4); k <= min(len(x.d.R.Lines), n+3); k++ {
		if l := x.d.Line(k); len(l) <= 200 {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}

// coverRow reads one row of the cover table: title, symbol, exchange. A title cell that
// continues a wrapped title ("value, and one-third of one redeemable warrant") is read after
// the lines above it (pending). It reports whether line n was such a row.
func (x *reader) coverRow(n int, pending string) bool {
	cells := doc.Filled(x.d.Cells(n))
	if len(cells) < 2 {
		cells = flatCells(x.d.Line(n))
	}
	if len(cells) < 2 {
		return false
	}
	title, rest := cells[0].Text, cells[1:]
	switch {
	case symbolCellRe.MatchString(title) && pending != "" && tickerField(pending) != "" && namesExchange(rest):
		// the title wrapped onto the lines above; the row keeps only the symbol and the
		// exchange ("Units, each consisting of one share of" / "common stock and one
		// warrant" / "ABCDU   The Nasdaq Stock Market LLC")
		title, rest = pending, cells
	case symbolCellRe.MatchString(title):
		return false
	case pending != "" && !unicode.IsUpper([]rune(title)[0]):
		title = pending + " " + title
	}
	for _, c := range rest {
		if ex, ok := textutil.ExchangeName(c.Text); ok {
			if !x.has(spac.FieldExchange) {
				x.add("table.cover_exchange", priorityTable, spac.FieldExchange, ex, n, c.Text, "")
			}
			continue
		}
		if !symbolCellRe.MatchString(c.Text) || c.Text == "N/A" {
			continue
		}
		if field := tickerField(title); field != "" && !x.has(field) {
			x.add("table.cover_symbol", priorityTable, field, symbolValue(c.Text), n, c.Text, "")
		}
	}
	return true
}

// flatRowRe is a row of the cover table whose column breaks were lost (a copy set with
// narrow gaps, rendered as one run of words): the title, the symbol and the exchange that
// ends the line ("Units, each consisting of ... warrant CAP.U The New York Stock Exchange",
// "... per share CAP WS NYSE"). The symbol is the capitals right before the exchange.
var flatRowRe = textutil.MustStarts(`^(.+?[a-z0-9)”"])\s+([A-Z][A-Z0-9]{0,5}(?:\.[A-Z]{1,3}| [A-Z]{1,2}|-[A-Z]{1,3})?)\s+((?:The )?(?:Nasdaq|NASDAQ|NYSE|New York Stock Exchange)[A-Za-z ,.®]{0,40})$`)

// flatCells splits a cover row that has no grid into title, symbol and exchange (nil when
// the line does not end so).
func flatCells(line string) []spac.Cell {
	m := flatRowRe.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return nil
	}
	if _, ok := textutil.ExchangeName(m[3]); !ok {
		return nil
	}
	return []spac.Cell{{Text: m[1], Col: 0, Span: 1}, {Text: m[2], Col: 1, Span: 1}, {Text: m[3], Col: 2, Span: 1}}
}

// namesExchange reports whether one of the cells names an exchange.
func namesExchange(cells []spac.Cell) bool {
	for _, c := range cells {
		if _, ok := textutil.ExchangeName(c.Text); ok {
			return true
		}
	}
	return false
}

// underwriterFirm is an underwriter's name: capitalised words ending in a legal form.
// A bank's country in brackets may stand before the legal form ("Credit Suisse Securities
// (USA) LLC").
const underwriterFirm = `[A-Z][\w&.,'’ -]{2,80}?(?:\((?:USA|U\.S\.A\.|U\.S\.|Europe|Asia|Canada|Hong Kong|International)\) )?(?:Inc\.?|LLC|L\.L\.C\.|L\.P\.|LP|Ltd\.?|Limited|Co\.|Corporation|Corp\.?|plc|AG|N\.A\.)`

var (
	underwriterHeadRe = textutil.MustStarts(`(?i)^underwriters?\b.{0,40}\bunits\b|^number$`)
	totalRowRe        = textutil.MustStarts(`(?i)^total\b`)
	totalUnitsRe      = textutil.MustStarts(`(?i)^total\b[\s|:]*(\d{1,3}(?:,\d{3})+)(?:\s*\|)?$`)
	underwriterNameRe = textutil.MustStarts(`^(` + underwriterFirm + `)(?: \| | )(\d{1,3}(?:,\d{3})+)$`)
	bookRunnersHeadRe = textutil.MustStarts(`(?i)^(?:(?:sole|joint|lead)\s+)*book[- ]?running\s+managers?:?$`)
	firmCellRe        = textutil.MustStarts(`^` + underwriterFirm + `$`)
)

// priorityUnderwritingTotal: the allocation table's total is the firm offering, as the
// cover's units line states it.
const priorityUnderwritingTotal = 11

// underwritersTable reads the underwriting section of a prospectus: under the "Underwriter |
// Number of Units" heading, one firm per row up to the "Total" row (whose figure is the
// units offered); and the firms under a "Joint Book-Running Managers" heading.
func (x *reader) underwritersTable() {
	for n := 1; n <= len(x.d.R.Lines); n++ {
		line := strings.TrimSpace(x.d.Line(n))
		if len(line) > 80 {
			continue
		}
		if bookRunnersHeadRe.MatchString(line) {
			x.bookRunners(n)
			continue
		}
		if !underwriterHeadRe.MatchString(line) {
			continue
		}
		units := strings.Contains(strings.ToLower(line+" "+x.d.Line(n+1)), "units")
		for k := n + 1; k <= min(n+25, len(x.d.R.Lines)); k++ {
			line := strings.TrimSpace(x.d.Line(k))
			if totalRowRe.MatchString(line) {
				if m := totalUnitsRe.FindStringSubmatch(line); m != nil && units {
					v := strings.ReplaceAll(m[1], ",", "")
					x.add("table.underwriting_total", priorityUnderwritingTotal, spac.FieldUnitsOffered, v, k, m[1], "")
				}
				return
			}
			if m := underwriterNameRe.FindStringSubmatch(line); m != nil {
				x.add("table.underwriters", priorityTable, spac.FieldUnderwriter, m[1], k, m[1], "")
			}
		}
	}
}

// bookRunners reads the firms in the rows under a book-running managers heading at line n,
// up to the first row that names none.
func (x *reader) bookRunners(n int) {
	for k := n + 1; k <= min(n+3, len(x.d.R.Lines)); k++ {
		cells := doc.Filled(x.d.Cells(k))
		if len(cells) == 0 {
			cells = []spac.Cell{{Text: strings.TrimSpace(x.d.Line(k))}}
		}
		found := false
		for _, c := range cells {
			if firmCellRe.MatchString(c.Text) {
				found = x.add("table.book_runners", priorityTable, spac.FieldUnderwriter, c.Text, k, c.Text, "") || found
			}
		}
		if !found {
			return
		}
	}
}
