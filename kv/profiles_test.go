package kv

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

func profile(cik spac.CIK, symbol string, previous ...string) spac.Profile {
	p := spac.Profile{SPAC: spac.SPAC{
		CIK: cik, Symbol: symbol, Name: symbol + " Acquisition Corp", Status: spac.StatusSearching,
		TrustSize: "250000000.00", Tickers: spac.Tickers{Shares: symbol, Units: symbol + "U", Warrants: symbol + "W", Previous: previous},
		Citations: []spac.Citation{{Field: "trust_size", Accession: "0000000001-21-000001", Line: 12}},
	}}
	p.Offering.UnitPrice = "10.0000"
	p.Votes = []spac.Vote{{Kind: "extension", MeetingDate: "2023-03-01", Accession: "0000000001-23-000001"}}
	return p
}

func event(cik spac.CIK, typ spac.EventType, date string) spac.Event {
	return spac.Event{ID: string(cik) + "/" + string(typ) + "/" + date, Type: typ, Date: date, CIK: cik, Symbol: "X"}
}

func TestProfileRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	p := profile("0001847577", "MRAC")
	p.Sample = true
	if err := db.PutProfile(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	got, err := db.Profile(ctx, "1847577")
	if err != nil || !reflect.DeepEqual(got, p) {
		t.Fatalf("Profile = %+v, %v\nwant %+v", got, err, p)
	}
	if _, err := db.Profile(ctx, "0000000001"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("missing profile: %v", err)
	}
	if _, err := db.Profile(ctx, "abc"); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("bad CIK: %v", err)
	}
	if err := db.PutProfile(ctx, spac.Profile{}, nil); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("profile without CIK: %v", err)
	}
	if wm, _ := db.Watermark(ctx); wm.IsZero() || time.Since(wm) > time.Hour {
		t.Fatalf("watermark %v not advanced by PutProfile", wm)
	}
}

