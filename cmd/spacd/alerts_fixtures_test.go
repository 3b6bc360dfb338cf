package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
)

// wantAlert is one alert a fixture SPAC must have: kind, severity, the date of its event, and
// whether that event was already older than the alert window (30 days) on the corpus's
// reference date 2026-11-22, when the fixture world is built (recorded, never pushed).
type wantAlert struct {
	kind       spac.AlertKind
	severity   string
	occurredAt string
	historical bool
}

func (w wantAlert) String() string {
	return fmt.Sprintf("%s/%s@%s historical=%v", w.kind, w.severity, w.occurredAt, w.historical)
}

const (
	info, warn, high, critical = "info", "warn", "high", "critical"
	old, fresh                 = true, false
)

// fixtureAlerts are the alerts of every fixture SPAC, read off its filings: IPOs, extension
// meetings, redemptions of 50 % or more of the public shares before them (80 % high, 90 %
// critical), closings, liquidations (dated by the payment) and yields to the payout of 5 % or
// more at the fixture quotes of 2026-11-21. No fixture's trust value per share ever falls, so
// there is no trust_drawdown (BWLA, CDPT, BRMA and HLXR redeemed shares; their value per share
// rose); no lockup expires within 14 days.
var fixtureAlerts = map[string][]wantAlert{
	"QLAB": {{spac.AlertNewIPO, info, "2025-09-16", old}},
	"QLAD": {{spac.AlertNewIPO, info, "2026-04-07", old}},
	"STMC": {{spac.AlertNewIPO, info, "2026-01-13", old}},
	"JNSL": {{spac.AlertNewIPO, info, "2025-02-11", old}},
	"FHDA": {{spac.AlertNewIPO, info, "2025-05-06", old}, {spac.AlertYTMArbitrage, info, "2026-11-21", fresh}},
	"HDAC": {{spac.AlertNewIPO, info, "2025-01-14", old}, {spac.AlertYTMArbitrage, info, "2026-11-21", fresh}},
	"BWLA": {
		{spac.AlertNewIPO, info, "2024-02-08", old}, {spac.AlertExtensionVote, info, "2026-01-29", old},
		{spac.AlertHighRedemptions, warn, "2026-01-29", old}, {spac.AlertYTMArbitrage, info, "2026-11-21", fresh},
	},
	"CDPT": {
		{spac.AlertNewIPO, info, "2024-03-26", old}, {spac.AlertExtensionVote, info, "2026-03-16", old},
		{spac.AlertHighRedemptions, warn, "2026-03-16", old},
	},
	"BRMA": {
		{spac.AlertNewIPO, info, "2024-06-25", old}, {spac.AlertExtensionVote, info, "2026-03-16", old}, // 48 % redeemed
		{spac.AlertLiquidation, high, "2026-12-16", fresh}, {spac.AlertYTMArbitrage, info, "2026-11-21", fresh},
	},
	"KHAC": {
		{spac.AlertNewIPO, info, "2024-12-17", old}, {spac.AlertExtensionVote, info, "2026-11-18", fresh},
		{spac.AlertHighRedemptions, critical, "2026-11-18", fresh}, // 92 %, four days before
	},
	"LKMA": {
		{spac.AlertNewIPO, info, "2023-09-12", old}, {spac.AlertExtensionVote, info, "2025-09-02", old},
		{spac.AlertHighRedemptions, warn, "2025-09-02", old}, {spac.AlertExtensionVote, info, "2026-09-02", old}, // 47 % the second time
	},
	"MRWD": {
		{spac.AlertNewIPO, info, "2023-04-12", old},
		{spac.AlertExtensionVote, info, "2024-10-02", old}, {spac.AlertHighRedemptions, warn, "2024-10-02", old},
		{spac.AlertExtensionVote, info, "2025-10-02", old}, {spac.AlertHighRedemptions, high, "2025-10-02", old},
		{spac.AlertLiquidation, high, "2026-12-04", fresh}, {spac.AlertYTMArbitrage, info, "2026-11-21", fresh},
	},
	"WRFD": {
		{spac.AlertNewIPO, info, "2025-12-16", old}, {spac.AlertExtensionVote, info, "2026-12-09", fresh},
		{spac.AlertYTMArbitrage, info, "2026-11-21", fresh},
	},
	"GMVA": {
		{spac.AlertNewIPO, info, "2022-03-29", old}, {spac.AlertExtensionVote, info, "2023-06-19", old},
		{spac.AlertHighRedemptions, warn, "2023-06-19", old}, {spac.AlertLiquidation, high, "2024-03-22", old},
	},
	"SFQY": {
		{spac.AlertNewIPO, info, "2021-08-05", old}, {spac.AlertExtensionVote, info, "2022-07-26", old},
		{spac.AlertHighRedemptions, warn, "2022-07-26", old}, {spac.AlertLiquidation, high, "2023-02-01", old},
	},
	"OBFN": {{spac.AlertNewIPO, info, "2020-10-20", old}, {spac.AlertLiquidation, high, "2022-10-14", old}},
	"NMBA": {
		{spac.AlertNewIPO, info, "2021-03-10", old}, {spac.AlertHighRedemptions, warn, "2022-09-28", old},
		{spac.AlertDespacClosing, info, "2022-10-03", old},
	},
	"PMBH": {
		{spac.AlertNewIPO, info, "2021-09-14", old}, {spac.AlertExtensionVote, info, "2023-09-04", old},
		{spac.AlertHighRedemptions, warn, "2023-09-04", old}, {spac.AlertHighRedemptions, critical, "2024-02-15", old},
		{spac.AlertDespacClosing, info, "2024-02-20", old},
	},
	"VLRN": {
		{spac.AlertNewIPO, info, "2021-04-15", old}, {spac.AlertHighRedemptions, high, "2023-03-27", old}, // exactly 80 %
		{spac.AlertDespacClosing, info, "2023-03-30", old},
	},
	"HLXR": {
		{spac.AlertNewIPO, info, "2024-05-21", old},
		{spac.AlertExtensionVote, info, "2025-08-11", old}, {spac.AlertHighRedemptions, high, "2025-08-11", old},
		{spac.AlertExtensionVote, info, "2026-02-11", old}, {spac.AlertHighRedemptions, warn, "2026-02-11", old},
		{spac.AlertHighRedemptions, high, "2026-06-25", old}, {spac.AlertDespacClosing, info, "2026-06-30", old},
	},
	// registered only, or withdrawn: no IPO, nothing to alert about
	"LMVL": nil, "OPKA": nil, "TDWK": nil, "VGAC": nil,
}

