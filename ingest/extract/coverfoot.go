package extract

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The foot of a prospectus's cover names its underwriters just above the prospectus's date,
// with no heading: "EarlyBirdCapital, Inc." / "The date of this prospectus is March 5, 2007",
// or two firms in the cells of one row. A name may be split over two lines ("Credit Suisse
// Securities (USA)" / "LLC", "Ladenburg Thalmann &" / "Co. Inc."). Only lines made of firms
// alone are read, from the date upwards, and the reading stops at the first other line, so
// the paragraph above (the representative's purchase option, a sponsor) is never read.

// coverDateRe is the cover's last line: "The date of this prospectus is <date>", "Prospectus
// dated <date>", or the date alone ("May 14, 2007"). The ^ stands before the alternation, not
// in each branch: only so does Go's regexp know the pattern anchored and try the first
// position alone (each branch anchored, it tried every position of every line, 15 times the
// time on a line of prose).
var coverDateRe = textutil.MustStarts(`(?i)^(?:\|?\s*(?:the date of this prospectus is|prospectus dated)\b|` +
	`(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}\s*\|?$)`)

// coverFootLines: how many lines above the date the firms may take.
const coverFootLines = 6

// coverFootUnderwriters reads the firms at the foot of the cover of a prospectus.
func (x *reader) coverFootUnderwriters() {
	limit := min(len(x.d.R.Lines), headerEnd(x.d.R.Lines)+400)
	for n := 2; n <= limit; n++ {
		if !coverDateRe.MatchString(strings.TrimSpace(x.d.Line(n))) {
			continue
		}
		if x.firmsAbove(n) {
			return
		}
	}
}

// firmsAbove reads the lines above line n that hold firms alone, upwards, and reports
// whether it found any.
func (x *reader) firmsAbove(n int) bool {
	var firms []footFirm
	for k, seen := n-1, 0; k >= 1 && seen < coverFootLines; k-- {
		line := strings.TrimSpace(x.d.Line(k))
		if strings.Trim(line, "| ") == "" {
			continue
		}
		seen++
		cells := firmCells(x.d, k)
		tail := cells != nil && firmTailRe.MatchString(line) && !footCaptionRe.MatchString(x.d.Line(k-1))
		if (cells == nil || tail) && k > 1 && firmCells(x.d, k-1) == nil {
			// a name split over two lines: the line above holds its start, which is cited
			first := strings.TrimSpace(x.d.Line(k - 1))
			if joined := first + " " + line; isFirmName(joined) {
				firms = append(firms, footFirm{joined, first, k - 1})
				k--
				continue
			}
		}
		if cells == nil {
			if len(firms) > 0 && isNameFragment(line) {
				return true // a firm without its legal form, or a name's start: none is sure
			}
			break
		}
		for _, c := range cells {
			firms = append(firms, footFirm{c, c, k})
		}
	}
	for _, f := range firms {
		x.add("table.cover_foot_underwriters", priorityTable, spac.FieldUnderwriter, f.name, f.line, f.quote, "")
	}
	return len(firms) > 0
}

// firmTailRe is a line that ends a firm's name but cannot begin one ("Securities, Inc.",
// "Capital Markets, LLC", "& Co. Inc."): below a line holding the name's start ("Merriweather"
// / "Securities, Inc."), it is the same firm's second line, not a firm of its own.
var firmTailRe = textutil.MustStarts(`^\|?\s*(?:&|and\b|Securities\b|Capital\b|Markets\b|Partners\b|Group\b|Company\b|Co\.|Brothers\b|Associates\b|Investments?\b|Financial\b|Incorporated\b)`)

// footCaptionRe is a caption over the cover's firms ("Sole Book-Running Manager"), which a
// firm's tail below it is not joined to.
var footCaptionRe = textutil.MustStarts(`(?i)\b(?:managers?|book-?runn(?:er|ing)s?|underwriters?|representatives?|co-|lead|prospectus)\b`)

// footFirm is a firm at the foot of the cover: its name, the words cited and their line.
type footFirm struct {
	name, quote string
	line        int
}

// firmCells returns the firms of line k when the line holds firms and nothing else (one firm,
// or one per cell), else nil.
func firmCells(d *doc.Doc, k int) []string {
	cells := doc.Filled(d.Cells(k))
	if len(cells) == 0 {
		if line := strings.TrimSpace(d.Line(k)); isFirmName(line) {
			return []string{line}
		}
		return nil
	}
	var out []string
	for _, c := range cells {
		if !isFirmName(c.Text) {
			return nil
		}
		out = append(out, c.Text)
	}
	return out
}

// nameJoiners are the lower-case words a firm's name may hold ("Cowen and Company, LLC").
var nameJoiners = map[string]bool{"and": true, "of": true, "de": true, "la": true, "du": true}

// isFirmName reports whether text is a firm's name and nothing else: capitalised words ending
// in a legal form, no lower-case word but a joiner (so "Our sponsor is Acme Sponsor LLC" is no
// name).
func isFirmName(text string) bool {
	if !firmCellRe.MatchString(text) {
		return false
	}
	for _, w := range strings.Fields(text) {
		if r := w[0]; r >= 'a' && r <= 'z' && !nameJoiners[w] {
			return false
		}
	}
	return true
}

// isNameFragment reports whether a line above the foot's firms is a firm's name without a legal
// form ("Citigroup", "Jefferies") or the first words of the firm below it ("Morgan" / "Joseph &
// Co. Inc."): one to four capitalised words, no caption ("Co-Manager") and no logo's label.
// Reading the firms below it would give some of the underwriters, or a name cut short.
func isNameFragment(line string) bool {
	words := strings.Fields(strings.Trim(line, "| "))
	if len(words) == 0 || len(words) > 4 || footCaptionRe.MatchString(line) {
		return false
	}
	for _, w := range words {
		if strings.EqualFold(strings.Trim(w, "[]()"), "logo") || strings.ContainsAny(w, "0123456789") {
			return false
		}
		if r := w[0]; !(r >= 'A' && r <= 'Z') && w != "&" && !nameJoiners[w] {
			return false
		}
	}
	return true
}
