package web

import (
	"github.com/spacdata/spac"
)

// The profile's areas, field by field. Labels are the reader's words; field is the name the
// value's citation carries (the JSON field name).
var (
	headerSpecs = []spec[spac.SPAC]{
		{"Status", "status", kText, func(s *spac.SPAC) string { return label(string(s.Status)) }},
		{"Sponsor", "sponsor", kText, func(s *spac.SPAC) string { return s.Sponsor }},
		{"Exchange", "exchange", kText, func(s *spac.SPAC) string { return s.Exchange }},
		{"Target sector", "sector", kText, func(s *spac.SPAC) string { return s.Sector }},
		{"Target", "target", kText, func(s *spac.SPAC) string { return s.Target }},
		{"IPO date", "ipo_date", kDate, func(s *spac.SPAC) string { return s.IPODate }},
		{"Deadline", "deadline", kDate, func(s *spac.SPAC) string { return s.Deadline }},
		{"Shares", "tickers.shares", kText, func(s *spac.SPAC) string { return s.Tickers.Shares }},
		{"Units", "tickers.units", kText, func(s *spac.SPAC) string { return s.Tickers.Units }},
		{"Warrants", "tickers.warrants", kText, func(s *spac.SPAC) string { return s.Tickers.Warrants }},
		{"Rights", "tickers.rights", kText, func(s *spac.SPAC) string { return s.Tickers.Rights }},
	}
	trustSpecs = []spec[spac.SPAC]{
		{"Trust size", "trust_size", kMoney, func(s *spac.SPAC) string { return s.TrustSize }},
		{"Trust per share", "trust_per_share", kPrice, func(s *spac.SPAC) string { return s.TrustPerShare }},
		{"Public shares", "public_shares", kInt, func(s *spac.SPAC) string { return s.PublicShares }},
		{"As of", "trust_as_of", kDate, func(s *spac.SPAC) string { return s.TrustAsOf }},
		{"Redeemed since the IPO", "redeemed_pct", kPct, func(s *spac.SPAC) string { return s.RedeemedPct }},
		{"Payout per share", "payout_per_share", kPrice, func(s *spac.SPAC) string { return s.PayoutPerShare }},
		{"Payout date", "payout_date", kDate, func(s *spac.SPAC) string { return s.PayoutDate }},
		{"Share price", "price", kPrice, func(s *spac.SPAC) string { return s.Price }},
		{"Price date", "price_date", kDate, func(s *spac.SPAC) string { return s.PriceDate }},
		{"Yield to payout (simple)", "ytm_pct", kPct, func(s *spac.SPAC) string { return s.YTMPct }},
		{"Yield to payout (compounded)", "ytm_compounded_pct", kPct, func(s *spac.SPAC) string { return s.YTMCompoundedPct }},
	}
	offeringSpecs = []spec[spac.Offering]{
		{"Units offered", "units_offered", kInt, func(o *spac.Offering) string { return o.UnitsOffered }},
		{"of which over-allotment", "over_allotment_units", kInt, func(o *spac.Offering) string { return o.OverAllotmentUnits }},
		{"Unit price", "unit_price", kPrice, func(o *spac.Offering) string { return o.UnitPrice }},
		{"Unit", "unit_structure", kText, func(o *spac.Offering) string { return o.UnitStructure }},
		{"Gross proceeds", "gross_proceeds", kMoney, func(o *spac.Offering) string { return o.GrossProceeds }},
		{"Placed in trust", "trust_amount", kMoney, func(o *spac.Offering) string { return o.TrustAmount }},
		{"Trust per unit", "trust_per_unit", kPrice, func(o *spac.Offering) string { return o.TrustPerUnit }},
		{"Private placement", "private_placement", kMoney, func(o *spac.Offering) string { return o.PrivatePlacement }},
		{"Warrant exercise price", "warrant_exercise_price", kPrice, func(o *spac.Offering) string { return o.WarrantExercisePrice }},
		{"Months to complete a combination", "deadline_months", kInt, func(o *spac.Offering) string { return o.DeadlineMonths }},
	}
	voteSpecs = []spec[spac.Vote]{
		{"Meeting", "kind", kText, func(v *spac.Vote) string { return label(v.Kind) }},
		{"Meeting date", "meeting_date", kDate, func(v *spac.Vote) string { return v.MeetingDate }},
		{"Record date", "record_date", kDate, func(v *spac.Vote) string { return v.RecordDate }},
		{"Redemption deadline", "redemption_deadline", kDate, func(v *spac.Vote) string { return v.RedemptionDeadline }},
		{"For", "for", kInt, func(v *spac.Vote) string { return v.For }},
		{"Against", "against", kInt, func(v *spac.Vote) string { return v.Against }},
		{"Abstain", "abstain", kInt, func(v *spac.Vote) string { return v.Abstain }},
	}
	redemptionSpecs = []spec[spac.Redemption]{
		{"Date", "date", kDate, func(r *spac.Redemption) string { return r.Date }},
		{"Shares redeemed", "shares_redeemed", kInt, func(r *spac.Redemption) string { return r.SharesRedeemed }},
		{"Shares before", "shares_before", kInt, func(r *spac.Redemption) string { return r.SharesBefore }},
		{"Redeemed", "redeemed_pct", kPct, func(r *spac.Redemption) string { return r.RedeemedPct }},
		{"Price per share", "price", kPrice, func(r *spac.Redemption) string { return r.Price }},
		{"Amount", "amount", kMoney, func(r *spac.Redemption) string { return r.Amount }},
		{"Shares remaining", "shares_remaining", kInt, func(r *spac.Redemption) string { return r.SharesRemaining }},
	}
	extensionSpecs = []spec[spac.Extension]{
		{"Date", "date", kDate, func(x *spac.Extension) string { return x.Date }},
		{"Old deadline", "old_deadline", kDate, func(x *spac.Extension) string { return x.OldDeadline }},
		{"New deadline", "new_deadline", kDate, func(x *spac.Extension) string { return x.NewDeadline }},
		{"Sponsor deposit", "deposit", kMoney, func(x *spac.Extension) string { return x.Deposit }},
	}
	pendingSpecs = []spec[spac.PendingExtension]{
		{"Meeting date", "meeting_date", kDate, func(x *spac.PendingExtension) string { return x.MeetingDate }},
		{"Record date", "record_date", kDate, func(x *spac.PendingExtension) string { return x.RecordDate }},
		{"Redemption deadline", "redemption_deadline", kDate, func(x *spac.PendingExtension) string { return x.RedemptionDeadline }},
		{"Current deadline", "old_deadline", kDate, func(x *spac.PendingExtension) string { return x.OldDeadline }},
		{"Proposed deadline", "new_deadline", kDate, func(x *spac.PendingExtension) string { return x.NewDeadline }},
		{"Promised deposit", "deposit", kMoney, func(x *spac.PendingExtension) string { return x.Deposit }},
		{"Estimated per share", "estimated_per_share", kPrice, func(x *spac.PendingExtension) string { return x.EstimatedPerShare }},
	}
	combinationSpecs = []spec[spac.Combination]{
		{"Target", "target", kText, func(x *spac.Combination) string { return x.Target }},
		{"Agreement date", "agreement_date", kDate, func(x *spac.Combination) string { return x.AgreementDate }},
		{"Minimum cash", "minimum_cash", kMoney, func(x *spac.Combination) string { return x.MinimumCash }},
		{"Terminated", "termination_date", kDate, func(x *spac.Combination) string { return x.TerminationDate }},
		{"Closed", "closing_date", kDate, func(x *spac.Combination) string { return x.ClosingDate }},
		{"New name", "new_name", kText, func(x *spac.Combination) string { return x.NewName }},
		{"New ticker", "new_ticker", kText, func(x *spac.Combination) string { return x.NewTicker }},
	}
	pipeSpecs = []spec[spac.PIPE]{
		{"PIPE amount", "amount", kMoney, func(x *spac.PIPE) string { return x.Amount }},
		{"PIPE price", "price", kPrice, func(x *spac.PIPE) string { return x.Price }},
		{"PIPE shares", "shares", kInt, func(x *spac.PIPE) string { return x.Shares }},
	}
	fpaSpecs = []spec[spac.FPA]{
		{"Forward purchase amount", "amount", kMoney, func(x *spac.FPA) string { return x.Amount }},
		{"Forward purchase price", "price", kPrice, func(x *spac.FPA) string { return x.Price }},
	}
	earnoutSpecs = []spec[spac.Earnout]{
		{"Earnout shares", "shares", kInt, func(x *spac.Earnout) string { return x.Shares }},
		{"Earnout terms", "terms", kText, func(x *spac.Earnout) string { return x.Terms }},
	}
	lockupSpecs = []spec[spac.Lockup]{
		{"Party", "party", kText, func(x *spac.Lockup) string { return label(string(x.Party)) }},
		{"Days", "days", kInt, func(x *spac.Lockup) string { return x.Days }},
		{"Months", "months", kInt, func(x *spac.Lockup) string { return x.Months }},
		{"Expires", "expires", kDate, func(x *spac.Lockup) string { return x.Expires }},
	}
	liquidationSpecs = []spec[spac.Liquidation]{
		{"Redemption of all shares", "date", kDate, func(x *spac.Liquidation) string { return x.Date }},
		{"Price per share", "price_per_share", kPrice, func(x *spac.Liquidation) string { return x.PricePerShare }},
		{"Delisting", "delisting_date", kDate, func(x *spac.Liquidation) string { return x.DelistingDate }},
		{"Deregistration", "deregistration_date", kDate, func(x *spac.Liquidation) string { return x.DeregistrationDate }},
	}
	trustPointSpecs = []spec[spac.TrustPoint]{
		{"Date", "date", kDate, func(x *spac.TrustPoint) string { return x.Date }},
		{"Trust balance", "balance", kMoney, func(x *spac.TrustPoint) string { return x.Balance }},
		{"Shares subject to redemption", "shares_subject_to_redemption", kInt, func(x *spac.TrustPoint) string { return x.SharesSubjectToRedemption }},
		{"Redemption value per share", "redemption_value_per_share", kPrice, func(x *spac.TrustPoint) string { return x.RedemptionValuePerShare }},
	}
)
