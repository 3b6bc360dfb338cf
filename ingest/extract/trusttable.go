package extract

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

var (
	trustRowRe  = regexp.MustCompile(`(?i)(?:cash|investments?|marketable securities|assets?|securities|money market funds?|treasury)\b[^|]{0,60}\bheld in (?:the )?trust(?: account)?\b`)
	notTrustRe  = regexp.MustCompile(`(?i)interest|income|dividend|withdraw|unrealized|gain|loss|transfer|proceeds|purchase|sale|reinvest|extension|deposit|change`)
	moneyCellRe = regexp.MustCompile(`^\$?\s?(\d{1,3}(?:,\d{3})+)$`)
	periodRowRe = regexp.MustCompile(`(?i)(?:as of|at)?\s*(` + textutil.DatePattern + `)`)
)

// minTrust is the smallest balance read from a table: a smaller figure is a table "in
// thousands" (or not a SPAC trust) and is left alone.
const minTrust = 1_000_000

// trustTable reads the balance sheet row of the trust account of a 10-Q/10-K without inline
// XBRL: its first figure is the current period's, the period the first date of the nearest
// header row above.
func (x *reader) trustTable() {
	for _, s := range x.d.Sections {
		for n := s.From; n <= s.To; n++ {
			cells := doc.Filled(x.d.Cells(n))
			if len(cells) < 2 || !trustRowRe.MatchString(cells[0].Text) || notTrustRe.MatchString(cells[0].Text) {
				continue
			}
			if x.trustRow(n, cells) {
				return
			}
		}
	}
}

func (x *reader) trustRow(n int, cells []spac.Cell) bool {
	for _, c := range cells[1:] {
		m := moneyCellRe.FindStringSubmatch(c.Text)
		if m == nil {
			continue
		}
		whole, err := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
		if err != nil || whole < minTrust {
			return false
		}
		v := strconv.FormatInt(whole, 10) + ".00"
		return x.add("table.trust_balance", priorityTable, spac.FieldTrustBalance, v, n, m[1], x.periodAbove(n))
	}
	return false
}

// periodAbove is the first date of the nearest row above line n (within a page) that names
// dates: the balance sheet's column heading.
func (x *reader) periodAbove(n int) string {
	for k := n - 1; k >= max(1, n-40); k-- {
		line := x.d.Line(k)
		if len(line) > 200 {
			continue
		}
		if m := periodRowRe.FindStringSubmatch(line); m != nil {
			if iso, ok := textutil.ParseDate(m[1]); ok {
				return iso
			}
		}
	}
	return ""
}
