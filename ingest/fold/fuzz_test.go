package fold

import (
	"testing"

	spac "github.com/spacdata/spac"
)

var fuzzFields = []string{
	spac.FieldStatus, spac.FieldIPODate, spac.FieldDeadlineMonths, spac.FieldNewDeadline,
	spac.FieldClosingDate, spac.FieldLockupDays, spac.FieldLockupMonths, spac.FieldTickerShares,
	spac.FieldNewTicker, spac.FieldTrustBalance, spac.FieldMeetingDate, spac.FieldMeetingKind,
	spac.FieldTerminationDate, spac.FieldDelistingDate, spac.FieldSharesRedeemed, spac.FieldTrustSize,
}

// FuzzFold: arbitrary facts on top of a real history never crash the fold, and whatever it
// shows stays cited.
func FuzzFold(f *testing.F) {
	f.Add("8-K", uint8(0), "searching", "", "2022-01-01")
	f.Add("10-K/A", uint8(9), "1.5", "2021-12-31", "2022-03-30")
	f.Add("25-NSE", uint8(13), "2099-12-31", "", "2030-01-01")
	f.Add("8-K", uint8(5), "99999999999999999999", "", "2022-10-05")
	f.Fuzz(func(t *testing.T, form string, field uint8, value, period, filed string) {
		if len(filed) < 4 { // accessionFor uses the year digits
			filed = "2022-01-01"
		}
		steps := append(lifecycleSteps(), step{form: form, filed: filed, facts: []fv{
			{field: fuzzFields[int(field)%len(fuzzFields)], value: value, quote: value, period: period},
		}})
		p, events := foldSteps(steps)
		if problems := CheckCited(p); len(problems) > 0 {
			t.Fatalf("uncited profile: %v", problems)
		}
		if problems := CheckCited(events); len(problems) > 0 {
			t.Fatalf("uncited events: %v", problems)
		}
	})
}

func BenchmarkFold(b *testing.B) {
	filings, facts := build(lifecycleSteps())
	for b.Loop() {
		Fold(testCIK, filings, facts)
	}
}
