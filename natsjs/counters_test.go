package natsjs_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac/natsjs"
)

// TestCountersAreExactAcrossNodes: 200 concurrent Adds of one counter through two nodes'
// connections each get a different value, 1 to 200 (none lost to a concurrent write, none
// doubled), and both nodes then read 200; a key a client IP makes (colons, dots) round-trips
// through Scan.
func TestCountersAreExactAcrossNodes(t *testing.T) {
	srv, ctx, _ := streamServer(t)
	nodes := []*natsjs.Counters{natsjs.NewCounters(connect(t, srv.URL())), natsjs.NewCounters(connect(t, srv.URL()))}
	const n, key = 200, "rl/m/ip:2001:db8::1/29000000"
	got := make([]int64, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			v, err := nodes[i%2].Add(ctx, key, 1, 2*time.Minute)
			if err != nil {
				t.Error(err)
			}
			got[i] = v
		})
	}
	wg.Wait()
	slices.Sort(got)
	for i, v := range got {
		if v != int64(i+1) {
			t.Fatalf("the Adds returned %v, want each of 1..%d once", got, n)
		}
	}
	// Each node's lost compare-and-sets are bounded by the other's writes (a node's Adds of one
	// key take turns, so one write beats at most one Add in flight per other node).
	a0, c0 := nodes[0].Stats()
	a1, c1 := nodes[1].Stats()
	if a0+a1 != n || c0 > a1 || c1 > a0 {
		t.Fatalf("Stats: node 1 %d adds, %d conflicts; node 2 %d adds, %d conflicts", a0, c0, a1, c1)
	}
	t.Logf("conflicts per add: %.2f (%d of %d)", float64(c0+c1)/float64(n), c0+c1, n)
	for i, c := range nodes {
		if v, err := c.Get(ctx, key); err != nil || v != n {
			t.Fatalf("node %d reads %d (%v), want %d", i+1, v, err, n)
		}
	}
	seen := map[string]int64{}
	err := nodes[0].Scan(context.Background(), "rl/m/ip:2001", func(k string, v int64) error { seen[k] = v; return nil })
	if err != nil || len(seen) != 1 || seen[key] != n {
		t.Fatalf("Scan: %v, %v", seen, err)
	}
}
