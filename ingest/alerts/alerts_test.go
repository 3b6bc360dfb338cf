package alerts

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/market"
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

// checkAlert asserts the fields every alert must carry, and its date with a citation.
func checkAlert(t *testing.T, a spac.Alert, kind spac.AlertKind, accession, occurredAt string) {
	t.Helper()
	if dates := cite(a.Citations, "occurredAt"); a.OccurredAt != occurredAt || len(dates) != 1 {
		t.Errorf("occurredAt %q (citations %v), want %q cited", a.OccurredAt, dates, occurredAt)
	}
	if a.Kind != kind || a.CIK != "0001234567" || a.Symbol != "ABC" || !a.FiredAt.Equal(now) {
		t.Errorf("alert header = %s %s %s %v", a.Kind, a.CIK, a.Symbol, a.FiredAt)
	}
	if a.SourceAccession != accession || a.ID != AlertID("0001234567", kind, accession, a.Detail["party"]) {
		t.Errorf("source %q id %q, want %q and its id", a.SourceAccession, a.ID, accession)
	}
	if len(a.Citations) == 0 || !strings.HasPrefix(a.Title, "ABC: ") {
		t.Errorf("citations %d title %q", len(a.Citations), a.Title)
	}
}

func TestNewIPO(t *testing.T) {
	cur := base()
	cur.IPODate, cur.TrustSize = "2023-12-20", "25000000.00" // today's trust, after redemptions: not reported
	cur.Citations = []spac.Citation{cit("ipo_date", "0001-23-000001", 40), cit("trust_size", "0001-23-000009", 41)}
	cur.Offering = spac.Offering{
		UnitsOffered: "25000000", UnitPrice: "10.00", GrossProceeds: "250000000.00", TrustAmount: "252500000.00", TrustPerUnit: "10.10",
		Citations: []spac.Citation{
			cit("units_offered", "0001-23-000001", 42), cit("unit_price", "0001-23-000001", 42),
			cit("gross_proceeds", "0001-23-000001", 42), cit("trust_amount", "0001-23-000001", 45), cit("trust_per_unit", "0001-23-000001", 45),
		},
	}
	got := only(t, Evaluate(base(), cur, DefaultConfig(), now, nil), spac.AlertNewIPO)
	if len(got) != 1 {
		t.Fatalf("got %d new_ipo alerts, want 1", len(got))
	}
	checkAlert(t, got[0], spac.AlertNewIPO, "0001-23-000001", "2023-12-20")
	if !strings.Contains(got[0].Title, "IPO of 25,000,000 units closed on 2023-12-20") {
		t.Errorf("title %q: the unit count should be grouped in thousands", got[0].Title)
	}
	want := map[string]string{
		"ipo_date": "2023-12-20", "units_offered": "25000000", "unit_price": "10.00", "gross_proceeds": "250000000.00",
		"trust_amount": "252500000.00", "trust_per_unit": "10.10",
	}
	if !maps.Equal(got[0].Detail, want) || len(got[0].Citations) != 7 {
		t.Errorf("detail %v (want the IPO's own figures %v), %d citations", got[0].Detail, want, len(got[0].Citations))
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

// An alert is historical when the event it reports is older than the window when it is found.
func TestHistorical(t *testing.T) {
	for _, tc := range []struct {
		ipo        string
		historical bool
	}{
		{"2021-03-10", true},  // a first build finds years-old IPOs
		{"2023-12-01", true},  // 31 days before now
		{"2023-12-02", false}, // 30 days: inside the default window
		{"2024-01-01", false}, // today
		{"2024-01-05", false}, // announced ahead
	} {
		cur := base()
		cur.IPODate = tc.ipo
		cur.Citations = []spac.Citation{cit("ipo_date", "I1", 40)}
		got := only(t, Evaluate(base(), cur, DefaultConfig(), now, nil), spac.AlertNewIPO)
		if len(got) != 1 || got[0].Historical != tc.historical {
			t.Errorf("IPO on %s: %+v, want historical %v", tc.ipo, got, tc.historical)
		}
	}
	cfg := DefaultConfig()
	cfg.WindowDays = 400
	cur := base()
	cur.IPODate = "2023-01-01"
	cur.Citations = []spac.Citation{cit("ipo_date", "I1", 40)}
	if got := only(t, Evaluate(base(), cur, cfg, now, nil), spac.AlertNewIPO); len(got) != 1 || got[0].Historical {
		t.Errorf("a wider window: %+v", got)
	}
}

func TestExtensionVote(t *testing.T) {
	vote := func(kind, date, acc string) spac.Vote {
		v := spac.Vote{Kind: kind, MeetingDate: date, Accession: acc}
		if date != "" {
			v.Citations = []spac.Citation{cit("meeting_date", acc, 12)}
		}
		return v
	}
	prev := base()
	prev.Votes = []spac.Vote{vote("extension", "2023-06-01", "A1")}
	cur := base()
	cur.Votes = []spac.Vote{
		vote("extension", "2023-06-01", "A1"),
		vote("extension", "2024-02-15", "PRE"),
		vote("extension", "2024-02-15", "DEF"), // the definitive proxy of the same meeting
		vote("extension", "", "NODATE"),        // no meeting date: nothing to date the alert by
		vote("business_combination", "2024-03-01", "M1"),
	}
	got := only(t, Evaluate(prev, cur, DefaultConfig(), now, nil), spac.AlertExtensionVote)
	if len(got) != 1 {
		t.Fatalf("got %d extension alerts, want 1: %+v", len(got), got)
	}
	checkAlert(t, got[0], spac.AlertExtensionVote, "PRE", "2024-02-15")
	if got[0].Detail["meeting_date"] != "2024-02-15" || got[0].Historical {
		t.Errorf("detail %v historical %v", got[0].Detail, got[0].Historical)
	}
}

func redemption(redeemed, before, pct string) spac.Redemption {
	return spac.Redemption{
		Date: "2023-12-15", SharesRedeemed: redeemed, SharesBefore: before, RedeemedPct: pct, Accession: "R1",
		Citations: []spac.Citation{
			cit("shares_redeemed", "R1", 30), cit("date", "R1", 28),
			{Field: "shares_before", Basis: spac.BasisDerived, Inputs: []spac.Citation{cit("shares_remaining", "R1", 31)}},
			{Field: "redeemed_pct", Basis: spac.BasisDerived, Inputs: []spac.Citation{cit("shares_redeemed", "R1", 30)}},
		},
	}
}

func TestHighRedemptions(t *testing.T) {
	cases := []struct {
		pct           string
		cfg           Config
		severity, ttl string // "" severity: no alert
	}{
		{"40.00", DefaultConfig(), "", ""},
		{"50.00", DefaultConfig(), "warn", "50.00% of public shares redeemed"},
		{"79.99", DefaultConfig(), "warn", "79.99% of public shares redeemed"},
		{"85.00", DefaultConfig(), "high", "85.00% of public shares redeemed"},
		{"90.00", DefaultConfig(), "critical", "90.00% of public shares redeemed"},
		{"30.00", Config{HighRedemptionsWarn: "25", HighRedemptionsHigh: "60", HighRedemptionsCritical: "95", LockupWindowDays: 1, WindowDays: 1}, "warn", "30.00% of public shares redeemed"},
	}
	for _, tc := range cases {
		t.Run(tc.pct, func(t *testing.T) {
			cur := base()
			cur.Redemptions = []spac.Redemption{redemption("1000", "2000", tc.pct)}
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
			checkAlert(t, got[0], spac.AlertHighRedemptions, "R1", "2023-12-15")
			if got[0].Severity != tc.severity || got[0].Detail["redeemed_pct"] != tc.pct || got[0].Title != "ABC: "+tc.ttl {
				t.Errorf("severity %s detail %v title %q", got[0].Severity, got[0].Detail, got[0].Title)
			}
			if pct := cite(got[0].Citations, "redeemed_pct"); len(pct) != 1 || pct[0].Basis != spac.BasisDerived {
				t.Errorf("redeemed_pct citation = %+v", pct)
			}
			if again := only(t, Evaluate(cur, cur, tc.cfg, now, nil), spac.AlertHighRedemptions); len(again) != 0 {
				t.Errorf("a known redemption fired again")
			}
		})
	}
	// the percentage comes from the fold, with its citation; without it there is no alert
	cur := base()
	r := redemption("9000", "10000", "90.00")
	r.Citations = r.Citations[:3]
	cur.Redemptions = []spac.Redemption{r}
	if got := only(t, Evaluate(base(), cur, DefaultConfig(), now, nil), spac.AlertHighRedemptions); len(got) != 0 {
		t.Errorf("an uncited percentage fired %+v", got)
	}
}

func point(date, balance, shares, perShare, acc string) spac.TrustPoint {
	tp := spac.TrustPoint{Date: date, Balance: balance, SharesSubjectToRedemption: shares, RedemptionValuePerShare: perShare,
		Citations: []spac.Citation{cit("date", acc, 99)}}
	for field, v := range map[string]string{"balance": balance, "shares_subject_to_redemption": shares, "redemption_value_per_share": perShare} {
		if v != "" {
			tp.Citations = append(tp.Citations, cit(field, acc, 100))
		}
	}
	return tp
}

func TestTrustDrawdown(t *testing.T) {
	q4 := point("2024-12-31", "312000000.00", "30000000", "10.4000", "K24")
	cases := []struct {
		name  string
		after spac.TrustPoint
		want  string // drawdown_pct; "" = no alert
	}{
		// BWLA: 75 % redeemed between the two balance sheets; the value per share rose
		{"redemptions cut shares and balance together", point("2025-12-31", "81375000.00", "7500000", "10.8500", "K25"), ""},
		{"money left beyond redemptions", point("2025-12-31", "70200000.00", "7500000", "", "K25"), "10.00"},
		{"exactly the threshold does not fire", point("2025-12-31", "74100000.00", "7500000", "", "K25"), ""},
		{"stated value per share when shares are not stated", point("2025-12-31", "", "", "9.3600", "K25"), "10.00"},
		{"no value per share: no alert", point("2025-12-31", "50000000.00", "", "", "K25"), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prev := base()
			prev.TrustSeries = []spac.TrustPoint{q4}
			cur := base()
			cur.TrustSeries = []spac.TrustPoint{tc.after, q4}
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
			checkAlert(t, got[0], spac.AlertTrustDrawdown, "K25", "2025-12-31")
			if got[0].Detail["drawdown_pct"] != tc.want || got[0].Detail["per_share_before"] != "10.4000" {
				t.Errorf("detail %v, want drawdown %s", got[0].Detail, tc.want)
			}
			last := got[0].Citations[len(got[0].Citations)-2] // before occurredAt
			if last.Field != "drawdown_pct" || last.Basis != spac.BasisDerived || len(last.Inputs) < 2 {
				t.Errorf("drawdown citation %+v", last)
			}
		})
	}
	// a known point never fires again
	prev := base()
	prev.TrustSeries = []spac.TrustPoint{q4, point("2025-12-31", "70200000.00", "7500000", "", "K25")}
	if got := only(t, Evaluate(prev, prev, DefaultConfig(), now, nil), spac.AlertTrustDrawdown); len(got) != 0 {
		t.Errorf("a known point fired %+v", got)
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
	checkAlert(t, closing[0], spac.AlertDespacClosing, "C1", "2023-12-28")
	checkAlert(t, liq[0], spac.AlertLiquidation, "L1", "2024-01-05")
	if liq[0].Severity != "high" || liq[0].Detail["price_per_share"] != "10.6100" {
		t.Errorf("liquidation %+v", liq[0])
	}
	if again := Evaluate(cur, cur, DefaultConfig(), now, nil); len(again) != 0 {
		t.Errorf("unchanged profile fired %d alerts", len(again))
	}
	undated := base()
	undated.Liquidation = &spac.Liquidation{PricePerShare: "10.6100", Citations: []spac.Citation{cit("price_per_share", "L1", 9)}}
	if got := Evaluate(base(), undated, DefaultConfig(), now, nil); len(got) != 0 {
		t.Errorf("a liquidation without a payment date fired %+v", got)
	}
}

func TestLockupExpiry(t *testing.T) {
	lockup := func(expires, acc string) spac.Lockup {
		return spac.Lockup{Days: "180", Expires: expires, Citations: []spac.Citation{cit("days", acc, 70),
			{Field: "expires", Basis: spac.BasisDerived, Inputs: []spac.Citation{cit("days", acc, 70), cit("closing_date", "C1", 5)}}}}
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
	checkAlert(t, got[0], spac.AlertLockupExpiry, "S4", "2024-01-10")
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

// Each party's lockup is an alert of its own, even when one filing states them all: the
// sponsor's and the target holders' expiries in the window both fire, with distinct ids.
func TestLockupExpiryPerParty(t *testing.T) {
	lockup := func(party spac.LockupParty, expires string, line int) spac.Lockup {
		return spac.Lockup{Party: party, Months: "6", Expires: expires, Citations: []spac.Citation{
			cit("months", "S4", line), cit("party", "S4", line-1),
			{Field: "expires", Basis: spac.BasisDerived, Inputs: []spac.Citation{cit("months", "S4", line), cit("closing_date", "C1", 5)}}}}
	}
	p := base()
	p.Status = spac.StatusClosed
	p.Combination = &spac.Combination{Lockups: []spac.Lockup{
		lockup(spac.LockupSponsor, "2024-01-05", 70), lockup(spac.LockupTargetHolders, "2024-01-10", 80),
		lockup(spac.LockupTargetHolders, "2024-01-08", 90), // the target holders' earliest is reported
	}}
	got := Scan([]spac.Profile{p}, DefaultConfig(), now, nil)
	if len(got) != 2 {
		t.Fatalf("got %d alerts, want 2 (one per party): %+v", len(got), got)
	}
	if got[0].Detail["party"] != string(spac.LockupSponsor) || got[1].Detail["party"] != string(spac.LockupTargetHolders) ||
		got[1].Detail["expires"] != "2024-01-08" || got[0].ID == got[1].ID {
		t.Errorf("alerts %+v / %+v", got[0], got[1])
	}
	if !strings.Contains(got[0].Title, "sponsor's lockup expires") || len(cite(got[1].Citations, "party")) != 1 {
		t.Errorf("title %q, citations %+v", got[0].Title, got[1].Citations)
	}
}

func TestYTMArbitrage(t *testing.T) {
	src, err := market.Fixed("quotes.csv", []byte("symbol,date,price\nABC,2023-12-29,10.00\nXYZ,2023-12-29,10.40\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := market.NewJoiner(src, func() time.Time { return now })
	due := now.AddDate(0, 0, 365).Format(time.DateOnly)
	profile := func(symbol, payout string) spac.Profile {
		p := base()
		p.Tickers.Shares, p.PayoutPerShare, p.PayoutDate = symbol, payout, due // Symbol stays ABC: the fallback quote
		p.Citations = []spac.Citation{cit("payout_per_share", "Q3", 50), cit("payout_date", "D1", 3)}
		return p
	}
	cases := []struct {
		name    string
		p       spac.Profile
		wantPct string // "" = no alert
	}{
		{"at the threshold", profile("ABC", "10.5000"), "5.00"},
		{"quote by the share ticker first", profile("XYZ", "10.5000"), ""},
		{"no payout", profile("ABC", ""), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := only(t, Scan([]spac.Profile{tc.p}, DefaultConfig(), now, m), spac.AlertYTMArbitrage)
			if tc.wantPct == "" {
				if len(got) != 0 {
					t.Fatalf("fired %v", got[0].Detail)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d alerts, want 1", len(got))
			}
			checkAlert(t, got[0], spac.AlertYTMArbitrage, "Q3", "2023-12-29")
			d := got[0].Detail
			if d["ytm_pct"] != tc.wantPct || d["payout_per_share"] != "10.5000" || d["days_to_payout"] != "365" || d["price"] != "10.00" || d["ytm_compounded_pct"] != "5.00" {
				t.Errorf("detail %v", d)
			}
			price := cite(got[0].Citations, "price")
			ytm := cite(got[0].Citations, "ytm_pct")
			if len(price) != 1 || price[0].Basis != spac.BasisQuoted || price[0].Source != "quotes.csv" || price[0].Line != 2 ||
				len(ytm) != 1 || ytm[0].Basis != spac.BasisDerived || len(ytm[0].Inputs) != 3 {
				t.Errorf("citations %+v", got[0].Citations)
			}
		})
	}
	if got := Scan([]spac.Profile{profile("ABC", "10.5000")}, DefaultConfig(), now, nil); len(got) != 0 {
		t.Errorf("without a market: %v", got)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
	good := DefaultConfig()
	bad := []func(c *Config){
		func(c *Config) { c.HighRedemptionsWarn = "x" },
		func(c *Config) { c.HighRedemptionsWarn, c.HighRedemptionsCritical = "90", "95" },
		func(c *Config) { c.TrustDrawdownPct = "-1" },
		func(c *Config) { c.LockupWindowDays = 0 },
		func(c *Config) { c.WindowDays = -3 },
	}
	for i, f := range bad {
		c := good
		f(&c)
		if c.Validate() == nil {
			t.Errorf("config %d: want an error", i)
		}
	}
}
