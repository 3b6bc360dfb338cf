package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// mergerReports: the combination as quarterly and annual reports (and the successor's
// filings) tell it: the combined company's name, the SPAC's former name beside the
// successor's. Part of the merger family (merger.go).
var mergerReports = []*rule.Rule{
	{
		// a transfer of listing at the closing: "intends to delist from the NYSE and list the
		// shares of common stock and warrants of the post-combination company, to be renamed X, on
		// Nasdaq under the ticker symbols “X” and “XW”"
		ID: "merger.new_ticker_list_combined", Produce: newSymbol, Gives: []string{spac.FieldNewTicker},
		Pattern: `(?i)\b(?:list|listing of) (?P<classes>(?:the )?(?:shares of )?(?:common stock|class a common stock|ordinary shares|shares)[^⟦]{0,40}? of the (?:post-combination|combined) company)` +
			`(?:,[^⟦]{0,30}?(?:{org})?,)? on {exchange}(?: \([^)]{0,40}\))? ` + underSymbols,
		Classes:  dealForms,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "Following the business combination, the Company expects to be renamed “X, Inc.”"
		ID: "merger.new_name_renamed_report", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)(?:renamed|be renamed|been renamed|being renamed)(?: as)? ` + q + `?{v:org}`,
		Must:     combinationContext,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		ID: "merger.new_name_changed_report", Emit: rule.One(spac.FieldNewName),
		Pattern:  `(?i)(?:changed|change|changing|will change) (?:its|our|their) name (?:from [^⟦]*?{org}?[^⟦]{0,20}? )?to ` + q + `?{v:org}`,
		Must:     combinationContext,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// "UWM Holdings Corporation (f/k/a Gores Holdings IV, Inc.)": the successor's name beside
		// the SPAC's, in any report of the successor
		ID: "merger.new_name_formerly_spac", Produce: formerSPAC, Gives: []string{spac.FieldNewName},
		Pattern:  `(?i)(?P<v>{org})(?: \([^)]{0,60}\))?,? \(?(?:f/k/a|formerly known as|formerly) (?P<former>{org})`,
		Classes:  dealReports,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// the same after the successor's jurisdiction, the SPAC named without a legal form the
		// recogniser reads: "Joby Aviation, Inc., a Delaware corporation (f/k/a Reinvent Technology
		// Partners, a Cayman Islands exempted company)"; only when the former name is the filer's
		ID: "merger.new_name_formerly_filer", Produce: formerFiler, Gives: []string{spac.FieldNewName},
		Pattern:  `(?i)(?P<v>{org}),? (?:a|an) (?:[A-Za-z-]+ ){0,4}(?:corporation|company) \((?:f/k/a|formerly known as|formerly) (?P<former>(?-i:[A-Z])[^,()⟦]{2,80}?)(?:,|\))`,
		Classes:  dealReports,
		NotKinds: notStated,
		Priority: 8,
	},
}

// formerFiler is the production of "X, a Delaware corporation (f/k/a Y, ...)": X is the combined
// company's name when Y is the filer's name.
func formerFiler(m *rule.Match) []rule.Out {
	news := m.Entities("v")
	filer := bareName(m.Filer())
	if len(news) != 1 || filer == "" || bareName(m.Text("former")) != filer || bareName(news[0].Value) == filer {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldNewName, news[0].Value, news[0])}
}

// combinationContext is a sentence about the business combination (a name change for another
// reason, such as a SPAC's own before its offering, is not the combined company's name).
const combinationContext = `(?i)business combination|\bmerger\b|\bclosing\b|combined company|transactions? contemplated`

// seriesNameRe is a blank check company's kind of name: "Acquisition", "Merger", or a series
// numeral ("Gores Holdings IV, Inc.", "Churchill Capital Corp IV").
var seriesNameRe = textutil.MustStarts(`(?i)\b(?:acquisition|merger|spac)\b|\b(?:I{1,3}|IV|VI{0,3}|IX|X)\b\.?,?(?:\s+(?:Inc|Corp|Corporation|Ltd|Limited|Co)\b\.?)?\s*$`)

// formerSPAC is the production of "X (f/k/a Y)": X is the combined company's name when Y is the
// SPAC (the filer, or a name of a blank check company's kind) and X is not itself such a name
// (a SPAC renamed from one series to the next).
func formerSPAC(m *rule.Match) []rule.Out {
	news, formers := m.Entities("v"), m.Entities("former")
	if len(news) != 1 || len(formers) != 1 {
		return nil
	}
	now, was := news[0], formers[0]
	isSPAC := bareName(was.Value) == bareName(m.Filer()) || seriesNameRe.MatchString(was.Value)
	if !isSPAC || seriesNameRe.MatchString(now.Value) || bareName(now.Value) == bareName(was.Value) {
		return nil
	}
	return []rule.Out{m.Cite(spac.FieldNewName, now.Value, now)}
}

// SPACName reports whether name is of a blank check company's kind ("... Acquisition Corp.",
// "... Holdings IV, Inc."): the cover reader tells the SPAC's former name from a successor's.
func SPACName(name string) bool {
	return seriesNameRe.MatchString(name) || spacNameRe.MatchString(name)
}

// SameCompany reports whether two names are one company's, without case, punctuation and
// legal form.
func SameCompany(a, b string) bool { return bareName(a) == bareName(b) }
