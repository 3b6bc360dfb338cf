package kv

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

func alert(id string, kind spac.AlertKind, severity string, cik spac.CIK, firedSec int) spac.Alert {
	return spac.Alert{
		ID: id, Kind: kind, Severity: severity, Symbol: "S" + id, CIK: cik, FiredAt: at(firedSec),
		Title: "alert " + id, Detail: map[string]string{"pct": "81.50"}, SourceAccession: "0000000001-25-000001",
		Citations: []spac.Citation{{Field: "redeemed", Accession: "0000000001-25-000001", Line: 7}},
	}
}

func alertIDs(as []spac.Alert) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, a.ID)
	}
	return out
}

func TestPutAlertKeepsFirstAndAssignsSeq(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	first := alert("x", spac.AlertHighRedemptions, "high", "0000000042", 10)
	first.Seq = 99 // ignored: the store assigns Seq
	if added, err := db.PutAlert(ctx, first); err != nil || !added {
		t.Fatalf("first PutAlert = %v, %v", added, err)
	}
	again := alert("x", spac.AlertHighRedemptions, "critical", "0000000042", 50)
	if added, err := db.PutAlert(ctx, again); err != nil || added {
		t.Fatalf("repeat PutAlert = %v, %v; want added == false", added, err)
	}
	if added, _ := db.PutAlert(ctx, alert("y", spac.AlertNewIPO, "info", "0000000042", 5)); !added {
		t.Fatal("second id not added")
	}
	got, err := db.Alert(ctx, "x")
	must(t, err)
	if got.Severity != "high" || !got.FiredAt.Equal(first.FiredAt) || got.Seq != 1 || got.Detail["pct"] != "81.50" || len(got.Citations) != 1 {
		t.Fatalf("stored alert = %+v, want the first one with Seq 1", got)
	}
	all, err := db.Alerts(ctx, spac.AlertQuery{})
	must(t, err)
	if len(all) != 2 || all[0].ID != "x" || all[1].Seq != 2 {
		t.Fatalf("Alerts = %+v", all)
	}
	if _, err := db.Alert(ctx, "nope"); !errors.Is(err, spac.ErrNotFound) {
		t.Fatalf("missing alert err = %v", err)
	}
}

func TestAlertsQuery(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	for _, a := range []spac.Alert{
		alert("a1", spac.AlertNewIPO, "info", "0000000001", 10),
		alert("a2", spac.AlertHighRedemptions, "critical", "0000000002", 30),
		alert("a3", spac.AlertHighRedemptions, "warn", "0000000001", 20),
		alert("a0", spac.AlertExtensionVote, "warn", "0000000002", 30), // ties a2: id ascending
		alert("a4", spac.AlertLiquidation, "high", "0000000003", -86400*365*30),
	} {
		if _, err := db.PutAlert(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		q    spac.AlertQuery
		want []string
	}{
		{"all newest first", spac.AlertQuery{}, []string{"a0", "a2", "a3", "a1", "a4"}},
		{"kind", spac.AlertQuery{Kinds: []spac.AlertKind{spac.AlertHighRedemptions}}, []string{"a2", "a3"}},
		{"kinds or-ed", spac.AlertQuery{Kinds: []spac.AlertKind{spac.AlertNewIPO, spac.AlertLiquidation}}, []string{"a1", "a4"}},
		{"severity any case", spac.AlertQuery{Severities: []string{"WARN"}}, []string{"a0", "a3"}},
		{"cik unpadded", spac.AlertQuery{CIKs: []spac.CIK{"1"}}, []string{"a3", "a1"}},
		{"ciks or-ed", spac.AlertQuery{CIKs: []spac.CIK{"0000000001", "0000000003"}}, []string{"a3", "a1", "a4"}},
		{"empty cik scope = nothing", spac.AlertQuery{CIKs: []spac.CIK{}}, []string{}},
		{"invalid cik = nothing", spac.AlertQuery{CIKs: []spac.CIK{"nope"}}, []string{}},
		{"since inclusive", spac.AlertQuery{Since: at(20)}, []string{"a0", "a2", "a3"}},
		{"since future", spac.AlertQuery{Since: at(31)}, []string{}},
		{"since before all", spac.AlertQuery{Since: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)}, []string{"a0", "a2", "a3", "a1", "a4"}},
		{"since in another zone", spac.AlertQuery{Since: at(20).In(time.FixedZone("EST", -5*3600))}, []string{"a0", "a2", "a3"}},
		{"limit", spac.AlertQuery{Limit: 2}, []string{"a0", "a2"}},
		{"combined", spac.AlertQuery{Kinds: []spac.AlertKind{spac.AlertHighRedemptions}, CIKs: []spac.CIK{"1"}, Since: at(0)}, []string{"a3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := db.Alerts(ctx, tc.q)
			must(t, err)
			if !slices.Equal(alertIDs(got), tc.want) {
				t.Fatalf("ids = %v, want %v", alertIDs(got), tc.want)
			}
		})
	}
}

