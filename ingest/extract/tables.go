package extract

import (
	"regexp"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Table readers of the offering: the cover's Section 12(b) table (tickers and exchange) and
// the underwriting table of a prospectus. They read rows as grids (doc.Cells), so empty
// cells and column positions are kept. The vote tables of 8-K Item 5.07 are read in
// votes.go, the balance sheet's trust row in trusttable.go.

var (
	symbolCellRe = regexp.MustCompile(`^[A-Z][A-Z0-9]{0,5}(?:[.\-/ ][A-Z]{1,3})?$`)
	coverHeadRe  = regexp.MustCompile(`(?i)symbol`)
	coverTitleRe = regexp.MustCompile(`(?i)title of each class|name of each exchange|registered`)
	coverEndRe   = regexp.MustCompile(`(?i)^(?:indicate by check mark|securities registered pursuant to section 12\(g\))`)
)

// coverSymbols reads the "Title of each class | Trading Symbol(s) | Name of each exchange on
// which registered" table of a cover page: each row's symbol cell, classified by the class
// its title names, and the exchange.
func (x *reader) coverSymbols() {
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+400)
	for n := 1; n <= limit; n++ {
		line := x.d.Line(n)
		if !coverHeadRe.MatchString(line) || !coverTitleRe.MatchString(line) || len(line) > 200 {
			continue
		}
		for k := n + 1; k <= min(n+16, limit) && !coverEndRe.MatchString(x.d.Line(k)); k++ {
			x.coverRow(k)
		}
		return
	}
}

// coverRow reads one row of the cover table: title, symbol, exchange.
func (x *reader) coverRow(n int) {
	cells := doc.Filled(x.d.Cells(n))
	if len(cells) < 2 || symbolCellRe.MatchString(cells[0].Text) {
		return
	}
	title := cells[0].Text
	for _, c := range cells[1:] {
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
			x.add("table.cover_symbol", priorityTable, field, c.Text, n, c.Text, "")
		}
	}
}

var (
	underwriterHeadRe = regexp.MustCompile(`(?i)^underwriters?\b.{0,40}\bunits\b|^number$`)
	totalRowRe        = regexp.MustCompile(`(?i)^total\b`)
	underwriterNameRe = regexp.MustCompile(`^([A-Z][\w&.,'’ -]{2,80}?(?:Inc\.?|LLC|L\.L\.C\.|L\.P\.|LP|Ltd\.?|Limited|Co\.|Corporation|Corp\.?|plc|AG|N\.A\.))(?: \| | )(\d{1,3}(?:,\d{3})+)$`)
)

// underwritersTable reads the underwriting section's allocation table of a prospectus: under
// the "Underwriter | Number of Units" heading, one firm per row up to the "Total" row.
func (x *reader) underwritersTable() {
	for n := 1; n <= len(x.d.R.Lines); n++ {
		if !underwriterHeadRe.MatchString(strings.TrimSpace(x.d.Line(n))) {
			continue
		}
		for k := n + 1; k <= min(n+25, len(x.d.R.Lines)); k++ {
			line := strings.TrimSpace(x.d.Line(k))
			if totalRowRe.MatchString(line) {
				return
			}
			if m := underwriterNameRe.FindStringSubmatch(line); m != nil {
				x.add("table.underwriters", priorityTable, spac.FieldUnderwriter, m[1], k, m[1], "")
			}
		}
	}
}
