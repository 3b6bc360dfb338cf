package alerts

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

var now = time.Date(2024, 1, 1, 15, 30, 0, 0, time.UTC)

func cit(field, accession string, line int) spac.Citation {
	return spac.Citation{Field: field, Filing: "8-K", Accession: accession, Line: line, Basis: spac.BasisStated}
}

func base() spac.Profile {
	return spac.Profile{SPAC: spac.SPAC{CIK: "0001234567", Symbol: "ABC", Name: "ABC Acquisition Corp", Status: spac.StatusSearching}}
}

func only(t *testing.T, alerts []spac.Alert, kind spac.AlertKind) []spac.Alert {
	t.Helper()
	var out []spac.Alert
	for _, a := range alerts {
		if a.Kind == kind {
			out = append(out, a)
		}
	}
	return out
}

// checkAlert asserts the fields every alert must carry.
func checkAlert(t *testing.T, a spac.Alert, kind spac.AlertKind, accession string) {
	t.Helper()
	if a.Kind != kind || a.CIK != "0001234567" || a.Symbol != "ABC" || !a.FiredAt.Equal(now) {
		t.Errorf("alert header = %s %s %s %v", a.Kind, a.CIK, a.Symbol, a.FiredAt)
	}
	if a.SourceAccession != accession || a.ID != AlertID("0001234567", kind, accession) {
		t.Errorf("source %q id %q, want %q and its id", a.SourceAccession, a.ID, accession)
	}
	if len(a.Citations) == 0 || !strings.HasPrefix(a.Title, "ABC: ") {
		t.Errorf("citations %d title %q", len(a.Citations), a.Title)
	}
}

func TestNewIPO(t *testing.T) {
	cur := base()
	cur.IPODate, cur.TrustSize = "2023-12-20", "250000000.00"
	cur.Citations = []spac.Citation{cit("ipo_date", "0001-23-000001", 40), cit("trust_size", "0001-23-000001", 41)}
	got := only(t, Evaluate(base(), cur, DefaultConfig(), now, nil), spac.AlertNewIPO)
	if len(got) != 1 {
		t.Fatalf("got %d new_ipo alerts, want 1", len(got))
	}
	checkAlert(t, got[0], spac.AlertNewIPO, "0001-23-000001")
	if got[0].Detail["trust_size"] != "250000000.00" || len(got[0].Citations) != 2 {
		t.Errorf("detail %v citations %v", got[0].Detail, got[0].Citations)
	}
	if again := only(t, Evaluate(cur, cur, DefaultConfig(), now, nil), spac.AlertNewIPO); len(again) != 0 {
		t.Errorf("an unchanged IPO date fired again: %v", again)
	}
	uncited := cur
	uncited.Citations = nil
	if got := only(t, Evaluate(base(), uncited, DefaultConfig(), now, nil), spac.AlertNewIPO); len(got) != 0 {
		t.Errorf("an alert without citations was fired: %v", got)
	}
}

func TestExtensionVote(t *testing.T) {
	vote := func(kind, date, acc string) spac.Vote {
		return spac.Vote{Kind: kind, MeetingDate: date, Accession: acc, Citations: []spac.Citation{cit("meeting_date", acc, 12)}}
	}
	prev := base()
	prev.Votes = []spac.Vote{vote("extension", "2023-06-01", "A1")}
	cur := base()
	cur.Votes = []spac.Vote{
		vote("extension", "2023-06-01", "A1"),
		vote("extension", "2024-02-15", "PRE"),
		vote("extension", "2024-02-15", "DEF"), // the definitive proxy of the same meeting
		vote("business_combination", "2024-03-01", "M1"),
	}
	got := only(t, Evaluate(prev, cur, DefaultConfig(), now, nil), spac.AlertExtensionVote)
	if len(got) != 1 {
		t.Fatalf("got %d extension alerts, want 1: %+v", len(got), got)
	}
	checkAlert(t, got[0], spac.AlertExtensionVote, "PRE")
	if got[0].Detail["meeting_date"] != "2024-02-15" {
		t.Errorf("detail %v", got[0].Detail)
	}
}

