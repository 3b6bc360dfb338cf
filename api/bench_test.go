package api

import (
	"net/http"
	"testing"
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
