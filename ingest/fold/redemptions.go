package fold

import (
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// Redemptions: one entry per redemption event, however many filings report it.
//
// Decisions:
//   - A filing (with its amendments) reporting any redemption outcome is one report; the
//     vote's 8-K (item 5.07) and the closing 8-K (item 2.01) often report the same redemption.
//   - Two reports are one event when they agree on every value both state (shares redeemed,
//     price, amount, shares remaining, compared as numbers) and either
//     (a) both are dated by the meeting they report and it is the same meeting date (a meeting
//     makes one redemption offer), or
//     (b) the later one states no meeting, states the same number of shares redeemed as the
//     earlier one (which is dated by its meeting), and no shareholder meeting was held after
//     that meeting and on or before the later filing's date (no new offer was made).
//     Anything else stays apart: two meetings (an extension, then the combination) are two
//     redemptions, and reports that disagree (a count revised between the vote and the closing)
//     are kept as filed rather than guessed into one.
//   - The merged event keeps the earliest report's accession, date and, for each value both
//     state, its citation: that filing reported the redemption first, so alerts and news keyed
//     on it do not fire again when the second report arrives. A value only the later report
//     states (often the shares remaining) is taken from it with its own citation.
//   - What is derived (amount, shares before, redeemed %) is computed once, after the merge.
//   - A periodic report's account of a redemption (history.go) is the same event as a report
//     of the same date, or of the same number of shares redeemed or amount paid, even when a
//     figure differs (reports round): the current report's values win and history only fills
//     what it left out. An account matching no report is an event of its own, dated by the
//     event it narrates. Redemptions are listed in order of their dates.

var redemptionSlots = []slot[spac.Redemption]{
	{spac.FieldSharesRedeemed, "shares_redeemed", func(v *spac.Redemption) *string { return &v.SharesRedeemed }},
	{spac.FieldRedemptionPrice, "price", func(v *spac.Redemption) *string { return &v.Price }},
	{spac.FieldRedemptionAmount, "amount", func(v *spac.Redemption) *string { return &v.Amount }},
	{spac.FieldSharesRemaining, "shares_remaining", func(v *spac.Redemption) *string { return &v.SharesRemaining }},
}

// redemptionReport is one filing group's redemption outcome before derived values.
type redemptionReport struct {
	red       spac.Redemption
	cs        citations
	byMeeting bool // dated by a meeting the filing states, not by its filing date
	history   bool // a periodic report's account, not a current report
	filed     string
}

// redemptions folds redemption outcomes, one per event (see above), dated by the meeting the
// reporting filing states, else by its filing date. meetings are the folded votes.
func redemptions(recs []record, meetings []spac.Vote) []spac.Redemption {
	var reports []*redemptionReport
	for _, g := range groups(recs) {
		rep := redemptionReport{filed: g[0].filing.FiledAt}
		if !fillGroup(g, &rep.red, &rep.cs, redemptionSlots) {
			continue
		}
		rep.red.Date = eventDate(g, &rep.cs)
		rep.byMeeting = g[0].event != "" || slices.ContainsFunc(g, func(r record) bool { return r.has(spac.FieldMeetingDate) })
		rep.history = narrated(g)
		rep.red.Accession = g[len(g)-1].filing.Accession
		if i := sameRedemption(reports, rep, meetings); i >= 0 {
			reports[i].absorb(rep)
			continue
		}
		if i := sameAccount(reports, rep); i >= 0 {
			reports[i].merge(rep)
			continue
		}
		reports = append(reports, &rep)
	}
	out := make([]spac.Redemption, 0, len(reports))
	for _, rep := range reports {
		completeRedemption(&rep.red, &rep.cs)
		rep.red.Citations = rep.cs.list()
		out = append(out, rep.red)
	}
	slices.SortStableFunc(out, func(a, b spac.Redemption) int { return strings.Compare(a.Date, b.Date) })
	return out
}

// sameAccount finds the report of the event a periodic report's account rep recounts (or,
// for a current report, the account that came first), or -1: the same date, or the same
// shares redeemed or amount paid.
func sameAccount(reports []*redemptionReport, rep redemptionReport) int {
	for i, w := range slices.Backward(reports) {
		if !rep.history && !w.history {
			continue
		}
		if w.byMeeting && rep.byMeeting && w.red.Date == rep.red.Date ||
			sameNumber(w.red.SharesRedeemed, rep.red.SharesRedeemed) || sameNumber(w.red.Amount, rep.red.Amount) {
			return i
		}
	}
	return -1
}

// merge joins the report rep to w, an earlier report of the same event: a current report's
// values win over a periodic report's account (which only fills gaps); the event keeps w's
// accession, so that what was fired for it does not fire again.
func (w *redemptionReport) merge(rep redemptionReport) {
	if !w.history || rep.history {
		w.absorb(rep)
		return
	}
	for _, s := range redemptionSlots {
		if v := *s.dst(&rep.red); v != "" {
			*s.dst(&w.red) = v
			if c, ok := rep.cs.find(s.label); ok {
				w.cs.set(c)
			}
		}
	}
	if rep.byMeeting {
		w.red.Date = rep.red.Date
		if c, ok := rep.cs.find("date"); ok {
			w.cs.set(c)
		}
	}
	w.history = false
}

// sameRedemption finds the earlier report of the event rep reports, or -1.
func sameRedemption(reports []*redemptionReport, rep redemptionReport, meetings []spac.Vote) int {
	for i, w := range slices.Backward(reports) {
		if !w.byMeeting || !agree(w.red, rep.red) {
			continue
		}
		if rep.byMeeting && rep.red.Date == w.red.Date {
			return i
		}
		if !rep.byMeeting && sameNumber(w.red.SharesRedeemed, rep.red.SharesRedeemed) &&
			w.red.Date <= rep.filed && !meetingBetween(meetings, w.red.Date, rep.filed) {
			return i
		}
	}
	return -1
}

// agree reports whether no value stated by both a and b differs.
func agree(a, b spac.Redemption) bool {
	for _, s := range redemptionSlots {
		x, y := *s.dst(&a), *s.dst(&b)
		if x != "" && y != "" && !sameNumber(x, y) {
			return false
		}
	}
	return true
}

// sameNumber reports whether a and b are both stated and equal as numbers.
func sameNumber(a, b string) bool {
	x, okX := dec(a)
	y, okY := dec(b)
	return okX && okY && x.Cmp(y) == 0
}

// meetingBetween reports whether a meeting was held after from and on or before to.
func meetingBetween(meetings []spac.Vote, from, to string) bool {
	return slices.ContainsFunc(meetings, func(v spac.Vote) bool {
		return v.MeetingDate > from && v.MeetingDate <= to
	})
}

// absorb takes the values only the later report rep states, with their citations.
func (w *redemptionReport) absorb(rep redemptionReport) {
	for _, s := range redemptionSlots {
		if v := *s.dst(&rep.red); v != "" && *s.dst(&w.red) == "" {
			*s.dst(&w.red) = v
			if c, ok := rep.cs.find(s.label); ok {
				w.cs.set(c)
			}
		}
	}
}

// completeRedemption derives what the filing leaves implicit: the amount paid out (shares
// redeemed x price) and the public shares before the redemption (redeemed + remaining), and
// the percentage redeemed. Each derived value cites its inputs.
func completeRedemption(r *spac.Redemption, cs *citations) {
	redeemed, okR := dec(r.SharesRedeemed)
	redeemedCite, _ := cs.find("shares_redeemed")
	if price, ok := dec(r.Price); r.Amount == "" && ok && okR {
		priceCite, _ := cs.find("price")
		r.Amount = fixed(mul(redeemed, price), 2)
		cs.set(derived("amount", redeemedCite, priceCite))
	}
	if remaining, ok := dec(r.SharesRemaining); ok && okR && r.SharesBefore == "" {
		remainingCite, _ := cs.find("shares_remaining")
		if n, ok := integral(add(redeemed, remaining)); ok {
			r.SharesBefore = n
			cs.set(derived("shares_before", redeemedCite, remainingCite))
		}
	}
	redemptionPct(r, cs)
}

// redemptionPct sets redeemed / shares before, in percent.
func redemptionPct(r *spac.Redemption, cs *citations) {
	redeemed, ok1 := dec(r.SharesRedeemed)
	before, ok2 := dec(r.SharesBefore)
	if !ok1 || !ok2 || redeemed.Cmp(before) > 0 {
		return
	}
	if pct, ok := percent(redeemed, before); ok {
		redeemedCite, _ := cs.find("shares_redeemed")
		beforeCite, _ := cs.find("shares_before")
		r.RedeemedPct = fixed(pct, 2)
		cs.set(derived("redeemed_pct", redeemedCite, beforeCite))
	}
}

// sharesBeforeRedemptions completes shares_before where the filing states no shares remaining:
// the shares remaining after the previous redemption, or the units sold at the IPO for the
// first one.
func sharesBeforeRedemptions(p *spac.Profile) {
	prev, prevCite, since := p.Offering.UnitsOffered, spac.Citation{}, p.IPODate
	if c, ok := citationOf(p.Offering.Citations, "units_offered"); ok && since != "" {
		prevCite = c
	} else {
		prev = ""
	}
	for i := range p.Redemptions {
		r := &p.Redemptions[i]
		if r.SharesBefore == "" && r.SharesRedeemed != "" && prev != "" && sameSharesBetween(p.TrustSeries, since, r.Date, prev) {
			cs := citations(r.Citations)
			r.SharesBefore = prev
			cs.set(derived("shares_before", prevCite))
			redemptionPct(r, &cs)
			r.Citations = cs.list()
		}
		if c, ok := citationOf(r.Citations, "shares_remaining"); ok {
			prev, prevCite, since = r.SharesRemaining, c, r.Date
		} else {
			prev = ""
		}
	}
}

// sameSharesBetween reports whether every report dated from..to (exclusive) that states a
// share count states shares: nothing else changed the count in between.
func sameSharesBetween(series []spac.TrustPoint, from, to, shares string) bool {
	for _, tp := range series {
		if tp.Date >= from && tp.Date < to && tp.SharesSubjectToRedemption != "" && tp.SharesSubjectToRedemption != shares {
			return false
		}
	}
	return true
}
