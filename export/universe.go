package export

import (
	"slices"
	"strings"

	"github.com/spacdata/spac"
)

// universeColumn is a data column of the universe CSV: its header, the fields= name it
// belongs to, the citation field that cites it (its JSON path) and its value.
type universeColumn struct {
	name, field, cite string
	value             func(spac.SPAC) string
}

// plain is a column named after its JSON field, cited under that name.
func plain(name string, value func(spac.SPAC) string) universeColumn {
	return universeColumn{name: name, field: name, cite: name, value: value}
}

// ticker is one of the tickers object's columns ("tickers_units", cited as "tickers.units").
func ticker(part string, value func(spac.Tickers) string) universeColumn {
	return universeColumn{name: "tickers_" + part, field: "tickers", cite: "tickers." + part,
		value: func(r spac.SPAC) string { return value(r.Tickers) }}
}

// universeColumns are the universe CSV's data columns in their documented, stable order: the
// order of the JSON row. Values are written as the JSON row holds them: decimals as plain
// decimal strings, dates YYYY-MM-DD. Lists go into one cell: previous names "; "-separated
// (names contain commas), previous tickers space-separated.
var universeColumns = []universeColumn{
	plain("cik", func(r spac.SPAC) string { return CIK(r.CIK) }),
	plain("symbol", func(r spac.SPAC) string { return r.Symbol }),
	plain("name", func(r spac.SPAC) string { return r.Name }),
	plain("status", func(r spac.SPAC) string { return string(r.Status) }),
	plain("sponsor", func(r spac.SPAC) string { return r.Sponsor }),
	plain("trust_size", func(r spac.SPAC) string { return r.TrustSize }),
	plain("trust_per_share", func(r spac.SPAC) string { return r.TrustPerShare }),
	plain("public_shares", func(r spac.SPAC) string { return r.PublicShares }),
	plain("trust_as_of", func(r spac.SPAC) string { return r.TrustAsOf }),
	plain("redeemed_pct", func(r spac.SPAC) string { return r.RedeemedPct }),
	plain("ipo_date", func(r spac.SPAC) string { return r.IPODate }),
	plain("deadline", func(r spac.SPAC) string { return r.Deadline }),
	plain("payout_per_share", func(r spac.SPAC) string { return r.PayoutPerShare }),
	plain("payout_date", func(r spac.SPAC) string { return r.PayoutDate }),
	plain("price", func(r spac.SPAC) string { return r.Price }),
	plain("price_date", func(r spac.SPAC) string { return r.PriceDate }),
	plain("ytm_pct", func(r spac.SPAC) string { return r.YTMPct }),
	plain("ytm_compounded_pct", func(r spac.SPAC) string { return r.YTMCompoundedPct }),
	plain("sector", func(r spac.SPAC) string { return r.Sector }),
	plain("exchange", func(r spac.SPAC) string { return r.Exchange }),
	plain("target", func(r spac.SPAC) string { return r.Target }),
	plain("previous_names", func(r spac.SPAC) string { return strings.Join(r.PreviousNames, "; ") }),
	ticker("shares", func(t spac.Tickers) string { return t.Shares }),
	ticker("units", func(t spac.Tickers) string { return t.Units }),
	ticker("warrants", func(t spac.Tickers) string { return t.Warrants }),
	ticker("rights", func(t spac.Tickers) string { return t.Rights }),
	ticker("previous", func(t spac.Tickers) string { return strings.Join(t.Previous, " ") }),
}

// UniverseFields are the fields= names the universe CSV knows (the JSON row's fields).
func UniverseFields() []string {
	var out []string
	for _, c := range universeColumns {
		if !slices.Contains(out, c.field) {
			out = append(out, c.field)
		}
	}
	return out
}

// Universe is the CSV of universe rows: the columns of the selected fields (every field when
// sel is empty), in universeColumns' order whatever the order asked; with citations, then
// "<column>_source" for every data column but cik (the key, cited by nothing): the line URLs
// its citations point at (see Links.Sources), empty when it has none.
func Universe(l Links, sel []string, citations bool) Table[spac.SPAC] {
	var t Table[spac.SPAC]
	for _, c := range universeColumns {
		if len(sel) > 0 && !slices.Contains(sel, c.field) {
			continue
		}
		t.data = append(t.data, column[spac.SPAC]{name: c.name, field: c.field, value: c.value})
		if citations && c.name != "cik" {
			cite := c.cite
			t.sources = append(t.sources, column[spac.SPAC]{name: c.name + "_source", field: c.field,
				value: func(r spac.SPAC) string { return l.Sources(citing(r.Citations, cite)) }})
		}
	}
	return t
}

// citing are the citations of one field: those named path, or below it ("path.x").
func citing(cs []spac.Citation, path string) []spac.Citation {
	var out []spac.Citation
	for _, c := range cs {
		if c.Field == path || strings.HasPrefix(c.Field, path+".") {
			out = append(out, c)
		}
	}
	return out
}
