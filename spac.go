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
	// The SPAC's SEC Central Index Key, 10 digits with leading zeros.
	CIK CIK `json:"cik"`
	// The common-share ticker; the unit ticker before the shares list.
	Symbol string `json:"symbol"`
	// The SPAC's name; after a de-SPAC, the combined company's.
	Name string `json:"name"`
	// Where the SPAC is in its life: pre_ipo, searching, combination_announced, in_vote,
	// in_extension, closed, liquidating, liquidated, withdrawn or unknown.
	Status Status `json:"status"`
	// The sponsor (the entity that formed the SPAC), as the prospectus names it.
	Sponsor string `json:"sponsor,omitempty"`
	// The current trust account in US dollars (two decimals): the latest stated balance rolled
	// forward by the redemptions paid out and extension deposits paid in since. Absent before the
	// IPO, once the trust is released (closed, liquidated) and whenever an input is missing.
	TrustSize string `json:"trust_size,omitempty" jsonschema:"format=decimal"`
	// The trust per public share in US dollars (four decimals): the stated redemption value, else
	// trust_size / public_shares.
	TrustPerShare string `json:"trust_per_share,omitempty" jsonschema:"format=decimal"`
	// Public shares outstanding with that trust (shares that can be redeemed).
	PublicShares string `json:"public_shares,omitempty" jsonschema:"format=decimal"`
	// The date trust_size, trust_per_share and public_shares are as of (YYYY-MM-DD).
	TrustAsOf string `json:"trust_as_of,omitempty" jsonschema:"format=date"`
	// Share of the public shares sold at the IPO redeemed since, in percent (two decimals).
	RedeemedPct string `json:"redeemed_pct,omitempty" jsonschema:"format=decimal"`
	// Date the IPO closed (YYYY-MM-DD).
	IPODate string `json:"ipo_date,omitempty" jsonschema:"format=date"`
	// The current deadline to complete a combination before the SPAC must liquidate (YYYY-MM-DD),
	// extensions included.
	Deadline string `json:"deadline,omitempty" jsonschema:"format=date"`
	// What a public share redeems for (US dollars): the announced liquidation price of a
	// liquidating SPAC, else the trust per share at the deadline.
	PayoutPerShare string `json:"payout_per_share,omitempty" jsonschema:"format=decimal"`
	// When that payout happens (YYYY-MM-DD): the liquidation payment date, else the deadline.
	PayoutDate string `json:"payout_date,omitempty" jsonschema:"format=date"`
	// Last market price of the common shares (US dollars), from the quotes file; joined when the
	// row is served, cited with basis quoted.
	//
	// Price, price_date and the yields are market data (ingest/market): joined when the row is
	// served, never stored with the profile.
	Price string `json:"price,omitempty" jsonschema:"format=decimal"`
	// The date that price is as of (YYYY-MM-DD).
	PriceDate string `json:"price_date,omitempty" jsonschema:"format=date"`
	// Simple annual yield, in percent, of buying at price today and redeeming at payout_per_share
	// on payout_date.
	YTMPct string `json:"ytm_pct,omitempty" jsonschema:"format=decimal"`
	// The same yield compounded annually, in percent.
	YTMCompoundedPct string `json:"ytm_compounded_pct,omitempty" jsonschema:"format=decimal"`
	// The sector the SPAC targets, as its prospectus states it.
	Sector string `json:"sector,omitempty"`
	// Where the securities list, by the venue's current name: "Nasdaq", "NYSE", "NYSE American"
	// or "OTC" (a filing of 2009 saying "NYSE Amex" is NYSE American here; its citation's quote
	// and the fact keep the name the filing used).
	Exchange string `json:"exchange,omitempty"`
	// The target of the pending or completed business combination (a terminated deal's is
	// dropped).
	Target string `json:"target,omitempty"`
	// Names the registrant filed under before, oldest first.
	PreviousNames []string `json:"previous_names,omitempty"`
	// All the SPAC's tickers: shares, units, warrants, rights and former ones.
	Tickers Tickers `json:"tickers"`
	Sample  bool    `json:"-"` // part of the anonymous sample set
	// The filing lines each field was read from (field = the JSON name); computed values cite
	// their inputs.
	Citations []Citation `json:"citations"`
}

// Tickers are all symbols of a SPAC. Previous keeps symbols it no longer trades under so that
// a lookup by an old ticker still finds it.
type Tickers struct {
	// Ticker of the common (Class A) shares.
	Shares string `json:"shares,omitempty"`
	// Ticker of the units (a share plus warrants or rights).
	Units string `json:"units,omitempty"`
	// Ticker of the warrants.
	Warrants string `json:"warrants,omitempty"`
	// Ticker of the rights.
	Rights string `json:"rights,omitempty"`
	// Tickers the SPAC traded under before; a lookup by one still finds it.
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