func TestHighRedemptions(t *testing.T) {
	cases := []struct {
		redeemed, remaining string
		cfg                 Config
		severity, pct       string // "" severity: no alert
	}{
		{"4000000", "6000000", DefaultConfig(), "", ""},
		{"5000000", "5000000", DefaultConfig(), "warn", "50.00"},
		{"7999999", "2000001", DefaultConfig(), "warn", "80.00"}, // 79.99999 rounds for display only
		{"8500000", "1500000", DefaultConfig(), "high", "85.00"},
		{"8999999", "1000001", DefaultConfig(), "high", "90.00"},
		{"9000000", "1000000", DefaultConfig(), "critical", "90.00"},
		{"3000000", "7000000", Config{HighRedemptionsWarn: "25", HighRedemptionsHigh: "60", HighRedemptionsCritical: "95", LockupWindowDays: 1}, "warn", "30.00"},
	}
	for _, tc := range cases {
		t.Run(tc.redeemed+"/"+tc.remaining, func(t *testing.T) {
			cur := base()
			cur.Redemptions = []spac.Redemption{{
				Date: "2023-12-15", SharesRedeemed: tc.redeemed, SharesRemaining: tc.remaining, Accession: "R1",
				Citations: []spac.Citation{cit("shares_redeemed", "R1", 30), cit("shares_remaining", "R1", 31)},
			}}
			got := only(t, Evaluate(base(), cur, tc.cfg, now, nil), spac.AlertHighRedemptions)
			if tc.severity == "" {
				if len(got) != 0 {
					t.Fatalf("fired %+v, want none", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d alerts, want 1", len(got))
			}
			checkAlert(t, got[0], spac.AlertHighRedemptions, "R1")
			if got[0].Severity != tc.severity || got[0].Detail["redeemed_pct"] != tc.pct {
				t.Errorf("severity %s pct %s, want %s %s", got[0].Severity, got[0].Detail["redeemed_pct"], tc.severity, tc.pct)
			}
			last := got[0].Citations[len(got[0].Citations)-1]
			if last.Basis != spac.BasisDerived || len(last.Inputs) != 2 {
				t.Errorf("derived citation = %+v", last)
			}
			if again := only(t, Evaluate(cur, cur, tc.cfg, now, nil), spac.AlertHighRedemptions); len(again) != 0 {
				t.Errorf("a known redemption fired again")
			}
		})
	}
}

func TestTrustDrawdown(t *testing.T) {
	point := func(date, balance, acc string) spac.TrustPoint {
		return spac.TrustPoint{Date: date, Balance: balance, Citations: []spac.Citation{cit("balance", acc, 100)}}
	}
	cases := []struct {
		name        string
		redemptions []spac.Redemption
		balance     string
		want        string // drawdown_pct; "" = no alert
	}{
		{"redemptions explain the fall", []spac.Redemption{{Date: "2023-05-10", Amount: "38000000.00", Citations: []spac.Citation{cit("amount", "R1", 9)}}}, "60000000.00", ""},
		{"fall beyond redemptions", []spac.Redemption{{Date: "2023-05-10", Amount: "30000000.00", Citations: []spac.Citation{cit("amount", "R1", 9)}}}, "60000000.00", "10.00"},
		{"amount from shares times price", []spac.Redemption{{Date: "2023-05-10", SharesRedeemed: "3000000", Price: "10.0000", Citations: []spac.Citation{cit("shares_redeemed", "R1", 9), cit("price", "R1", 10)}}}, "60000000.00", "10.00"},
		{"redemption outside the interval is ignored", []spac.Redemption{{Date: "2023-07-10", Amount: "38000000.00"}}, "94000000.00", "6.00"},
		{"exactly the threshold does not fire", nil, "95000000.00", ""},
		{"growth does not fire", nil, "101000000.00", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prev := base()
			prev.TrustSeries = []spac.TrustPoint{point("2023-03-31", "100000000.00", "Q1")}
			cur := base()
			cur.TrustSeries = []spac.TrustPoint{point("2023-06-30", tc.balance, "Q2"), point("2023-03-31", "100000000.00", "Q1")}
			cur.Redemptions = tc.redemptions
			got := only(t, Evaluate(prev, cur, DefaultConfig(), now, nil), spac.AlertTrustDrawdown)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("fired %+v", got[0].Detail)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d alerts, want 1", len(got))
			}
			checkAlert(t, got[0], spac.AlertTrustDrawdown, "Q2")
			if got[0].Detail["drawdown_pct"] != tc.want {
				t.Errorf("detail %v, want drawdown %s", got[0].Detail, tc.want)
			}
		})
	}
}

