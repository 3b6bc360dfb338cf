package fold

import (
	"slices"

	spac "github.com/spacdata/spac"
)

var combinationSlots = []slot[spac.Combination]{
	{spac.FieldTarget, "target", func(c *spac.Combination) *string { return &c.Target }},
	{spac.FieldAgreementDate, "agreement_date", func(c *spac.Combination) *string { return &c.AgreementDate }},
	{spac.FieldTerminationDate, "termination_date", func(c *spac.Combination) *string { return &c.TerminationDate }},
	{spac.FieldClosingDate, "closing_date", func(c *spac.Combination) *string { return &c.ClosingDate }},
	{spac.FieldNewName, "new_name", func(c *spac.Combination) *string { return &c.NewName }},
	{spac.FieldNewTicker, "new_ticker", func(c *spac.Combination) *string { return &c.NewTicker }},
	{spac.FieldMinimumCash, "minimum_cash", func(c *spac.Combination) *string { return &c.MinimumCash }},
}

var pipeSlots = []slot[spac.PIPE]{
	{spac.FieldPIPEAmount, "amount", func(p *spac.PIPE) *string { return &p.Amount }},
	{spac.FieldPIPEPrice, "price", func(p *spac.PIPE) *string { return &p.Price }},
	{spac.FieldPIPEShares, "shares", func(p *spac.PIPE) *string { return &p.Shares }},
}

var fpaSlots = []slot[spac.FPA]{
	{spac.FieldFPAAmount, "amount", func(p *spac.FPA) *string { return &p.Amount }},
	{spac.FieldFPAPrice, "price", func(p *spac.FPA) *string { return &p.Price }},
}

var earnoutSlots = []slot[spac.Earnout]{
	{spac.FieldEarnoutShares, "shares", func(e *spac.Earnout) *string { return &e.Shares }},
	{spac.FieldEarnoutTerms, "terms", func(e *spac.Earnout) *string { return &e.Terms }},
}

// deal accumulates the current business combination while filings are replayed.
type deal struct {
	c                      spac.Combination
	cs, pipe, fpa, earnout citations
	lockups                map[spac.LockupParty][]spac.Lockup // party -> the lockups its latest statement gives
	hasData                bool
	endedOn                string // date of the termination, "" while the deal stands
}

// combination folds the business combination: each term from the latest filing stating it;
// each party's lockups are the set of the latest filing stating any of that party's (a closing
// 8-K restating the registration rights lock-up leaves the sponsor's own year standing). A new agreement after a termination
// starts a new combination (the terminated one stays visible in the status history).
// A periodic report is history: it fills only the terms no current report stated, and after
// a termination it starts a new combination only for an agreement dated after it (else it
// recalls the terminated one). Lockup expiries are derived from the closing date. Nil when no
// filing reports a deal.
func combination(recs []record) *spac.Combination {
	var d deal
	for _, r := range recs {
		if d.endedOn != "" && d.startsAnew(r) {
			d = deal{}
		}
		if !isPeriodic(r.filing.BaseForm()) || d.endedOn == "" && !d.recallsAnother(r) {
			d.add(r)
		}
	}
	if !d.hasData {
		return nil
	}
	c := d.c
	c.Citations = d.cs.list()
	c.PIPE.Citations = d.pipe.list()
	c.FPA.Citations = d.fpa.list()
	c.Earnout.Citations = d.earnout.list()
	closing, _ := d.cs.find("closing_date")
	c.Lockups = d.lockupList()
	for i, l := range c.Lockups {
		c.Lockups[i] = withExpiry(l, c.ClosingDate, closing)
	}
	return &c
}

// startsAnew reports whether filing r, after the deal's termination, reports a new agreement:
// a current report naming a target or an agreement date (without a termination of its own),
// a periodic report an agreement dated after the termination.
func (d *deal) startsAnew(r record) bool {
	if !isPeriodic(r.filing.BaseForm()) {
		return (r.has(spac.FieldAgreementDate) || r.has(spac.FieldTarget)) && !r.has(spac.FieldTerminationDate)
	}
	return slices.ContainsFunc(r.all(spac.FieldAgreementDate), func(f spac.Fact) bool { return f.Value > d.endedOn })
}

// recallsAnother reports whether periodic report r also tells of another deal than the
// current one (a terminated agreement, another target): its terms could be either deal's, so
// it fills none.
func (d *deal) recallsAnother(r record) bool {
	if !d.hasData {
		return false
	}
	for _, f := range r.facts {
		switch f.Field {
		case spac.FieldAgreementDate, spac.FieldTerminationDate:
			if d.c.AgreementDate != "" && f.Value < d.c.AgreementDate {
				return true
			}
		case spac.FieldTarget:
			if d.c.Target != "" && nameKey(f.Value) != nameKey(d.c.Target) {
				return true
			}
		}
	}
	return false
}

func (d *deal) add(r record) {
	put := fill[spac.Combination]
	if isPeriodic(r.filing.BaseForm()) && d.hasData {
		put = fillGaps[spac.Combination]
	}
	got := put(r, &d.c, &d.cs, combinationSlots)
	got = fillTerms(r, &d.c.PIPE, &d.pipe, pipeSlots, d.hasData) || got
	got = fillTerms(r, &d.c.FPA, &d.fpa, fpaSlots, d.hasData) || got
	got = fillTerms(r, &d.c.Earnout, &d.earnout, earnoutSlots, d.hasData) || got
	got = d.addLockups(r) || got
	d.hasData = d.hasData || got
	for _, f := range r.all(spac.FieldTerminationDate) {
		d.endedOn = max(d.endedOn, f.Value)
	}
}