func TestPutAlertRejectsBadInput(t *testing.T) {
	db := openMem(t)
	bad := map[string]spac.Alert{
		"no id":      {FiredAt: at(0)},
		"year 10000": {ID: "x", FiredAt: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	for name, a := range bad {
		if _, err := db.PutAlert(context.Background(), a); spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
}

func TestDescTimeSortsNewestFirst(t *testing.T) {
	times := []time.Time{
		{}, time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Unix(0, 0),
		at(0), at(0).Add(time.Nanosecond), at(1), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
	}
	for i := 1; i < len(times); i++ {
		older, err1 := descTime(times[i-1])
		newer, err2 := descTime(times[i])
		must(t, errors.Join(err1, err2))
		if newer >= older {
			t.Errorf("descTime(%v) = %q does not sort before descTime(%v) = %q", times[i], newer, times[i-1], older)
		}
	}
}

func TestAlertsPersistAcrossReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir)
	must(t, err)
	_, err = db.PutAlert(ctx, alert("a", spac.AlertNewIPO, "info", "0000000001", 0))
	must(t, err)
	must(t, db.Close())

	db, err = Open(dir)
	must(t, err)
	defer db.Close()
	if added, err := db.PutAlert(ctx, alert("a", spac.AlertNewIPO, "info", "0000000001", 9)); err != nil || added {
		t.Fatalf("repeat after reopen: added=%v err=%v (dedupe must survive restart)", added, err)
	}
	if added, err := db.PutAlert(ctx, alert("b", spac.AlertNewIPO, "info", "0000000001", 9)); err != nil || !added {
		t.Fatalf("new alert after reopen: added=%v err=%v", added, err)
	}
	got, err := db.Alerts(ctx, spac.AlertQuery{})
	must(t, err)
	if !slices.Equal(alertIDs(got), []string{"b", "a"}) || got[0].Seq != 2 || got[1].Seq != 1 {
		t.Fatalf("after reopen = %+v (Seq continues)", got)
	}
}

// TestPutAlertConcurrent races writers over the same and different ids: every id is added
// exactly once and the Seqs are unique and dense.
func TestPutAlertConcurrent(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	const writers, nIDs = 6, 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	added := map[string]int{}
	for w := range writers {
		wg.Go(func() {
			for i := range nIDs {
				ok, err := db.PutAlert(ctx, alert(fmt.Sprint("id", i), spac.AlertNewIPO, "info", "0000000001", w))
				if err != nil {
					t.Error(err)
					return
				}
				if ok {
					mu.Lock()
					added[fmt.Sprint("id", i)]++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for i := range nIDs {
		if n := added[fmt.Sprint("id", i)]; n != 1 {
			t.Errorf("id%d added %d times, want 1", i, n)
		}
	}
	got, err := db.Alerts(ctx, spac.AlertQuery{})
	must(t, err)
	var seqs []uint64
	for _, a := range got {
		seqs = append(seqs, a.Seq)
	}
	slices.Sort(seqs)
	if len(seqs) != nIDs {
		t.Fatalf("%d alerts stored, want %d", len(seqs), nIDs)
	}
	for i, s := range seqs {
		if s != uint64(i+1) {
			t.Fatalf("seqs = %v, want 1..%d", seqs, nIDs)
		}
	}
}
