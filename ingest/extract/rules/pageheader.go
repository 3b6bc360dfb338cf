package rules

import (
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The quote strip a market-data site sets above its copy of a filing names the company whose
// page it is, with its exchange and symbol: "Share Name Share Symbol Market Type / Acme
// Acquisition Corp NASDAQ:ACQ NASDAQ Common Stock". It is read only when the company is the
// filer itself (after a de-SPAC the page is the successor's, named otherwise) and the class
// is its common shares. Part of the offering family (offering.go); corpus: offering.corpus.
var offeringPageHeader = []*rule.Rule{
	{
		ID: "offering.page_header_symbol", Produce: pageHeaderSymbol, Gives: []string{spac.FieldTickerShares, spac.FieldExchange},
		Pattern: `(?:^|\s)(?P<name>(?:[^⟦]|⟦org \d+⟧){1,160}?) (?P<ex>{exchange}):(?P<sym>[A-Z][A-Z0-9]{1,5}|{ticker}) {exchange} ` +
			`(?:Common Stock|Ordinary Shares?|Class A Common Stock|Class A Ordinary Shares?)\b`,
		Classes:  []doc.Class{doc.Current, doc.Communication, doc.Periodic, doc.Proxy},
		Priority: 6,
	},
}

// pageHeaderSymbol cites the strip's symbol and exchange when its company is the filer.
func pageHeaderSymbol(m *rule.Match) []rule.Out {
	if !stripNamesFiler(m.Text("name"), m.Filer()) {
		return nil
	}
	sym, at := m.Text("sym"), m.Start("sym")
	out := []rule.Out{span(m, spac.FieldTickerShares, sym, at, at+len(sym))}
	for _, e := range m.Entities("ex") {
		out = append(out, m.Cite(spac.FieldExchange, e.Value, e))
	}
	return out
}

// legalWordsRe are the legal-form words a site may write otherwise than the filing ("Mountain
// Crest Acquisition Corporation V" for "Mountain Crest Acquisition Corp. V").
var legalWordsRe = textutil.MustStarts(`\b(?:corporation|corp|company|co|incorporated|inc|limited|ltd)\b\s*`)

// stripNamesFiler reports whether the strip's words before the symbol end with the filer's
// name, after nothing or the strip's "Market Type" heading (a merged line of the page's
// chrome may run into it).
func stripNamesFiler(text, filer string) bool {
	norm := func(s string) string {
		return strings.TrimSpace(legalWordsRe.ReplaceAllString(bareName(s)+" ", ""))
	}
	name, want := norm(text), norm(filer)
	if filer == "" || want == "" || !strings.HasSuffix(name, want) {
		return false
	}
	before := strings.TrimSpace(strings.TrimSuffix(name, want))
	return before == "" || strings.HasSuffix(before, "market type")
}