// TestFixtureAlerts builds the fixture world and compares each SPAC's alerts with the table:
// a missing or an extra alert fails.
func TestFixtureAlerts(t *testing.T) {
	t.Parallel()
	w := readFixtureWorld(t)
	if symbols := manifestSymbols(t); len(symbols) != 24 || len(fixtureAlerts) != 24 {
		t.Fatalf("the table covers %d SPACs, the corpus has %d: %v", len(fixtureAlerts), len(symbols), symbols)
	}
	got := map[string][]string{}
	for _, a := range w.alerts {
		got[a.Symbol] = append(got[a.Symbol], wantAlert{a.Kind, a.Severity, a.OccurredAt, a.Historical}.String())
		if !a.FiredAt.Equal(w.now) || !strings.HasPrefix(a.Title, a.Symbol+": ") || len(a.Citations) == 0 {
			t.Errorf("%s %s: firedAt %v, title %q, %d citations", a.Symbol, a.Kind, a.FiredAt, a.Title, len(a.Citations))
		}
	}
	for symbol, wants := range fixtureAlerts {
		var want []string
		for _, a := range wants {
			want = append(want, a.String())
		}
		slices.Sort(want)
		have := got[symbol]
		slices.Sort(have)
		for _, a := range want {
			if !slices.Contains(have, a) {
				t.Errorf("%s: missing alert %s", symbol, a)
			}
		}
		for _, a := range have {
			if !slices.Contains(want, a) {
				t.Errorf("%s: extra alert %s", symbol, a)
			}
		}
		delete(got, symbol)
	}
	for symbol, have := range got {
		t.Errorf("alerts of %s, which the table does not know: %v", symbol, have)
	}
}

func manifestSymbols(t *testing.T) []string {
	t.Helper()
	data, err := fs.ReadFile(fixtures.Corpus, "MANIFEST.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		SPACs []struct {
			Symbol string `json:"symbol"`
		} `json:"spacs"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range m.SPACs {
		out = append(out, s.Symbol)
	}
	return out
}
