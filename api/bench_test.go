package api

import (
	"net/http"
	"testing"

	"github.com/spacdata/spac/metrics"
)

// BenchmarkUniversePage measures one universe page through the whole stack (middleware,
// validation, index fake, rendering with asOf).
func BenchmarkUniversePage(b *testing.B) {
	s := New(newFixture(500).deps)
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		rec := doBench(h, "/v1/universe?limit=50&sort=-trust_size")
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// BenchmarkProfileNotFound measures a 404 with suggestions over 500 SPACs (cached candidates).
func BenchmarkProfileNotFound(b *testing.B) {
	s := New(newFixture(500).deps)
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		if rec := doBench(h, "/v1/spac/AAA9999"); rec.Code != http.StatusNotFound {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// BenchmarkRequestMetrics measures what counting a request (package metrics: a counter and a
// histogram by route, method and status) adds to a cheap request: /health without and with
// metrics, in the same run.
func BenchmarkRequestMetrics(b *testing.B) {
	for _, c := range []struct {
		name    string
		metrics RequestMetrics
	}{{"off", nil}, {"on", metrics.New(metrics.Sources{}, "bench", "", nil)}} {
		b.Run(c.name, func(b *testing.B) {
			f := newFixture(10)
			f.deps.Metrics = c.metrics
			h := New(f.deps).Handler()
			b.ReportAllocs()
			for b.Loop() {
				if rec := doBench(h, "/health"); rec.Code != http.StatusOK {
					b.Fatalf("status %d", rec.Code)
				}
			}
		})
	}
}
