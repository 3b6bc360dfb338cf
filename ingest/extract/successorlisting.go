package extract

import (
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The listing a closing report states after the closing: once a report or release says the
// combination was consummated, "The Company's common stock and warrants are now listed on
// Nasdaq under the symbols ..." (or "will trade", "began trading") speaks of the combined
// company, whose name "the Company" now is. Its symbols are the new ticker, never the SPAC's
// own: the SPAC's ticker fields read from such a sentence are dropped (also a "new ticker
// symbols ... replacing" change, which before a closing is the SPAC's own), and its share
// symbol is the new ticker when no rule read one.

// nowListedRe: a listing in the present or future, as a closing report states the successor's.
var nowListedRe = textutil.MustStarts(`(?i)\b(?:(?:are|is) now|now (?:listed|trad\w+)|will (?:begin |commence |continue |be )?(?:to )?(?:trad\w*|listed|quoted)|(?:began|begin|commenced|commence) (?:trading|to trade)|(?:expected|anticipated) to (?:begin |commence )?(?:trad\w*|be listed))\b`)

var tickerFieldSet = map[string]bool{
	spac.FieldTickerUnits: true, spac.FieldTickerShares: true,
	spac.FieldTickerWarrant: true, spac.FieldTickerRights: true,
}

// successorListing returns found without the SPAC ticker fields that a current report or
// release read from a listing stated after its own closing statement, and with the shares'
// symbol of such a listing as the new ticker when none was read.
func successorListing(d *doc.Doc, found []rule.Finding) []rule.Finding {
	if d.Class != doc.Current && d.Class != doc.Communication {
		return found
	}
	closed := closingLine(found)
	if stated := closingStated(d); stated != 0 && (closed == 0 || stated < closed) {
		closed = stated
	}
	if closed == 0 {
		return found
	}
	var shares *rule.Finding
	hasNew := slices.ContainsFunc(found, func(f rule.Finding) bool { return f.Fact.Field == spac.FieldNewTicker })
	out := slices.DeleteFunc(slices.Clone(found), func(f rule.Finding) bool {
		successor := tickerFieldSet[f.Fact.Field] && (strings.HasPrefix(f.Rule, "offering.") || f.Rule == "merger.ticker_change") &&
			f.Fact.Citation.Line >= closed && nowListedRe.MatchString(f.Sentence)
		if successor && f.Fact.Field == spac.FieldTickerShares && shares == nil {
			s := f
			shares = &s
		}
		return successor
	})
	if shares != nil && !hasNew {
		s := *shares
		s.Fact.Field = spac.FieldNewTicker
		s.Fact.Citation = s.Fact.Citation.WithField(spac.FieldNewTicker)
		s.Rule = "successor.listing_ticker"
		out = append(out, s)
		slices.SortStableFunc(out, func(a, b rule.Finding) int { return a.Fact.Citation.Line - b.Fact.Citation.Line })
	}
	return out
}

// closingLine is the first line of a stated consummation (a closing date read by a rule), or 0.
func closingLine(found []rule.Finding) int {
	line := 0
	for _, f := range found {
		if f.Fact.Field == spac.FieldClosingDate && (line == 0 || f.Fact.Citation.Line < line) {
			line = f.Fact.Citation.Line
		}
	}
	return line
}

// mergerClosedRe states a combination done in words no closing-date rule reads (a release's
// "the closing of the merger of the companies occurred today", "As a result of the merger,
// each share ... converts"): after it, a listing in the present or future is the combined
// company's.
var mergerClosedRe = textutil.MustStarts(`(?i)\bclosing of the (?:merger|business combination)\b[^.]{0,80}?\b(?:occurred|took place|was completed|was consummated|has occurred)\b|\b(?:has|have) (?:consummated|completed|closed) (?:the|its|their) (?:merger|business combination)\b|^as a result of the (?:merger|business combination),? (?:each|all)\b[^.]{0,80}?\b(?:converted|converts|became)\b`)

// closingStated is the first line of a sentence stating the combination done, or 0.
func closingStated(d *doc.Doc) int {
	for _, s := range d.Sentences {
		if mergerClosedRe.MatchString(s.Text) && !nowListedHypotheticalRe.MatchString(s.Text) {
			first, _ := s.Lines()
			return first
		}
	}
	return 0
}

// nowListedHypotheticalRe is a closing only expected or conditioned ("if the merger is
// completed", "upon the closing of the merger, which is expected to occur").
var nowListedHypotheticalRe = textutil.MustStarts(`(?i)\b(?:if|assuming|upon|once|when|expected|anticipated|would|will)\b[^.]{0,40}?\b(?:closing|consummat|complet)`)
