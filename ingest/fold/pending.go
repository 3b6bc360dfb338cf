package fold

import (
	spac "github.com/spacdata/spac"
)

var pendingSlots = []slot[spac.PendingExtension]{
	{spac.FieldMeetingDate, "meeting_date", func(v *spac.PendingExtension) *string { return &v.MeetingDate }},
	{spac.FieldRecordDate, "record_date", func(v *spac.PendingExtension) *string { return &v.RecordDate }},
	{spac.FieldRedemptionDeadline, "redemption_deadline", func(v *spac.PendingExtension) *string { return &v.RedemptionDeadline }},
	{spac.FieldOldDeadline, "old_deadline", func(v *spac.PendingExtension) *string { return &v.OldDeadline }},
	{spac.FieldNewDeadline, "new_deadline", func(v *spac.PendingExtension) *string { return &v.NewDeadline }},
	{spac.FieldExtensionDeposit, "deposit", func(v *spac.PendingExtension) *string { return &v.Deposit }},
	{spac.FieldTrustPerShare, "estimated_per_share", func(v *spac.PendingExtension) *string { return &v.EstimatedPerShare }},
}

// pendingExtension folds the terms of an extension still to be voted on: while the status is
// in_extension, the extension proxies (PRE/DEF 14A asking to extend the deadline) among recs,
// the filings since the one that started the extension, later ones winning. The old deadline is the one the proxy states,
// else the current deadline. Nil when no extension is pending.
func pendingExtension(p spac.Profile, recs []record) *spac.PendingExtension {
	if p.Status != spac.StatusInExtension {
		return nil
	}
	var pe spac.PendingExtension
	var cs citations
	got := false
	for _, r := range recs {
		if _, ok := extensionProposal(r); !ok {
			continue
		}
		if fill(r, &pe, &cs, pendingSlots) {
			got = true
			pe.Accession = r.filing.Accession
		}
	}
	if !got {
		return nil
	}
	if pe.OldDeadline == "" && p.Deadline != "" && p.Deadline != pe.NewDeadline {
		if c, ok := citationOf(p.Citations, "deadline"); ok {
			pe.OldDeadline = p.Deadline
			cs.set(c.WithField("old_deadline"))
		}
	}
	pe.Citations = cs.list()
	return &pe
}

// payout sets what a public share redeems for and when (the YTM's inputs):
//   - liquidating: the announced liquidation price and date, both as stated; without either
//     there is no payout (the trust value is not what a liquidation pays);
//   - active (searching, announced, in vote, in extension): the current trust per share at the
//     current deadline;
//   - otherwise none.
func payout(p *spac.Profile) {
	var cs citations = p.Citations
	switch {
	case p.Status == spac.StatusLiquidating:
		l := p.Liquidation
		if l == nil || l.PricePerShare == "" || l.Date == "" {
			return
		}
		price, ok1 := citationOf(l.Citations, "price_per_share")
		date, ok2 := citationOf(l.Citations, "date")
		if !ok1 || !ok2 {
			return
		}
		p.PayoutPerShare, p.PayoutDate = l.PricePerShare, l.Date
		cs.set(price.WithField("payout_per_share"))
		cs.set(date.WithField("payout_date"))
	case isActive(p.Status):
		tps, ok1 := citationOf(p.Citations, "trust_per_share")
		deadline, ok2 := citationOf(p.Citations, "deadline")
		if !ok1 || !ok2 || p.TrustPerShare == "" || p.Deadline == "" {
			return
		}
		p.PayoutPerShare, p.PayoutDate = p.TrustPerShare, p.Deadline
		cs.set(tps.WithField("payout_per_share"))
		cs.set(deadline.WithField("payout_date"))
	default:
		return
	}
	p.Citations = cs.list()
}
