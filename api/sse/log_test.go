package sse

import (
	"context"
	"slices"
	"testing"

	"github.com/spacdata/spac"
)

func TestMemLogSinceAndLast(t *testing.T) {
	ctx := context.Background()
	l := NewMemLog(5)
	for i := 0; i < 8; i++ {
		ev, err := l.Append(ctx, "t", spac.StreamEvent{Type: "alert", Data: []byte(`{}`)})
		if err != nil || ev.ID != uint64(i+1) {
			t.Fatalf("append %d: id %d err %v", i, ev.ID, err)
		}
	}
	cases := []struct {
		name string
		got  func() ([]spac.StreamEvent, error)
		want []uint64
	}{
		{"since 0 keeps only the retained window", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 0, 100) }, []uint64{4, 5, 6, 7, 8}},
		{"since 5 limit 2", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 5, 2) }, []uint64{6, 7}},
		{"since newest", func() ([]spac.StreamEvent, error) { return l.Since(ctx, "t", 8, 10) }, nil},
		{"last 3", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "t", 3) }, []uint64{6, 7, 8}},
		{"last more than kept", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "t", 50) }, []uint64{4, 5, 6, 7, 8}},
		{"unknown topic", func() ([]spac.StreamEvent, error) { return l.Last(ctx, "other", 3) }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			evs, err := tc.got()
			if err != nil {
				t.Fatal(err)
			}
			var got []uint64
			for _, ev := range evs {
				got = append(got, ev.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("ids = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestMemLogRejectsEmptyEvent(t *testing.T) {
	if _, err := NewMemLog(0).Append(context.Background(), "t", spac.StreamEvent{Type: "alert"}); err == nil {
		t.Fatal("want an error for an event without data")
	}
}

func TestPublishValidatesAndCompactsData(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{})
	defer hub.Close()
	ctx := context.Background()
	for _, bad := range []string{"", "not json", `[1,2]`, `{"a":`} {
		if _, err := hub.Publish(ctx, "t", spac.StreamEvent{Type: "alert", Data: []byte(bad)}); err == nil {
			t.Errorf("Publish(%q): want an error", bad)
		}
	}
	ev, err := hub.Publish(ctx, "t", spac.StreamEvent{Type: "alert", Data: []byte("{\n  \"a\": 1\n}\n")})
	if err != nil {
		t.Fatal(err)
	}
	if string(ev.Data) != `{"a":1}` || ev.ID != 1 {
		t.Fatalf("stored %d %s, want 1 {\"a\":1}", ev.ID, ev.Data)
	}
}
