package fold

import (
	"cmp"
	"math/big"
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// The current trust account (universe row: trust_size, public_shares, trust_per_share,
// trust_as_of, redeemed_pct).
//
// Decisions:
//   - The base is the latest stated value: the trust balance of a periodic report dated on or
//     after the IPO (with its share count and redemption value per share), else the amount
//     placed in trust at the IPO with the units sold and the trust per unit: the offering's
//     figures, one consistent set (offering_size.go). A registration statement's proposed amount is not a
//     trust: before the IPO, and for a withdrawn registration, there is none (the proposed
//     amount stays in offering.trust_amount). A periodic report's balance is a trust whatever
//     the status (a history whose IPO filing is missing still has one).
//   - It is rolled forward by the stated events dated after it, in date order:
//   - a redemption leaves its shares remaining (stated, else shares before - shares redeemed)
//     at its redemption price per share (stated, else amount / shares redeemed): every public
//     share redeems pro rata at the same price, so right after the redemption the trust per
//     share is that price and the trust is shares remaining x price. (Subtracting the amount
//     paid from an older balance would drop the interest earned since that balance sheet: a
//     92 % redemption three months after a quarter end would understate the trust per share
//     by the quarter's interest.)
//   - an extension deposit adds its amount; the trust per share is then trust / shares.
//   - A redemption is reconciled with the share count: when the base already shows the shares
//     remaining (a report whose balance sheet was drawn up after the redemption) it is skipped;
//     when the counts do not add up, or neither a price nor an amount is stated, there is no
//     current trust (never a guess). Interest earned since the last stated value is not
//     estimated.
//   - Each value is cited as stated when a filing states it (the base's balance, share count
//     and per-share value; a redemption's price and shares remaining) and as derived, with its
//     inputs, when it is computed.
//   - A closed or liquidated SPAC has no trust account any more: no current trust.
//   - redeemed_pct is 1 - public shares / units sold at the IPO, in percent.

// trustState is the trust account as of a date: amount, public shares and the trust per share,
// each with its citation (shares and per share may be unknown: nil).
type trustState struct {
	date                            string
	dateCite                        spac.Citation
	amount, shares, per             *big.Rat
	amountCite, sharesCite, perCite spac.Citation
}

// currentTrust fills the trust fields of the row from the folded profile.
func currentTrust(p *spac.Profile) {
	switch p.Status {
	case spac.StatusWithdrawn, spac.StatusClosed, spac.StatusLiquidated:
		return
	}
	st, ok := trustBase(p)
	if !ok || !st.roll(p) {
		return
	}
	var cs citations = p.Citations
	p.TrustSize = fixed(st.amount, 2)
	cs.set(st.amountCite.WithField("trust_size"))
	p.TrustAsOf = st.date
	cs.set(st.dateCite.WithField("trust_as_of"))
	if st.shares != nil {
		if n, ok := integral(st.shares); ok && st.shares.Sign() > 0 {
			p.PublicShares = n
			cs.set(st.sharesCite.WithField("public_shares"))
		}
	}
	switch {
	case st.per != nil:
		p.TrustPerShare = fixed(st.per, 4)
		cs.set(st.perCite.WithField("trust_per_share"))
	case p.PublicShares != "":
		if per, ok := quo(st.amount, st.shares); ok {
			p.TrustPerShare = fixed(per, 4)
			cs.set(derived("trust_per_share", st.amountCite, st.sharesCite))
		}
	}
	redeemedPct(p, &cs)
	p.Citations = cs.list()
}

// redeemedPct is the share of the IPO's public shares redeemed since.
func redeemedPct(p *spac.Profile, cs *citations) {
	units, ok1 := dec(p.Offering.UnitsOffered)
	shares, ok2 := dec(p.PublicShares)
	unitsCite, ok3 := citationOf(p.Offering.Citations, "units_offered")
	sharesCite, ok4 := cs.find("public_shares")
	if !ok1 || !ok2 || !ok3 || !ok4 || shares.Cmp(units) > 0 {
		return
	}
	if pct, ok := percent(sub(units, shares), units); ok {
		p.RedeemedPct = fixed(pct, 2)
		cs.set(derived("redeemed_pct", unitsCite, sharesCite))
	}
}

// trustBase is the latest stated trust value on or after the IPO.
func trustBase(p *spac.Profile) (trustState, bool) {
	for i := len(p.TrustSeries) - 1; i >= 0; i-- {
		tp := p.TrustSeries[i]
		amount, ok := dec(tp.Balance)
		if !ok || (p.IPODate != "" && tp.Date < p.IPODate) {
			continue
		}
		st := trustState{date: tp.Date, amount: amount}
		st.dateCite, _ = citationOf(tp.Citations, "date")
		st.amountCite, _ = citationOf(tp.Citations, "balance")
		if n, ok := dec(tp.SharesSubjectToRedemption); ok {
			st.shares = n
			st.sharesCite, _ = citationOf(tp.Citations, "shares_subject_to_redemption")
		}
		if v, ok := dec(tp.RedemptionValuePerShare); ok && v.Sign() > 0 {
			st.per = v
			st.perCite, _ = citationOf(tp.Citations, "redemption_value_per_share")
		}
		return st, true
	}
	return ipoBase(p)
}

// ipoBase is the trust as the IPO placed it: the offering's amount in trust, units and trust
// per unit (one consistent set, offering_size.go), unless they are a registration statement's
// proposal.
func ipoBase(p *spac.Profile) (trustState, bool) {
	ipoCite, ok := citationOf(p.Citations, "ipo_date")
	o := p.Offering
	amountCite, okA := citationOf(o.Citations, "trust_amount")
	amount, okV := dec(o.TrustAmount)
	if !ok || p.IPODate == "" || !okA || !okV || proposed(amountCite) {
		return trustState{}, false
	}
	st := trustState{date: p.IPODate, dateCite: ipoCite, amount: amount, amountCite: amountCite.WithField(spac.FieldTrustSize)}
	if n, ok := dec(o.UnitsOffered); ok && n.Sign() > 0 {
		st.shares = n
		st.sharesCite, _ = citationOf(o.Citations, "units_offered")
	}
	if v, ok := dec(o.TrustPerUnit); ok && v.Sign() > 0 {
		st.per = v
		st.perCite, _ = citationOf(o.Citations, "trust_per_unit")
	}
	return st, true
}

// proposed reports whether a value is read from (or derived first from) a registration
// statement, which proposes terms rather than stating a trust that exists.
func proposed(c spac.Citation) bool {
	return registrationForms[strings.TrimSuffix(c.Filing, "/A")]
}

// registrationForms state proposed terms, not a trust that exists.
var registrationForms = map[string]bool{"S-1": true, "F-1": true}

// trustEvent is a redemption or a deposit dated after the base.
type trustEvent struct {
	date  string
	red   *spac.Redemption
	ext   *spac.Extension
	order int
}

// roll applies the redemptions and deposits dated after the base; false when one cannot be
// applied (no price nor amount, share counts that do not add up).
func (st *trustState) roll(p *spac.Profile) bool {
	var events []trustEvent
	for i := range p.Redemptions {
		if r := &p.Redemptions[i]; r.Date > st.date {
			events = append(events, trustEvent{date: r.Date, red: r, order: 0})
		}
	}
	for i := range p.Extensions {
		if e := &p.Extensions[i]; e.Deposit != "" && e.Date > st.date {
			events = append(events, trustEvent{date: e.Date, ext: e, order: 1})
		}
	}
	slices.SortStableFunc(events, func(a, b trustEvent) int {
		return cmp.Or(cmp.Compare(a.date, b.date), cmp.Compare(a.order, b.order))
	})
	for _, ev := range events {
		var ok bool
		if ev.red != nil {
			ok = st.redeem(*ev.red)
		} else {
			ok = st.deposit(*ev.ext)
		}
		if !ok {
			return false
		}
	}
	return true
}

// redeem applies one redemption: the shares remaining at the redemption price.
func (st *trustState) redeem(r spac.Redemption) bool {
	redeemed, okR := dec(r.SharesRedeemed)
	remaining, okL := dec(r.SharesRemaining)
	if st.shares != nil && okL && remaining.Cmp(st.shares) == 0 {
		return true // the base already shows the shares left after it
	}
	if st.shares != nil && okR && okL && add(redeemed, remaining).Cmp(st.shares) != 0 {
		return false // the counts do not add up: which one is current is unknown
	}
	var shares *big.Rat
	var sharesCite spac.Citation
	switch {
	case okL:
		shares = remaining
		sharesCite, _ = citationOf(r.Citations, "shares_remaining")
	case okR && st.shares != nil:
		shares = sub(st.shares, redeemed)
		c, _ := citationOf(r.Citations, "shares_redeemed")
		sharesCite = derived("public_shares", st.sharesCite, c)
	default:
		return false
	}
	per, perCite, ok := redemptionPrice(r, redeemed, okR)
	if !ok || shares.Sign() < 0 {
		return false
	}
	st.shares, st.sharesCite = shares, sharesCite
	st.per, st.perCite = per, perCite
	st.amount = mul(shares, per)
	st.amountCite = derived("trust_size", perCite, sharesCite)
	st.moveTo(r.Date, r.Citations)
	return true
}

// redemptionPrice is the price per share a redemption paid: stated, else amount / shares
// redeemed.
func redemptionPrice(r spac.Redemption, redeemed *big.Rat, okR bool) (*big.Rat, spac.Citation, bool) {
	if c, ok := citationOf(r.Citations, "price"); ok && c.Basis != spac.BasisDerived {
		if v, ok := dec(r.Price); ok && v.Sign() > 0 {
			return v, c, true
		}
	}
	amount, ok := dec(r.Amount)
	amountCite, okC := citationOf(r.Citations, "amount")
	redeemedCite, okRC := citationOf(r.Citations, "shares_redeemed")
	if !ok || !okC || !okR || !okRC || amountCite.Basis == spac.BasisDerived {
		return nil, spac.Citation{}, false
	}
	per, ok := quo(amount, redeemed)
	if !ok {
		return nil, spac.Citation{}, false
	}
	return per, derived("trust_per_share", amountCite, redeemedCite), true
}

// deposit pays in one extension deposit.
func (st *trustState) deposit(e spac.Extension) bool {
	amount, ok := dec(e.Deposit)
	c, okC := citationOf(e.Citations, "deposit")
	if !ok || !okC {
		return false
	}
	st.amount = add(st.amount, amount)
	st.amountCite = derived("trust_size", st.amountCite, c)
	st.per, st.perCite = nil, spac.Citation{} // trust / shares from here
	st.moveTo(e.Date, e.Citations)
	return true
}

func (st *trustState) moveTo(date string, cs []spac.Citation) {
	st.date = date
	if c, ok := citationOf(cs, "date"); ok {
		st.dateCite = c
	}
}
