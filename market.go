package spac

// Market joins market data to a row when the row is served: the last quoted price of the
// shares and the yields to the payout (ingest/market). Nothing it adds is ever stored with a
// profile. Join starts from the row as folded (any market fields it carries are replaced).
// Version changes whenever Join may give another result for the same row (new quotes, a new
// day), so callers may cache joined rows per version.
type Market interface {
	Join(row SPAC) SPAC
	Version() string
}

// MarketFields are the fields of SPAC a Market sets; they are never stored.
var MarketFields = []string{"price", "price_date", "ytm_pct", "ytm_compounded_pct"}
