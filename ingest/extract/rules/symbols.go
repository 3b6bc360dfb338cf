package rules

import (
	"regexp"
	"sort"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// tickerFields are the fields of the SPAC's own listed classes.
var tickerFields = []string{spac.FieldTickerUnits, spac.FieldTickerShares, spac.FieldTickerWarrant, spac.FieldTickerRights}

// classNouns name the classes of securities, for pairing them with listed symbols.
var classNouns = []struct{ word, field string }{
	{"unit", spac.FieldTickerUnits}, {"warrant", spac.FieldTickerWarrant},
	{"right", spac.FieldTickerRights}, {"share", spac.FieldTickerShares},
	{"stock", spac.FieldTickerShares},
}

// classOrder returns the ticker fields of the classes a text names, in order of mention
// ("Class A ordinary shares and warrants" -> shares, warrants).
func classOrder(text string) []string {
	lower := strings.ToLower(text)
	type mention struct {
		at    int
		field string
	}
	var ms []mention
	seen := map[string]bool{}
	for _, n := range classNouns {
		if i := strings.Index(lower, n.word); i >= 0 && !seen[n.field] {
			seen[n.field] = true
			ms = append(ms, mention{i, n.field})
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].at < ms[j].at })
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.field
	}
	return out
}

// pairSymbols is the production of "<classes> ... under the symbols “X” and “XW”": the
// classes named in slot "classes" take the symbols of slot "syms" in order.
func pairSymbols(m *rule.Match) []rule.Out {
	fields := classOrder(m.Text("classes"))
	var out []rule.Out
	for i, e := range tickersIn(m, "syms") {
		if i < len(fields) {
			out = append(out, m.Cite(fields[i], e.Value, e))
		}
	}
	return out
}

// newSymbol is the production of the combined company's listing: the symbol paired with its
// common stock (or the only symbol when no class is named) is the new ticker. A listing that
// lasts only "until the Closing" (slot "after", when the pattern has it) is the SPAC's own.
func newSymbol(m *rule.Match) []rule.Out {
	if untilClosingRe.MatchString(m.Text("after")) {
		return nil
	}
	syms := tickersIn(m, "syms")
	fields := classOrder(m.Text("classes"))
	for i, e := range syms {
		if len(fields) == 0 && i == 0 || i < len(fields) && fields[i] == spac.FieldTickerShares {
			return []rule.Out{m.Cite(spac.FieldNewTicker, e.Value, e)}
		}
	}
	return nil
}

func tickersIn(m *rule.Match, slot string) []entity.Entity {
	var out []entity.Entity
	for _, e := range m.Entities(slot) {
		if e.Kind == entity.Ticker {
			out = append(out, e)
		}
	}
	return out
}

// spacSymbol is the production of "Vector Acquisition Corporation (Nasdaq: VACQ)" in a release:
// the symbol after a SPAC's name is its shares' symbol, unless it is a unit's, a warrant's or
// a right's (a suffix, a five-letter Nasdaq symbol, or the word beside it says so).
func spacSymbol(m *rule.Match) []rule.Out {
	orgs, syms := m.Entities("org"), tickersIn(m, "sym")
	if len(orgs) != 1 || len(syms) != 1 {
		return nil
	}
	if !spacOnlyRe.MatchString(orgs[0].Value) && !blankCheckRe.MatchString(m.Text("tail")) {
		return nil
	}
	sym := syms[0].Value
	if len(sym) > 4 || strings.ContainsAny(sym, ".- ") || classWordRe.MatchString(m.Text("more")) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldTickerShares, sym, syms[0])}
}

var (
	// spacOnlyRe is a SPAC's name ("Vector Acquisition Corporation"), not its merger sub's.
	spacOnlyRe   = regexp.MustCompile(`(?i)acquisition\b.{0,30}\b(?:corp|corporation|company|co\b|holdings|inc|ltd|limited)`)
	blankCheckRe = regexp.MustCompile(`(?i)special purpose acquisition|blank check`)
	classWordRe  = regexp.MustCompile(`(?i)\b(?:units?|warrants?|rights?)\b`)
	// untilClosingRe: the words after a listing that end it at the closing.
	untilClosingRe = regexp.MustCompile(`(?i)^\W*(?:,\s*respectively,?\s*)?(?:until|through|prior to)\b`)
)
