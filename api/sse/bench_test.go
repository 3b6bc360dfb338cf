package sse

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// BenchmarkFanOut runs N in-process streams (the real handler on a fake writer), reports the
// memory each one holds (heap + goroutine stack, from runtime.MemStats) and times one published
// event reaching all of them.
func BenchmarkFanOut(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) { benchFanOut(b, n) })
	}
}

func benchFanOut(b *testing.B, n int) {
	hub := NewHub(NewMemLog(1024), HubConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	var received sync.WaitGroup
	before := memInUse()
	done := make([]<-chan struct{}, n)
	for i := range n {
		w := newFakeWriter(nil, received.Done)
		done[i] = runStream(ctx, hub, spac.TopicAlerts, StreamOptions{}, w)
		<-w.started
	}
	after := memInUse()
	b.ResetTimer() // (also clears reported metrics: report after the loop)
	for i := 0; i < b.N; i++ {
		received.Add(n)
		if _, err := hub.Publish(ctx, spac.TopicAlerts, spac.StreamEvent{Type: spac.StreamTypeAlert, Data: []byte(`{"id":"a1","kind":"liquidation"}`)}); err != nil {
			b.Fatal(err)
		}
		received.Wait()
	}
	b.StopTimer()
	b.ReportMetric(float64(after-before)/float64(n), "bytes/client")
	cancel()
	hub.Close()
	for _, d := range done {
		<-d
	}
}

// memInUse is heap plus goroutine stacks after a GC.
func memInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc + m.StackInuse
}

// BenchmarkNewsReplay opens news-stream subscribers, one per op, over a log of 2,000 articles
// of about 1 KB (the news stream's replay: the 50 newest by publication time among the last
// 2,000 logged). B/op is what one open allocates, replay included; held-bytes/client is what
// each subscriber still holds once its replay is sent (heap + goroutine stack).
func BenchmarkNewsReplay(b *testing.B) {
	hub := NewHub(NewMemLog(10000), HubConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	summary := strings.Repeat("x", 900)
	for i := range 2000 {
		data := fmt.Sprintf(`{"id":"a%d","title":"Article %d","summary":%q}`, i, i, summary)
		// Logged out of publication order, as feeds deliver it.
		ev := spac.StreamEvent{Type: spac.StreamTypeArticle, Data: []byte(data), Time: base.Add(time.Duration(i*7919%2000) * time.Minute)}
		if _, err := hub.Publish(ctx, spac.TopicNews, ev); err != nil {
			b.Fatal(err)
		}
	}
	opts := StreamOptions{Recent: 50, RecentByTime: true}
	var done []<-chan struct{}
	before := memInUse()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var replayed sync.WaitGroup
		replayed.Add(opts.Recent)
		done = append(done, runStream(ctx, hub, spac.TopicNews, opts, newFakeWriter(nil, replayed.Done)))
		replayed.Wait()
	}
	b.StopTimer()
	b.ReportMetric(float64(memInUse()-before)/float64(b.N), "held-bytes/client")
	cancel()
	hub.Close()
	for _, d := range done {
		<-d
	}
}
