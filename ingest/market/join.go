package market

import (
	"slices"
	"strconv"
	"time"

	spac "github.com/spacdata/spac"
)

// Joiner is the spac.Market of the service: it joins the latest quote of a row's shares and
// the yields to its payout (spac.SPAC.PayoutPerShare on PayoutDate, set by the fold) as of
// today.
type Joiner struct {
	src *Source
	now func() time.Time
}

// NewJoiner joins the quotes of src (nil: none) as of the day now returns (nil: time.Now).
func NewJoiner(src *Source, now func() time.Time) *Joiner {
	if now == nil {
		now = time.Now
	}
	return &Joiner{src: src, now: now}
}

// Version is the day and the quotes generation: a join changes with either.
func (j *Joiner) Version() string {
	_, gen := j.src.Book()
	return j.now().UTC().Format(time.DateOnly) + "/" + strconv.Itoa(gen)
}

// Join sets Price, PriceDate, YTMPct and YTMCompoundedPct with their citations. The quote is
// that of the common shares (Tickers.Shares, else Symbol). A yield needs the payout per share,
// the payout date and a price dated no later than today, each cited; without one of them the
// row has no yield.
func (j *Joiner) Join(row spac.SPAC) spac.SPAC {
	row = strip(row)
	book, _ := j.src.Book()
	sym := row.Tickers.Shares
	if sym == "" {
		sym = row.Symbol
	}
	q, ok := book.Quote(sym)
	if !ok {
		return row
	}
	today := j.now().UTC()
	price := quoted("price", book.Source, q, q.Price)
	row.Price, row.PriceDate = q.Price, q.Date
	row.Citations = append(row.Citations, price, quoted("price_date", book.Source, q, q.Date))
	payout, okP := citationOf(row.Citations, "payout_per_share")
	due, okD := citationOf(row.Citations, "payout_date")
	if !okP || !okD || q.Date > today.Format(time.DateOnly) {
		return row
	}
	y, ok := YTM(row.PayoutPerShare, row.PayoutDate, q.Price, today)
	if !ok {
		return row
	}
	inputs := []spac.Citation{payout, due, price}
	row.YTMPct = y.SimplePct
	row.Citations = append(row.Citations, derived("ytm_pct", inputs))
	if y.CompoundedPct != "" {
		row.YTMCompoundedPct = y.CompoundedPct
		row.Citations = append(row.Citations, derived("ytm_compounded_pct", inputs))
	}
	return row
}

// strip removes the market fields and their citations (the citations slice is copied: the
// row passed in may be shared).
func strip(row spac.SPAC) spac.SPAC {
	row.Price, row.PriceDate, row.YTMPct, row.YTMCompoundedPct = "", "", "", ""
	row.Citations = slices.DeleteFunc(slices.Clone(row.Citations), func(c spac.Citation) bool {
		return slices.Contains(spac.MarketFields, c.Field)
	})
	return row
}

// quoted cites value (the price, or the date) on the quote's line of the quotes file.
func quoted(field, source string, q Quote, value string) spac.Citation {
	return spac.Citation{
		Field: field, Basis: spac.BasisQuoted, Source: source, AsOf: q.Date,
		Line: q.Line, Quote: value, Excerpt: q.Text,
	}
}

// derived cites a value computed from inputs; it names the filing of the first input that has
// one, like the fold's derived citations.
func derived(field string, inputs []spac.Citation) spac.Citation {
	c := spac.Citation{Field: field, Basis: spac.BasisDerived, Inputs: slices.Clone(inputs)}
	for _, in := range inputs {
		if in.Accession != "" {
			c.Filing, c.Accession, c.URL, c.FiledAt = in.Filing, in.Accession, in.URL, in.FiledAt
			break
		}
	}
	return c
}

func citationOf(cs []spac.Citation, field string) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Field == field {
			return c, true
		}
	}
	return spac.Citation{}, false
}
