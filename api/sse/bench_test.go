package sse

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"

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
