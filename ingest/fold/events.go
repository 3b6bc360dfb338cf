package fold

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	spac "github.com/spacdata/spac"
)

// calendar derives the SPAC's dated events from its folded profile, whatever today is:
//   - deadline: the current deadline, only while the SPAC is active (searching, announced,
//     in vote or in extension); a closed or liquidated SPAC has no deadline to watch.
//   - extension_vote / merger_vote: each meeting by kind; redemption_deadline: each meeting's
//     last day to tender.
//   - lockup_expiry: each lockup with a derived expiry.
//   - warrant_expiry: closing date + the warrants' term as a filing states it ("expire five
//     years after the completion of our initial business combination"), derived from both;
//     none when no filing states the term (the customary five years is not assumed).
//   - expected_close: when the pending combination is expected to close, as the latest filing
//     about the current deal states it (expectedClose): a day, or a month, quarter or half as
//     a range (date..end_date, with the period as stated).
//   - liquidation_payment: the day a liquidating (or liquidated) SPAC pays out its public
//     shares, from the liquidation notice.
//
// Each event cites its date (Field "date") and the SPAC's symbol and name. Events sharing an
// ID (cik/type/date) are merged.
func calendar(p spac.Profile, recs []record) []spac.Event {
	b := eventBuilder{p: p, byID: map[string]int{}, out: []spac.Event{}}
	if c, ok := citationOf(p.Citations, "deadline"); ok && isActive(p.Status) {
		b.add(spac.EventDeadline, p.Deadline, "deadline to complete a business combination", c)
	}
	for _, v := range p.Votes {
		b.addVote(v)
	}
	if f, ok := expectedClose(p, recs); ok {
		b.addExpectedClose(f)
	}
	if l := p.Liquidation; l != nil && (p.Status == spac.StatusLiquidating || p.Status == spac.StatusLiquidated) {
		if c, ok := citationOf(l.Citations, "date"); ok {
			what := "liquidation: public shares redeemed"
			if l.PricePerShare != "" {
				what += " at $" + l.PricePerShare + " per share"
			}
			b.add(spac.EventLiquidationPayment, l.Date, what, c)
		}
	}
	if p.Combination != nil {
		for _, l := range p.Combination.Lockups {
			b.addLockupExpiry(l)
		}
		b.addWarrantExpiry(recs)
	}
	slices.SortFunc(b.out, func(x, y spac.Event) int {
		return cmp.Or(cmp.Compare(x.Date, y.Date), cmp.Compare(x.ID, y.ID))
	})
	return b.out
}

type eventBuilder struct {
	p    spac.Profile
	byID map[string]int
	out  []spac.Event
}

func (b *eventBuilder) addVote(v spac.Vote) {
	meeting, okMeeting := citationOf(v.Citations, "meeting_date")
	switch {
	case !okMeeting:
	case v.Kind == "extension":
		b.add(spac.EventExtensionVote, v.MeetingDate, "extension meeting", meeting)
	case v.Kind == "business_combination":
		b.add(spac.EventMergerVote, v.MeetingDate, "business combination meeting", meeting)
	}
	if c, ok := citationOf(v.Citations, "redemption_deadline"); ok {
		what := "redemption deadline"
		if v.Kind != "" {
			what += " for the " + strings.ReplaceAll(v.Kind, "_", " ") + " meeting"
		}
		b.add(spac.EventRedemptionDeadline, v.RedemptionDeadline, what, c)
	}
}

// addWarrantExpiry adds the closing date + the warrants' stated term.
func (b *eventBuilder) addWarrantExpiry(recs []record) {
	comb := b.p.Combination
	closing, ok := citationOf(comb.Citations, "closing_date")
	if !ok {
		return
	}
	term, ok := latest(recs, spac.FieldWarrantTermMonths)
	if !ok {
		return
	}
	months, ok := atoi(term.Value)
	if !ok || months == 0 {
		return
	}
	if date, ok := addMonths(comb.ClosingDate, months); ok {
		b.add(spac.EventWarrantExpiry, date, "warrants expire ("+monthsText(months)+" after closing)",
			derived("date", closing, stated(term, term.Field)))
	}
}

// monthsText writes a term in years when it is whole years ("5 years"), else in months.
func monthsText(months int) string {
	if months%12 == 0 {
		return fmt.Sprintf("%d years", months/12)
	}
	return fmt.Sprintf("%d months", months)
}

// expectedClose is the latest statement of when the pending combination is expected to close,
// from the filings about the current deal (filed on or after its agreement date, else after the
// first filing naming its target); none once the deal closed or was terminated, or when the
// SPAC is no longer active.
func expectedClose(p spac.Profile, recs []record) (spac.Fact, bool) {
	c := p.Combination
	if c == nil || c.ClosingDate != "" || c.TerminationDate != "" || !isActive(p.Status) {
		return spac.Fact{}, false
	}
	start := c.AgreementDate
	if start == "" {
		start = firstFiledStating(recs, spac.FieldTarget, c.Target)
	}
	if start == "" {
		return spac.Fact{}, false
	}
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].filing.FiledAt < start {
			break
		}
		if f, ok := recs[i].first(spac.FieldExpectedClose); ok {
			if _, _, _, ok := periodRange(f.Value); ok {
				return f, true
			}
		}
	}
	return spac.Fact{}, false
}

// firstFiledStating is the filing date of the first record stating value for field ("" when
// none does).
func firstFiledStating(recs []record, field, value string) string {
	for _, r := range recs {
		for _, f := range r.all(field) {
			if f.Value == value {
				return r.filing.FiledAt
			}
		}
	}
	return ""
}