func TestDespacClosingAndLiquidation(t *testing.T) {
	cur := base()
	cur.Combination = &spac.Combination{Target: "Target Inc", ClosingDate: "2023-12-28",
		Citations: []spac.Citation{cit("closing_date", "C1", 5), cit("target", "B1", 7)}}
	cur.Liquidation = &spac.Liquidation{Date: "2024-01-05", PricePerShare: "10.6100",
		Citations: []spac.Citation{cit("date", "L1", 8), cit("price_per_share", "L1", 9)}}
	prev := base()
	prev.Combination = &spac.Combination{Target: "Target Inc"}
	alerts := Evaluate(prev, cur, DefaultConfig(), now, nil)
	closing := only(t, alerts, spac.AlertDespacClosing)
	liq := only(t, alerts, spac.AlertLiquidation)
	if len(closing) != 1 || len(liq) != 1 {
		t.Fatalf("closing %d liquidation %d, want 1 and 1", len(closing), len(liq))
	}
	checkAlert(t, closing[0], spac.AlertDespacClosing, "C1")
	checkAlert(t, liq[0], spac.AlertLiquidation, "L1")
	if liq[0].Severity != "high" || liq[0].Detail["price_per_share"] != "10.6100" {
		t.Errorf("liquidation %+v", liq[0])
	}
	if again := Evaluate(cur, cur, DefaultConfig(), now, nil); len(again) != 0 {
		t.Errorf("unchanged profile fired %d alerts", len(again))
	}
}

func TestLockupExpiry(t *testing.T) {
	lockup := func(expires, acc string) spac.Lockup {
		return spac.Lockup{Days: "180", Expires: expires, Citations: []spac.Citation{cit("days", acc, 70)}}
	}
	p := base()
	p.Status = spac.StatusClosed
	p.Combination = &spac.Combination{Lockups: []spac.Lockup{
		lockup("2024-01-12", "S4"), lockup("2024-01-10", "S4"), // same filing: earliest reported
		lockup("2024-01-01", "K8"), // today
		lockup("2023-12-31", "P1"), // past
		lockup("2024-01-16", "F1"), // beyond 14 days
	}}
	got := Scan([]spac.Profile{p}, DefaultConfig(), now, nil)
	if len(got) != 2 {
		t.Fatalf("got %d alerts, want 2: %+v", len(got), got)
	}
	checkAlert(t, got[0], spac.AlertLockupExpiry, "S4")
	if got[0].Detail["expires"] != "2024-01-10" || got[0].Detail["days_until"] != "9" {
		t.Errorf("detail %v", got[0].Detail)
	}
	if got[1].SourceAccession != "K8" || got[1].Detail["days_until"] != "0" {
		t.Errorf("second alert %v", got[1].Detail)
	}
	// Evaluate reports the same time-based alert with the same id: the store dedupes by id.
	ev := only(t, Evaluate(p, p, DefaultConfig(), now, nil), spac.AlertLockupExpiry)
	if len(ev) != 2 || ev[0].ID != got[0].ID {
		t.Errorf("Evaluate ids differ from Scan's")
	}
}

