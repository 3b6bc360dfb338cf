package rules

import (
	"slices"
	"sort"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
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
	if otherOwner(m.Before("classes"), m.Filer()) {
		return nil
	}
	fields := classOrder(m.Text("classes"))
	syms := listedSymbols(m, "syms")
	if len(syms) > len(fields) || !suffixesAgree(syms, fields) {
		// more symbols than classes read: the class list was cut short (a class the pattern
		// did not take), so which symbol is whose is not known; and the symbols' suffixes
		// must not contradict the classes they are paired with
		return nil
	}
	var out []rule.Out
	for i, e := range syms {
		out = append(out, m.Cite(fields[i], e.Value, e))
	}
	return out
}

// suffixesAgree reports whether symbols paired with classes in order agree with the classes
// their suffixes name, when they share a root ("ALAC", "ALACR" for shares, warrants and
// rights is a list cut short - a symbol lost its quotes - and the order pairs R with warrants).
func suffixesAgree(syms []entity.Entity, fields []string) bool {
	if len(syms) < 2 {
		return true
	}
	values := make([]string, len(syms))
	for i, e := range syms {
		values[i] = e.Value
	}
	bySuffix := symbolClasses(values)
	if bySuffix == nil {
		return true
	}
	for i, f := range bySuffix {
		if i < len(fields) && f != "" && f != fields[i] {
			return false
		}
	}
	return true
}

// ownerRe is a company's name in the possessive right before the classes ("African
// Agriculture’s common stock and warrants", "Halden Robotics’ shares"); genericOwnerRe the
// filer's own ("the Company’s").
var (
	ownerRe        = textutil.MustStarts(`\b([A-Z][\w&.\-]*(?: [A-Z0-9][\w&.\-]*){0,4})['’](s?)\s*$`)
	genericOwnerRe = textutil.MustStarts(`(?i)^(?:the )?(?:company|registrant|issuer|spac|partnership|trust)$`)
)

// otherOwner reports whether the classes a sentence lists are another company's: named in
// the possessive by a name that is not the filer's (a closing release lists the symbols of
// the name the SPAC takes, which are its new ticker, not its own).
func otherOwner(before, filer string) bool {
	g := ownerRe.FindStringSubmatch(before)
	// (a bare apostrophe is a plural's possessive: "Halden Robotics’ shares")
	if g == nil || genericOwnerRe.MatchString(g[1]) || g[2] == "" && !strings.HasSuffix(g[1], "s") {
		return false
	}
	owner := bareName(g[1])
	return filer == "" || !strings.HasPrefix(bareName(filer)+" ", owner+" ")
}

// newSymbol is the production of the combined company's listing: the symbol paired with its
// common stock (or the only symbol when no class is named) is the new ticker. A listing that
// lasts only "until the Closing" (slot "after", when the pattern has it) is the SPAC's own,
// and so is one of units (a combined company lists no units: the symbols' suffixes or the
// classes say so) or of a company named as a SPAC: the SPAC's own change of symbols.
func newSymbol(m *rule.Match) []rule.Out {
	if untilClosingRe.MatchString(m.Text("after")) || spacListing(m) {
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

// spacListing reports whether a listing of new symbols is the SPAC's own: its symbols are
// classed as units among others by their suffixes, its classes name units, or the company
// whose classes they are (the first name, not one it was "formerly") is named as a SPAC.
func spacListing(m *rule.Match) bool {
	syms := tickersIn(m, "syms")
	if len(syms) > 1 {
		values := make([]string, len(syms))
		for i, e := range syms {
			values[i] = e.Value
		}
		if slices.Contains(symbolClasses(values), spac.FieldTickerUnits) {
			return true
		}
	}
	classes := m.Text("classes")
	if unitsClassRe.MatchString(classes) {
		return true
	}
	orgs := m.Entities("classes")
	for _, e := range orgs {
		if e.Kind == entity.Org {
			return spacOnlyRe.MatchString(e.Value)
		}
	}
	return false
}

// unitsClassRe names units among listed classes ("the units, Class A common stock and
// warrants"), not units that separate or cease.
var unitsClassRe = textutil.MustStarts(`(?i)\bunits,\s+(?:the\s+|its\s+|our\s+)?(?:class a|common|ordinary|shares|warrants|rights)`)

func tickersIn(m *rule.Match, slot string) []entity.Entity {
	var out []entity.Entity
	for _, e := range m.Entities(slot) {
		if e.Kind == entity.Ticker {
			out = append(out, e)
		}
	}
	return out
}
