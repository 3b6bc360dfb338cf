package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spacdata/spac"
)

// valueView is one value on a page with where it came from: a stated value links to the
// filing line that states it; a derived one links to its derivation (formula and inputs,
// each input a link in turn); a quoted one (a market price) names its source.
type valueView struct {
	Text string
	Cite *citeView // nil: the value has no citation (the API never serves one; shown as such)
}

type citeView struct {
	Href      string // the filing view at the line, or "#<derivation id>"
	Basis     spac.Basis
	Form      string
	FiledAt   string
	Accession string
	Line      int
	Quote     string
	Source    string // quoted values: the quotes source and its date
	AsOf      string
	Derived   *derivation
}

// Describe is the link's accessible description: "10-Q filed 2026-11-16, line 48".
func (c citeView) Describe() string {
	switch {
	case c.Derived != nil:
		return "derived: " + c.Derived.Formula
	case c.Source != "":
		return "quoted from " + c.Source + " as of " + c.AsOf
	}
	return c.Form + " filed " + c.FiledAt + ", line " + strconv.Itoa(c.Line)
}

// derivation is how a derived value was computed: the formula (empty when the inputs are
// not of a shape the explorer knows how to name) and its inputs.
type derivation struct {
	ID      string
	Formula string
	Inputs  []inputView
}

type inputView struct {
	Name string
	Cite citeView
}

// maxDerivationDepth bounds nested derivations (a rolled-forward trust cites a derived
// per-share value, which cites its own inputs...).
const maxDerivationDepth = 6

// ids hands out the ids of derivations, unique within a page.
type ids struct{ n int }

func (d *ids) next() string {
	d.n++
	return "d" + strconv.Itoa(d.n)
}

// value is v (of kind k) with the citation of field among cites.
func (d *ids) value(v string, k kind, cites []spac.Citation, field string) valueView {
	if v == "" {
		return valueView{}
	}
	out := valueView{Text: formatValue(v, k)}
	if c, ok := citationOf(cites, field); ok {
		cv := d.cite(c, 0)
		out.Cite = &cv
	}
	return out
}

// values is value for a multi-valued field (underwriters, previous names): each item gets
// the citation of the field whose quote names it, else the i-th one.
func (d *ids) values(items []string, cites []spac.Citation, field string) []valueView {
	var all []spac.Citation
	for _, c := range cites {
		if c.Field == field {
			all = append(all, c)
		}
	}
	out := make([]valueView, 0, len(items))
	for i, it := range items {
		v := valueView{Text: it}
		if c, ok := quoting(all, it, i); ok {
			cv := d.cite(c, 0)
			v.Cite = &cv
		}
		out = append(out, v)
	}
	return out
}

func quoting(cs []spac.Citation, item string, i int) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Quote != "" && (strings.Contains(c.Quote, item) || strings.Contains(item, c.Quote)) {
			return c, true
		}
	}
	if i < len(cs) {
		return cs[i], true
	}
	return spac.Citation{}, false
}

func citationOf(cs []spac.Citation, field string) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Field == field {
			return c, true
		}
	}
	return spac.Citation{}, false
}

// cite builds the view of one citation.
func (d *ids) cite(c spac.Citation, depth int) citeView {
	v := citeView{Basis: c.Basis, Form: c.Filing, FiledAt: c.FiledAt, Accession: c.Accession,
		Line: c.Line, Quote: c.Quote, Source: c.Source, AsOf: c.AsOf}
	switch {
	case c.Basis == spac.BasisDerived || (len(c.Inputs) > 0 && c.Line == 0):
		der := &derivation{ID: d.next(), Formula: formula(c)}
		if depth < maxDerivationDepth {
			for _, in := range c.Inputs {
				der.Inputs = append(der.Inputs, inputView{Name: label(in.Field), Cite: d.cite(in, depth+1)})
			}
		}
		v.Derived, v.Href = der, "#"+der.ID
	case c.Source != "":
		// a market quote: not a filing line, nothing to open
	case c.Accession != "" && c.Line > 0:
		v.Href = filingHref(c.Accession, c.Line, c.Quote)
	}
	return v
}

// ytmInputs are the inputs of a yield (ingest/market.YTM): the payout, its date, the price.
var ytmInputs = []string{"payout per share", "payout date", "price"}

// formula names the computation behind a derived value from its field and the fields of its
// inputs, in the shapes the fold produces (ingest/fold: trust.go, meetings.go, row.go,
// combination.go; ingest/market for yields). An unknown shape gets no formula: the page then lists the inputs only,
// rather than guess.
func formula(c spac.Citation) string {
	in := make([]string, len(c.Inputs))
	for i, x := range c.Inputs {
		in[i] = label(x.Field)
	}
	two := len(in) == 2
	switch {
	case two && in[0] == "ipo date" && in[1] == "deadline months":
		return "IPO date + deadline months"
	case c.Field == "redeemed_pct" && two && in[0] == "units offered":
		return "(units offered − public shares) ÷ units offered × 100"
	case c.Field == "redeemed_pct" && two:
		return in[0] + " ÷ " + in[1] + " × 100"
	case c.Field == "shares_before" && two:
		return in[0] + " + " + in[1]
	case c.Field == "amount" && two:
		return in[0] + " × " + in[1]
	case c.Field == "trust_per_share" && two:
		return in[0] + " ÷ " + in[1]
	case c.Field == "trust_size" && two && in[1] == "deposit":
		return in[0] + " + deposit"
	case c.Field == "trust_size" && two:
		return in[0] + " × " + in[1]
	case c.Field == "public_shares" && two:
		return in[0] + " − " + in[1]
	case c.Field == "expires" && two && (in[1] == "days" || in[1] == "months"):
		return in[0] + " + lock-up " + in[1]
	case c.Field == "ytm_pct" && slices.Equal(in, ytmInputs):
		return "(payout per share ÷ price − 1) × 365 ÷ days from today to the payout date × 100"
	case c.Field == "ytm_compounded_pct" && slices.Equal(in, ytmInputs):
		return "((payout per share ÷ price) ^ (365 ÷ days from today to the payout date) − 1) × 100"
	}
	return ""
}