func TestYTMArbitrage(t *testing.T) {
	quotes, err := LoadCSVQuotes(strings.NewReader("symbol,date,price\nabc,2023-12-29,10.00\nXYZ,2023-12-29,10.20\n"))
	if err != nil {
		t.Fatal(err)
	}
	deadline := now.AddDate(0, 0, 365).Format(time.DateOnly)
	profile := func(symbol string, point spac.TrustPoint) spac.Profile {
		p := base()
		p.Tickers.Shares, p.Deadline = symbol, deadline // Symbol stays ABC: the fallback quote
		p.Citations = []spac.Citation{cit("deadline", "D1", 3)}
		p.TrustSeries = []spac.TrustPoint{point}
		return p
	}
	rvps := spac.TrustPoint{Date: "2023-09-30", RedemptionValuePerShare: "10.5000", Citations: []spac.Citation{cit("redemption_value_per_share", "Q3", 50)}}
	ratio := spac.TrustPoint{Date: "2023-09-30", Balance: "105000000.00", SharesSubjectToRedemption: "10000000",
		Citations: []spac.Citation{cit("balance", "Q3", 50), cit("shares_subject_to_redemption", "Q3", 51)}}
	cases := []struct {
		name    string
		p       spac.Profile
		wantPct string // "" = no alert
	}{
		{"redemption value per share, at threshold", profile("ABC", rvps), "5.00"},
		{"trust over shares", profile("ABC", ratio), "5.00"},
		{"quote by the share ticker first", profile("XYZ", rvps), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := only(t, Scan([]spac.Profile{tc.p}, DefaultConfig(), now, quotes), spac.AlertYTMArbitrage)
			if tc.wantPct == "" {
				if len(got) != 0 {
					t.Fatalf("fired %v", got[0].Detail)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d alerts, want 1", len(got))
			}
			checkAlert(t, got[0], spac.AlertYTMArbitrage, "Q3")
			d := got[0].Detail
			if d["ytm_pct"] != tc.wantPct || d["trust_per_share"] != "10.5000" || d["days_to_deadline"] != "365" || d["price"] != "10.00" {
				t.Errorf("detail %v", d)
			}
			last := got[0].Citations[len(got[0].Citations)-1]
			fields := []string{}
			for _, in := range last.Inputs {
				fields = append(fields, in.Field)
			}
			if last.Field != "ytm_pct" || last.Basis != spac.BasisDerived || !slices.Contains(fields, "deadline") {
				t.Errorf("derived citation %+v", last)
			}
		})
	}
	unquoted := profile("NOPE", rvps)
	unquoted.Symbol = "NOPE"
	if got := Scan([]spac.Profile{unquoted}, DefaultConfig(), now, quotes); len(got) != 0 {
		t.Errorf("a SPAC without a quote fired ytm: %v", got)
	}
	closed := profile("ABC", rvps)
	closed.Status = spac.StatusClosed
	if got := Scan([]spac.Profile{closed}, DefaultConfig(), now, quotes); len(got) != 0 {
		t.Errorf("a closed SPAC fired ytm: %v", got)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []Config{
		{HighRedemptionsWarn: "x", HighRedemptionsHigh: "80", HighRedemptionsCritical: "90", TrustDrawdownPct: "5", LockupWindowDays: 14, YTMThresholdPct: "5"},
		{HighRedemptionsWarn: "90", HighRedemptionsHigh: "80", HighRedemptionsCritical: "95", TrustDrawdownPct: "5", LockupWindowDays: 14, YTMThresholdPct: "5"},
		{HighRedemptionsWarn: "50", HighRedemptionsHigh: "80", HighRedemptionsCritical: "90", TrustDrawdownPct: "-1", LockupWindowDays: 14, YTMThresholdPct: "5"},
		{HighRedemptionsWarn: "50", HighRedemptionsHigh: "80", HighRedemptionsCritical: "90", TrustDrawdownPct: "5", LockupWindowDays: 0, YTMThresholdPct: "5"},
	}
	for i, c := range bad {
		if c.Validate() == nil {
			t.Errorf("config %d: want an error", i)
		}
	}
}

func TestCSVQuotes(t *testing.T) {
	q, err := LoadCSVQuotes(strings.NewReader("ABC,2023-12-01,10.01\nabc,2023-12-29,10.05\nABC,2023-11-01,9.99\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p, d, ok := q.Price("Abc"); !ok || p != "10.05" || d != "2023-12-29" {
		t.Errorf("Price = %s %s %v, want the latest row", p, d, ok)
	}
	for _, bad := range []string{"ABC,2023-12-01\n", "ABC,12/01/2023,10\n", "ABC,2023-12-01,ten\n", "ABC,2023-12-01,0\n", ",2023-12-01,1\n"} {
		if _, err := LoadCSVQuotes(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line") && !strings.Contains(err.Error(), "quotes") {
			t.Errorf("%q: err %v", bad, err)
		}
	}
}