func TestResolveSymbol(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	if err := db.PutProfile(ctx, profile("0001847577", "MRAC", "OLDM"), nil); err != nil {
		t.Fatal(err)
	}
	// Another SPAC now trades as OLDQ, which used to be the first one's ticker; and lists the
	// first one's current ticker as its own previous one: current wins both times.
	if err := db.PutProfile(ctx, profile("0000000007", "OLDQ", "MRAC"), nil); err != nil {
		t.Fatal(err)
	}
	if err := db.PutProfile(ctx, profile("0001847577", "MRAC", "OLDM", "OLDQ"), nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want spac.CIK
		code string
	}{
		{"MRAC", "0001847577", ""},
		{" mrac ", "0001847577", ""},
		{"mracu", "0001847577", ""},
		{"MRACW", "0001847577", ""},
		{"oldm", "0001847577", ""}, // previous ticker
		{"OLDQ", "0000000007", ""}, // recycled: current owner wins
		{"1847577", "0001847577", ""},
		{"0001847577", "0001847577", ""},
		{"CIK0001847577", "0001847577", ""},
		{"7", "0000000007", ""},
		{"ZZZZ", "", spac.ENOTFOUND},
		{"123", "", spac.ENOTFOUND}, // a CIK without a profile
		{"", "", spac.EINVALID},
	}
	for _, tt := range tests {
		got, err := db.ResolveSymbol(ctx, tt.in)
		if tt.code != "" {
			if spac.ErrorCode(err) != tt.code {
				t.Errorf("ResolveSymbol(%q) err = %v, want %s", tt.in, err, tt.code)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ResolveSymbol(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestPutProfileDropsStaleSymbols(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	if err := db.PutProfile(ctx, profile("0000000042", "AAAA"), nil); err != nil {
		t.Fatal(err)
	}
	p := profile("0000000042", "BBBB") // AAAA no longer listed anywhere
	if err := db.PutProfile(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ResolveSymbol(ctx, "AAAA"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("stale ticker still resolves: %v", err)
	}
	if c, err := db.ResolveSymbol(ctx, "bbbbw"); err != nil || c != "0000000042" {
		t.Fatalf("new ticker: %q %v", c, err)
	}
}

func TestEventsFilterAndReplace(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	a, b := spac.CIK("0000000001"), spac.CIK("0000000002")
	must(t, db.PutProfile(ctx, profile(a, "AAAA"), []spac.Event{
		event(a, spac.EventDeadline, "2024-06-30"),
		event(a, spac.EventExtensionVote, "2024-03-15"),
		event(a, spac.EventLockupExpiry, "2025-01-01"),
	}))
	must(t, db.PutProfile(ctx, profile(b, "BBBB"), []spac.Event{
		event(b, spac.EventDeadline, "2024-03-15"),
		event(b, spac.EventMergerVote, "2024-05-01"),
	}))
	ids := func(q spac.EventQuery) []string {
		t.Helper()
		evs, err := db.Events(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, e := range evs {
			out = append(out, e.ID)
		}
		return out
	}
	tests := []struct {
		name string
		q    spac.EventQuery
		want []string
	}{
		{"all by date then id", spac.EventQuery{}, []string{
			"0000000001/extension_vote/2024-03-15", "0000000002/deadline/2024-03-15",
			"0000000002/merger_vote/2024-05-01", "0000000001/deadline/2024-06-30", "0000000001/lockup_expiry/2025-01-01"}},
		{"from/to inclusive", spac.EventQuery{From: "2024-05-01", To: "2024-06-30"}, []string{
			"0000000002/merger_vote/2024-05-01", "0000000001/deadline/2024-06-30"}},
		{"types", spac.EventQuery{Types: []spac.EventType{spac.EventDeadline, spac.EventMergerVote}}, []string{
			"0000000002/deadline/2024-03-15", "0000000002/merger_vote/2024-05-01", "0000000001/deadline/2024-06-30"}},
		{"ciks without zeros", spac.EventQuery{CIKs: []spac.CIK{"1"}, To: "2024-12-31"}, []string{
			"0000000001/extension_vote/2024-03-15", "0000000001/deadline/2024-06-30"}},
		{"nothing", spac.EventQuery{From: "2030-01-01"}, []string{}},
	}
	for _, tt := range tests {
		if got := ids(tt.q); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	// A new PutProfile replaces the CIK's events and leaves the other CIK's alone.
	must(t, db.PutProfile(ctx, profile(a, "AAAA"), []spac.Event{event(a, spac.EventDeadline, "2024-09-30")}))
	want := []string{"0000000002/deadline/2024-03-15", "0000000002/merger_vote/2024-05-01", "0000000001/deadline/2024-09-30"}
	if got := ids(spac.EventQuery{}); !slices.Equal(got, want) {
		t.Fatalf("after replace: %q, want %q", got, want)
	}
	if _, err := db.Events(ctx, spac.EventQuery{CIKs: []spac.CIK{"x"}}); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("bad CIK filter: %v", err)
	}
}

func TestEachProfile(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	for _, c := range []spac.CIK{"0000000003", "0000000001", "0000000002"} {
		must(t, db.PutProfile(ctx, profile(c, "S"+string(c[9:])), nil))
	}
	var got []spac.CIK
	must(t, db.EachProfile(ctx, func(p spac.Profile) error { got = append(got, p.CIK); return nil }))
	if want := []spac.CIK{"0000000001", "0000000002", "0000000003"}; !slices.Equal(got, want) {
		t.Fatalf("EachProfile = %q", got)
	}
	stop := errors.New("stop")
	if err := db.EachProfile(ctx, func(spac.Profile) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("callback error lost: %v", err)
	}
}

func TestPingAndClosed(t *testing.T) {
	ctx := context.Background()
	db, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	must(t, db.Ping(ctx))
	must(t, db.Close())
	if err := db.Ping(ctx); spac.ErrorCode(err) != spac.EUNAVAILABLE {
		t.Fatalf("Ping after Close: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
