package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestNewsSubscriberCost measures what news-stream subscribers cost a real spacd process: the
// growth of its resident memory per open stream (the 50-article replay sent, then idle) and the
// time to open them one after another. A measurement, not a check: it runs only when
// SPAC_STREAM_COST=N (the number of subscribers) is set; the README's "Streams" figures come
// from it.
func TestNewsSubscriberCost(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SPAC_STREAM_COST"))
	if n <= 0 {
		t.Skip("set SPAC_STREAM_COST=N to measure N news-stream subscribers")
	}
	bin := buildSpacd(t)
	env := map[string]string{"SPACD_STREAMS_MAX_PER_KEY": strconv.Itoa(n), "SPACD_STREAMS_MAX": strconv.Itoa(n),
		"SPACD_METRICS_ADDR": "127.0.0.1:0"}
	p := startProcess(t, bin, filepath.Join(t.TempDir(), "data"), env)
	key := p.createKey(t, "enterprise")
	time.Sleep(2 * time.Second) // the fixture bootstrap's garbage collected, the feed polled
	before, heapBefore := rss(t, p.cmd.Process.Pid), p.heapInUse(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	for range n {
		openReplayed(t, ctx, p.base+"/v1/news/stream", key)
	}
	took := time.Since(start)
	time.Sleep(time.Second)
	after, heapAfter := rss(t, p.cmd.Process.Pid), p.heapInUse(t)
	t.Logf("%d news subscribers: RSS %d -> %d KB (%.1f KB each), heap and stacks in use %d -> %d KB (%.1f KB each); opened in %s (%.2f ms each)",
		n, before/1024, after/1024, float64(after-before)/1024/float64(n),
		heapBefore/1024, heapAfter/1024, float64(heapAfter-heapBefore)/1024/float64(n),
		took.Round(time.Millisecond), float64(took.Microseconds())/1000/float64(n))
}

// heapInUse is the process's heap in use plus goroutine stacks, as its metrics report them
// (the Go collector's figures as of the scrape).
func (ts *testServer) heapInUse(t *testing.T) int64 {
	t.Helper()
	resp, err := http.Get(ts.metrics)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var total int64
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, _ := strings.Cut(sc.Text(), " ")
		if name == "go_memstats_heap_inuse_bytes" || name == "go_memstats_stack_inuse_bytes" {
			f, _ := strconv.ParseFloat(value, 64)
			total += int64(f)
		}
	}
	return total
}

// openReplayed opens a stream and returns once its replay (50 articles) has arrived; the
// connection stays open until ctx ends.
func openReplayed(t *testing.T, ctx context.Context, url, key string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("open: %v %v", resp, err)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	events := 0
	for events < 50 && sc.Scan() {
		if strings.HasPrefix(sc.Text(), "event: ") {
			events++
		}
	}
	go func() { // keep reading (heartbeats) so the server never blocks on this client
		for sc.Scan() {
		}
		resp.Body.Close()
	}()
}

// rss is the resident set size of a process, in bytes (Linux).
func rss(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb * 1024
		}
	}
	t.Fatal("no VmRSS")
	return 0
}
