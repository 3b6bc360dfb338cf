package fold

import (
	"testing"

	spac "github.com/spacdata/spac"
)

// A deal shaped like Vector / Rocket Lab's: the proxy states the target holders' six months,
// the sponsor's year and the registration-rights holders' 180 days; the closing 8-K restates
// only the sponsor's and holders' 180 days. Each party keeps its latest statement, each cited
// to the words naming it, and expiries wait for the completed closing.
var (
	lockupProxy = step{form: "S-4/A", filed: "2022-08-01", facts: []fv{
		fl(spac.FieldLockupParty, string(spac.LockupTargetHolders), "certain Nimbus stockholders", spac.LockupTargetHolders),
		fl(spac.FieldLockupMonths, "6", "six months", spac.LockupTargetHolders),
		fl(spac.FieldLockupParty, string(spac.LockupSponsor), "Sponsor", spac.LockupSponsor),
		fl(spac.FieldLockupMonths, "12", "one year", spac.LockupSponsor),
		fl(spac.FieldLockupParty, string(spac.LockupTargetHolders), "Nimbus stockholder", spac.LockupTargetHolders),
		fl(spac.FieldLockupDays, "180", "180 days", spac.LockupTargetHolders),
		fq(spac.FieldExpectedClose, "2022-09-30", "September 30, 2022"),
	}}
	lockupClosing = step{form: "8-K", filed: "2022-10-04", items: []string{"2.01"}, facts: []fv{
		fq(spac.FieldClosingDate, "2022-10-03", "October 3, 2022"),
		fq(spac.FieldStatus, "closed", "consummated the previously announced business combination"),
		fl(spac.FieldLockupParty, string(spac.LockupSponsorAndHolders), "Sponsor and other holders", spac.LockupSponsorAndHolders),
		fl(spac.FieldLockupDays, "180", "180 days", spac.LockupSponsorAndHolders),
		fl(spac.FieldLockupDays, "180", "180 days", spac.LockupOther), // the exhibit's defined "Lock-up Period"
	}}
)

type lockupRow struct {
	party                       spac.LockupParty
	period, expires, partyQuote string
}

func lockupRows(t *testing.T, c *spac.Combination) []lockupRow {
	t.Helper()
	var out []lockupRow
	for _, l := range c.Lockups {
		out = append(out, lockupRow{l.Party, l.Days + "d" + l.Months + "m", l.Expires, citationFor(t, l.Citations, "party").Quote})
	}
	return out
}

func TestLockupsPerParty(t *testing.T) {
	p, events := foldSteps([]step{s1, ipo8K, bca8K, lockupProxy})
	want := []lockupRow{
		{spac.LockupSponsor, "d12m", "", "Sponsor"},
		{spac.LockupTargetHolders, "d6m", "", "certain Nimbus stockholders"},
		{spac.LockupTargetHolders, "180dm", "", "Nimbus stockholder"},
	}
	if got := lockupRows(t, p.Combination); !equalRows(got, want) {
		t.Errorf("before the closing: lockups %+v, want %+v", got, want)
	}
	for _, e := range events {
		if e.Type == spac.EventLockupExpiry {
			t.Errorf("lockup expiry %+v before the closing", e)
		}
	}

	p, events = foldSteps([]step{s1, ipo8K, bca8K, lockupProxy, lockupClosing})
	want = []lockupRow{
		{spac.LockupSponsor, "d12m", "2023-10-03", "Sponsor"},
		{spac.LockupTargetHolders, "d6m", "2023-04-03", "certain Nimbus stockholders"},
		{spac.LockupTargetHolders, "180dm", "2023-04-01", "Nimbus stockholder"},
		{spac.LockupSponsorAndHolders, "180dm", "2023-04-01", "Sponsor and other holders"},
	}
	if got := lockupRows(t, p.Combination); !equalRows(got, want) {
		t.Errorf("after the closing: lockups %+v, want %+v", got, want)
	}
	parties := map[spac.LockupParty]string{}
	for _, e := range events {
		if e.Type == spac.EventLockupExpiry {
			parties[e.Party] += e.Date + " "
		}
	}
	if len(parties) != 3 || parties[spac.LockupTargetHolders] != "2023-04-01 2023-04-03 " ||
		parties[spac.LockupSponsorAndHolders] != "2023-04-01 " || parties[spac.LockupSponsor] != "2023-10-03 " {
		t.Errorf("lockup expiry events by party = %v", parties)
	}
	if problems := CheckCited(p); len(problems) > 0 {
		t.Errorf("uncited: %v", problems)
	}
}

func equalRows(a, b []lockupRow) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
