// Package spac is the domain vocabulary of the SPAC Data API: the SPAC record and profile,
// citations, filings, facts, calendar events, alerts and news. It depends on nothing but the
// standard library; the adapters (kv = Badger, index = Bleve, api = Gin, ingest = EDGAR readers)
// talk to each other only through the types and interfaces declared here.
//
// Codes are closed vocabularies declared here and listed in the OpenAPI schema as enums:
// Status, EventType, AlertKind, Basis, Tier, and LockupParty - who a lock-up binds: sponsor,
// target_holders, sponsor_and_holders (one statement binding both), pipe_investors, other.
package spac

import (
	"strings"
)

// CIK is the SEC's registrant identifier, always 10 digits, zero-padded ("0001847577").
type CIK string

// ParseCIK accepts a CIK with or without leading zeros ("1847577", "0001847577", "CIK0001847577")
// and returns its 10-digit form.
func ParseCIK(s string) (CIK, bool) {
	s = strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "CIK")
	if s == "" || len(s) > 10 {
		return "", false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return CIK(strings.Repeat("0", 10-len(s)) + s), true
}

// Status is the lifecycle status of a SPAC (docs/decisions.md, "Identity and lifecycle").
type Status string

const (
	StatusPreIPO               Status = "pre_ipo"               // S-1 filed
	StatusWithdrawn            Status = "withdrawn"             // RW filed
	StatusSearching            Status = "searching"             // IPO closed; or agreement terminated
	StatusCombinationAnnounced Status = "combination_announced" // 8-K 1.01 BCA, or 425
	StatusInVote               Status = "in_vote"               // DEFM14A / 424B3 with meeting date
	StatusInExtension          Status = "in_extension"          // extension proxy pending
	StatusClosed               Status = "closed"                // de-SPAC completed (8-K 2.01)
	StatusLiquidating          Status = "liquidating"           // liquidation announced
	StatusLiquidated           Status = "liquidated"            // Form 25 / 15 after liquidation
	// StatusUnknown: no filing the store holds states or implies a step of the lifecycle - a
	// SPAC known only from a mid-life document (an extension release, a vote 8-K). The fold
	// never guesses one (a SPAC read as searching while a deal is pending would mislead), and
	// it is never extracted from a filing.
	StatusUnknown Status = "unknown"
)

// Statuses lists every status in lifecycle order, unknown last.
var Statuses = []Status{
	StatusPreIPO, StatusWithdrawn, StatusSearching, StatusCombinationAnnounced, StatusInVote,
	StatusInExtension, StatusClosed, StatusLiquidating, StatusLiquidated, StatusUnknown,
}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool {
	for _, v := range Statuses {
		if v == s {
			return true
		}
	}
	return false
}

// SPAC is the universe row and the header of a profile. Every non-empty data field has an
// entry in Citations whose Field is the field's JSON name.
type SPAC struct {
	CIK     CIK    `json:"cik"`
	Symbol  string `json:"symbol"` // common-share ticker; falls back to the unit ticker before listing
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Sponsor string `json:"sponsor,omitempty"`
	// TrustSize is the current trust account (two fractional digits): the latest stated value
	// rolled forward by the redemptions paid out and extension deposits paid in since. Empty
	// before the IPO, after the trust is released (closed, liquidated) and whenever an input
	// is missing. TrustPerShare (four digits), PublicShares and TrustAsOf go with it.
	TrustSize     string `json:"trust_size,omitempty" jsonschema:"format=decimal"`
	TrustPerShare string `json:"trust_per_share,omitempty" jsonschema:"format=decimal"`
	PublicShares  string `json:"public_shares,omitempty" jsonschema:"format=decimal"`
	TrustAsOf     string `json:"trust_as_of,omitempty" jsonschema:"format=date"` // YYYY-MM-DD the trust figures are as of
	// RedeemedPct is the share of the public shares sold at the IPO redeemed since (percent,
	// two fractional digits).
	RedeemedPct string `json:"redeemed_pct,omitempty" jsonschema:"format=decimal"`
	IPODate     string `json:"ipo_date,omitempty" jsonschema:"format=date"` // YYYY-MM-DD
	Deadline    string `json:"deadline,omitempty" jsonschema:"format=date"` // YYYY-MM-DD, current liquidation deadline
	// PayoutPerShare and PayoutDate are what a public share redeems for and when: the announced
	// liquidation price and date of a liquidating SPAC, else the trust per share at the deadline.
	PayoutPerShare string `json:"payout_per_share,omitempty" jsonschema:"format=decimal"`
	PayoutDate     string `json:"payout_date,omitempty" jsonschema:"format=date"`
	// Price (the last quote of the shares), PriceDate and the yields to the payout are market
	// data joined when the row is served (ingest/market); they are never stored with the profile.
	Price            string     `json:"price,omitempty" jsonschema:"format=decimal"`
	PriceDate        string     `json:"price_date,omitempty" jsonschema:"format=date"`
	YTMPct           string     `json:"ytm_pct,omitempty" jsonschema:"format=decimal"`            // simple annual yield, percent
	YTMCompoundedPct string     `json:"ytm_compounded_pct,omitempty" jsonschema:"format=decimal"` // compounded annual yield, percent
	Sector           string     `json:"sector,omitempty"`                                         // target sector focus
	Exchange         string     `json:"exchange,omitempty"`
	Target           string     `json:"target,omitempty"`         // the current or completed business combination's target
	PreviousNames    []string   `json:"previous_names,omitempty"` // names the registrant filed under before, oldest first
	Tickers          Tickers    `json:"tickers"`
	Sample           bool       `json:"-"` // part of the anonymous sample set
	Citations        []Citation `json:"citations"`
}

// Tickers are all symbols of a SPAC. Previous keeps symbols it no longer trades under so that
// a lookup by an old ticker still finds it.
type Tickers struct {
	Shares   string   `json:"shares,omitempty"`
	Units    string   `json:"units,omitempty"`
	Warrants string   `json:"warrants,omitempty"`
	Rights   string   `json:"rights,omitempty"`
	Previous []string `json:"previous,omitempty"`
}

// All returns every ticker, current and previous, upper-cased, without empties.
func (t Tickers) All() []string {
	var out []string
	for _, s := range append([]string{t.Shares, t.Units, t.Warrants, t.Rights}, t.Previous...) {
		if s = strings.ToUpper(strings.TrimSpace(s)); s != "" {
			out = append(out, s)
		}
	}
	return out
}