// periodRange reads an expected_close value: a day (2027-03-15), a month (2027-03), a quarter
// (2027-Q1), a half (2027-H1) or a year (2027). It returns the first and last day and the
// period ("" for a day).
func periodRange(v string) (from, to, period string, ok bool) {
	if _, ok := parseDate(v); ok {
		return v, v, "", true
	}
	year, rest, _ := strings.Cut(v, "-")
	if len(year) != 4 || !intRe.MatchString(year) {
		return "", "", "", false
	}
	first, last := 0, 0
	switch {
	case rest == "":
		first, last = 1, 12
	case len(rest) == 2 && rest[0] == 'Q' && rest[1] >= '1' && rest[1] <= '4':
		q := int(rest[1] - '0')
		first, last = 3*q-2, 3*q
	case rest == "H1" || rest == "H2":
		first = 1 + 6*int(rest[1]-'1')
		last = first + 5
	case len(rest) == 2 && intRe.MatchString(rest):
		m, _ := atoi(rest)
		first, last = m, m
	}
	if first < 1 || last > 12 {
		return "", "", "", false
	}
	from = fmt.Sprintf("%s-%02d-01", year, first)
	start, _ := addMonths(fmt.Sprintf("%s-%02d-01", year, last), 1)
	to, _ = addDays(start, -1)
	return from, to, v, true
}

// addExpectedClose adds the expected closing: on its day (stated), or over its period's range
// (date and end_date derived from the stated period).
func (b *eventBuilder) addExpectedClose(f spac.Fact) {
	from, to, period, _ := periodRange(f.Value)
	if period == "" {
		b.add(spac.EventExpectedClose, from, "business combination expected to close", stated(f, "date"))
		return
	}
	src := stated(f, "period")
	i := b.add(spac.EventExpectedClose, from, "business combination expected to close ("+period+")", derived("date", src))
	if i >= 0 && b.out[i].Period == "" {
		b.out[i].EndDate, b.out[i].Period = to, period
		b.out[i].Citations = append(b.out[i].Citations, derived("end_date", src), src)
	}
}

// add records an event on date, citing its date source and the SPAC's symbol and name; it
// returns the event's index (-1 when the date is not a date).
func (b *eventBuilder) add(t spac.EventType, date, what string, source spac.Citation) int {
	return b.addAs(fmt.Sprintf("%s/%s/%s", b.p.CIK, t, date), t, date, what, source)
}

// addLockupExpiry adds the expiry of a lockup whose closing is known: one event per party
// and date (id cik/lockup_expiry/date/party), its party cited as the lockup cites it.
func (b *eventBuilder) addLockupExpiry(l spac.Lockup) {
	c, ok := citationOf(l.Citations, "expires")
	if !ok {
		return
	}
	id := fmt.Sprintf("%s/%s/%s/%s", b.p.CIK, spac.EventLockupExpiry, l.Expires, l.Party)
	what := lockupOf[l.Party] + " expires (" + lockupPeriod(l) + " after closing)"
	i := b.addAs(id, spac.EventLockupExpiry, l.Expires, what, c)
	if party, ok := citationOf(l.Citations, "party"); ok && i >= 0 && b.out[i].Party == "" {
		b.out[i].Party = l.Party
		b.out[i].Citations = append(b.out[i].Citations, party)
	}
}

// addAs adds an event of id, or cites source again on the event of that id.
func (b *eventBuilder) addAs(id string, t spac.EventType, date, what string, source spac.Citation) int {
	if _, ok := parseDate(date); !ok {
		return -1
	}
	source.Field = "date"
	if i, ok := b.byID[id]; ok {
		b.out[i].Citations = append(b.out[i].Citations, source)
		return i
	}
	cs := []spac.Citation{source}
	for _, f := range []string{"symbol", "name"} {
		if c, ok := citationOf(b.p.Citations, f); ok {
			cs = append(cs, c)
		}
	}
	b.byID[id] = len(b.out)
	b.out = append(b.out, spac.Event{
		ID: id, Type: t, Date: date, CIK: b.p.CIK, Symbol: b.p.Symbol, Name: b.p.Name,
		Title: b.label() + ": " + what, Citations: cs,
	})
	return len(b.out) - 1
}

// label names the SPAC in a title: "Maple Ridge Acquisition Corp. (MRAC)".
func (b *eventBuilder) label() string {
	switch {
	case b.p.Name != "" && b.p.Symbol != "":
		return b.p.Name + " (" + b.p.Symbol + ")"
	case b.p.Name != "":
		return b.p.Name
	case b.p.Symbol != "":
		return b.p.Symbol
	}
	return "CIK " + string(b.p.CIK)
}

// lockupOf names a party's lockup in an event's title.
var lockupOf = map[spac.LockupParty]string{
	spac.LockupSponsor: "sponsor's lockup", spac.LockupTargetHolders: "target holders' lockup",
	spac.LockupSponsorAndHolders: "sponsor's and holders' lockup", spac.LockupPIPEInvestors: "PIPE investors' lockup",
	spac.LockupOther: "lockup",
}

func lockupPeriod(l spac.Lockup) string {
	if l.Days != "" {
		return l.Days + " days"
	}
	return l.Months + " months"
}

func citationOf(cs []spac.Citation, field string) (spac.Citation, bool) {
	return citations(cs).find(field)
}
