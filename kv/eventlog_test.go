package kv

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"

	spac "github.com/spacdata/spac"
)

func logEvent(data string) spac.StreamEvent {
	return spac.StreamEvent{Type: "alert", Data: []byte(`{"n":"` + data + `"}`), Symbols: []string{"MRAC"}, Kind: "new_ipo"}
}

func appendN(t *testing.T, l *EventLog, topic string, n int) {
	t.Helper()
	for i := range n {
		if _, err := l.Append(context.Background(), topic, logEvent(fmt.Sprint(i+1))); err != nil {
			t.Fatal(err)
		}
	}
}

func ids(evs []spac.StreamEvent) []uint64 {
	out := []uint64{}
	for _, e := range evs {
		out = append(out, e.ID)
	}
	return out
}

func TestEventLogAppendAssignsIDsPerTopic(t *testing.T) {
	ctx := context.Background()
	l := openMem(t).EventLog(0)
	in := logEvent("a")
	got, err := l.Append(ctx, "alerts", in)
	must(t, err)
	if got.ID != 1 || got.Type != in.Type || string(got.Data) != string(in.Data) || got.Kind != in.Kind || !slices.Equal(got.Symbols, in.Symbols) {
		t.Fatalf("Append = %+v", got)
	}
	in.Data[0] = 'X' // the stored event does not share the caller's buffer
	appendN(t, l, "alerts", 2)
	if n, _ := l.Append(ctx, "news", logEvent("n")); n.ID != 1 {
		t.Fatalf("first news id = %d, want 1 (ids are per topic)", n.ID)
	}
	all, err := l.Since(ctx, "alerts", 0, 100)
	must(t, err)
	if !slices.Equal(ids(all), []uint64{1, 2, 3}) || string(all[0].Data) != `{"n":"a"}` || all[0].Kind != "new_ipo" {
		t.Fatalf("Since(0) = %+v", all)
	}
}

func TestEventLogRejectsInvalidEvents(t *testing.T) {
	l := openMem(t).EventLog(0)
	for _, ev := range []spac.StreamEvent{{Data: []byte("{}")}, {Type: "alert"}} {
		if _, err := l.Append(context.Background(), "t", ev); !errors.Is(err, spac.ErrInvalidStreamEvent) {
			t.Errorf("Append(%+v) err = %v, want ErrInvalidEvent", ev, err)
		}
	}
}

func TestEventLogSinceAndLast(t *testing.T) {
	ctx := context.Background()
	l := openMem(t).EventLog(0)
	appendN(t, l, "t", 12) // ids 1..12: crosses 9 -> 10 and would sort wrongly without padding
	appendN(t, l, "t/x", 3)
	tests := []struct {
		name string
		got  func() ([]spac.StreamEvent, error)
		want []uint64
	}{
		{"since 0", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 0, 100) }, []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
		{"since strictly after", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 9, 100) }, []uint64{10, 11, 12}},
		{"since limit", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 2, 3) }, []uint64{3, 4, 5}},
		{"since newest", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 12, 10) }, []uint64{}},
		{"since future", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", math.MaxUint64, 10) }, []uint64{}},
		{"since zero limit", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 0, 0) }, []uint64{}},
		{"since unknown topic", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "nope", 0, 10) }, []uint64{}},
		{"last oldest first", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "t", 3) }, []uint64{10, 11, 12}},
		{"last more than stored", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "t/x", 50) }, []uint64{1, 2, 3}},
		{"last zero", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "t", 0) }, []uint64{}},
		{"last unknown topic", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "t/", 5) }, []uint64{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.got()
			must(t, err)
			if !slices.Equal(ids(got), tc.want) {
				t.Fatalf("ids = %v, want %v", ids(got), tc.want)
			}
		})
	}
}

func TestEventLogCapTrimsOldest(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	l := db.EventLog(3)
	appendN(t, l, "t", 5)
	if got, _ := l.Since(ctx, "t", 0, 100); !slices.Equal(ids(got), []uint64{3, 4, 5}) {
		t.Fatalf("retained = %v, want [3 4 5]", ids(got))
	}
	// A smaller cap (a config change between runs) trims the whole surplus on the next Append.
	l = db.EventLog(1)
	appendN(t, l, "t", 1)
	if got, _ := l.Since(ctx, "t", 0, 100); !slices.Equal(ids(got), []uint64{6}) {
		t.Fatalf("retained after lowering the cap = %v, want [6]", ids(got))
	}
}

func TestEventLogPersistsAcrossReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir)
	must(t, err)
	appendN(t, db.EventLog(2), "alerts", 4)
	must(t, db.Close())

	db, err = Open(dir)
	must(t, err)
	defer db.Close()
	l := db.EventLog(2)
	if got, _ := l.Last(ctx, "alerts", 10); !slices.Equal(ids(got), []uint64{3, 4}) {
		t.Fatalf("Last after reopen = %v, want [3 4]", ids(got))
	}
	ev, err := l.Append(ctx, "alerts", logEvent("after"))
	must(t, err)
	if ev.ID != 5 {
		t.Fatalf("id after reopen = %d, want 5: ids never repeat", ev.ID)
	}
}

// TestEventLogConcurrentAppend checks that concurrent appends (also through two EventLogs over
// one DB, where only Badger's conflict detection serialises them) get unique, dense ids.
func TestEventLogConcurrentAppend(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	logs := []*EventLog{db.EventLog(0), db.EventLog(0)}
	const writers, each = 8, 26 // even: each writer appends each/2 to both topics
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			l := logs[w%2]
			for i := range each {
				topic := []string{"alerts", "news"}[i%2]
				if _, err := l.Append(ctx, topic, logEvent(fmt.Sprint(w, i))); err != nil {
					errs <- err
				}
				if _, err := l.Last(ctx, topic, 3); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, topic := range []string{"alerts", "news"} {
		got, err := logs[0].Since(ctx, topic, 0, 1000)
		must(t, err)
		want := make([]uint64, 0, writers*each/2)
		for i := range cap(want) {
			want = append(want, uint64(i+1))
		}
		if !slices.Equal(ids(got), want) {
			t.Fatalf("%s ids = %v, want 1..%d", topic, ids(got), len(want))
		}
	}
}