// fillTerms fills a part of the deal from r: every term from a current report, only the
// missing ones from a periodic report once the deal has data.
func fillTerms[T any](r record, v *T, cs *citations, slots []slot[T], known bool) bool {
	if isPeriodic(r.filing.BaseForm()) && known {
		return fillGaps(r, v, cs, slots)
	}
	return fill(r, v, cs, slots)
}

// addLockups replaces the lockups of each party filing r states some of; a periodic report
// only states those of a party no other filing did.
func (d *deal) addLockups(r record) bool {
	got := false
	for party, ls := range lockupsOf(r) {
		if d.lockups == nil {
			d.lockups = map[spac.LockupParty][]spac.Lockup{}
		}
		if len(d.lockups[party]) == 0 || !isPeriodic(r.filing.BaseForm()) {
			d.lockups[party], got = ls, true
		}
	}
	return got
}

// lockupsOf lists the distinct lockup periods a filing states, by party, each cited with
// the words naming its party. A fact without a known party (stored before parties were read)
// is the lockup of an unnamed party.
func lockupsOf(r record) map[spac.LockupParty][]spac.Lockup {
	out := map[spac.LockupParty][]spac.Lockup{}
	seen := map[string]bool{}
	for _, f := range r.facts {
		l := spac.Lockup{Party: spac.LockupOther}
		if party := spac.LockupParty(f.Party); slices.Contains(spac.LockupParties, party) {
			l.Party = party
		}
		switch f.Field {
		case spac.FieldLockupDays:
			l.Days = f.Value
			l.Citations = []spac.Citation{stated(f, "days")}
		case spac.FieldLockupMonths:
			l.Months = f.Value
			l.Citations = []spac.Citation{stated(f, "months")}
		default:
			continue
		}
		// the party is cited on the words naming it; without any (a fact stored before
		// parties were read), on the statement of the period, which names no party
		ev, ok := partyEvidence(r, f)
		if !ok {
			ev = f
		}
		l.Citations = append(l.Citations, stated(ev, "party"))
		if key := string(l.Party) + ":" + lockupKey(l); f.Value != "" && !seen[key] {
			seen[key] = true
			out[l.Party] = append(out[l.Party], l)
		}
	}
	return out
}

func lockupKey(l spac.Lockup) string { return l.Days + "d" + l.Months + "m" }

// lockupList lists the deal's lockups in party order. An unnamed party's period that a named
// party's equals is the same lock-up restated (a registration rights agreement defining its
// "Lock-up Period" beside the 8-K that says whom it binds, an early filing that named no
// party) and is dropped.
func (d *deal) lockupList() []spac.Lockup {
	named := map[string]bool{}
	for party, ls := range d.lockups {
		for _, l := range ls {
			named[lockupKey(l)] = named[lockupKey(l)] || party != spac.LockupOther
		}
	}
	out := []spac.Lockup{}
	for _, party := range spac.LockupParties {
		for _, l := range d.lockups[party] {
			if party != spac.LockupOther || !named[lockupKey(l)] {
				out = append(out, l)
			}
		}
	}
	return out
}

// partyEvidence is the fact citing the words that name period f's party: of the same party,
// the nearest at or before f's line, else the nearest after it.
func partyEvidence(r record, f spac.Fact) (spac.Fact, bool) {
	var best spac.Fact
	found := false
	for _, e := range r.all(spac.FieldLockupParty) {
		if e.Party != f.Party || e.Value != f.Party {
			continue
		}
		before, bestBefore := e.Citation.Line <= f.Citation.Line, best.Citation.Line <= f.Citation.Line
		switch {
		case !found, before && (!bestBefore || e.Citation.Line > best.Citation.Line),
			!before && !bestBefore && e.Citation.Line < best.Citation.Line:
			best, found = e, true
		}
	}
	return best, found
}

// withExpiry sets the lockup's expiry to closing date + period when both are known.
func withExpiry(l spac.Lockup, closing string, closingCite spac.Citation) spac.Lockup {
	l.Citations = append([]spac.Citation(nil), l.Citations...)
	if closing == "" {
		return l
	}
	var expires string
	var ok bool
	if n, valid := atoi(l.Days); valid && l.Days != "" {
		expires, ok = addDays(closing, n)
	} else if n, valid := atoi(l.Months); valid && l.Months != "" {
		expires, ok = addMonths(closing, n)
	}
	if ok {
		l.Expires = expires
		l.Citations = append(l.Citations, derived("expires", closingCite, l.Citations[0]))
	}
	return l
}

var liquidationSlots = []slot[spac.Liquidation]{
	{spac.FieldLiquidationDate, "date", func(l *spac.Liquidation) *string { return &l.Date }},
	{spac.FieldLiquidationPrice, "price_per_share", func(l *spac.Liquidation) *string { return &l.PricePerShare }},
	{spac.FieldDelistingDate, "delisting_date", func(l *spac.Liquidation) *string { return &l.DelistingDate }},
	{spac.FieldDeregistrationDate, "deregistration_date", func(l *spac.Liquidation) *string { return &l.DeregistrationDate }},
}

// liquidation folds the wind-down, later filings winning. A delisting or deregistration alone
// is not a liquidation unless the status says so: a closed de-SPAC delists its old classes.
func liquidation(recs []record, status spac.Status) *spac.Liquidation {
	var l spac.Liquidation
	var cs citations
	got := false
	for _, r := range recs {
		got = fill(r, &l, &cs, liquidationSlots) || got
	}
	winding := status == spac.StatusLiquidating || status == spac.StatusLiquidated
	if !got || (!winding && l.Date == "" && l.PricePerShare == "") {
		return nil
	}
	l.Citations = cs.list()
	return &l
}
