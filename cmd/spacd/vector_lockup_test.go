package main

import (
	"regexp"
	"testing"

	spac "github.com/spacdata/spac"
)

// TestVectorLockupsPerParty: Vector's store holds the lock-ups of every party its filings
// state: the sponsor's year (with an early release) and the Rocket Lab holders' six months of
// the proxy, the registration rights agreement's 180 days; each cited to the words naming
// its party, each expiring from the closing of Item 2.01, each party an event of its own.
func TestVectorLockupsPerParty(t *testing.T) {
	t.Parallel()
	s, _ := readServed(t, vectorStore(t))
	if len(s.profiles) != 1 || s.profiles[0].Combination == nil {
		t.Fatalf("want Vector's profile with its combination")
	}
	c := s.profiles[0].Combination
	got := map[spac.LockupParty]string{} // party -> periods and expiries
	for _, l := range c.Lockups {
		party, ok := citationNamed(l.Citations, "party")
		if !ok || party.Line == 0 || !partyWords.MatchString(party.Quote) {
			t.Errorf("lockup %+v: party cited %+v, want the words naming it", l, party)
		}
		period := l.Days + " days"
		if l.Months != "" {
			period = l.Months + " months"
		}
		got[l.Party] += period + " to " + l.Expires + "; "
		t.Logf("%s: %s to %s; party %q on %s line %d, period %q on line %d", l.Party, period, l.Expires,
			party.Quote, party.Filing, party.Line, l.Citations[0].Quote, l.Citations[0].Line)
	}
	want := map[spac.LockupParty]string{
		spac.LockupSponsor:           "12 months to 2022-08-25; ",
		spac.LockupTargetHolders:     "6 months to 2022-02-25; 180 days to 2022-02-21; ",
		spac.LockupSponsorAndHolders: "180 days to 2022-02-21; ",
	}
	if len(got) != len(want) {
		t.Errorf("lockups by party = %v, want %v", got, want)
	}
	for party, w := range want {
		if got[party] != w {
			t.Errorf("%s lockups = %q, want %q", party, got[party], w)
		}
	}
	expiries := map[spac.LockupParty]int{}
	for _, e := range s.events {
		if e.Type == spac.EventLockupExpiry {
			expiries[e.Party]++
		}
	}
	if expiries[spac.LockupSponsor] != 1 || expiries[spac.LockupTargetHolders] != 2 || expiries[spac.LockupSponsorAndHolders] != 1 {
		t.Errorf("lockup expiry events by party = %v", expiries)
	}
}

var partyWords = regexp.MustCompile(`(?i)sponsor|holder`)

func citationNamed(cs []spac.Citation, field string) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Field == field {
			return c, true
		}
	}
	return spac.Citation{}, false
}
