package api

import (
	"net/http"
	"testing"
	"time"
)

// TestProfileCacheFollowsWatermark: a cached profile is served until the data watermark
// moves; then the new profile is read.
func TestProfileCacheFollowsWatermark(t *testing.T) {
	f := newFixture(2)
	s := New(f.deps)
	rec := do(t, s.Handler(), "/v1/spac/AAA1")
	if rec.Code != http.StatusOK || decode(t, rec)["status"] == "liquidated" {
		t.Fatalf("first read: %d %s", rec.Code, rec.Body.String())
	}
	cik := f.index.rows[1].CIK
	f.store.mu.Lock()
	p := f.store.profiles[cik]
	p.Status = "liquidated"
	f.store.profiles[cik] = p
	f.store.mu.Unlock()
	if got := decode(t, do(t, s.Handler(), "/v1/spac/AAA1"))["status"]; got == "liquidated" {
		t.Fatal("profile changed without a watermark move, yet the cache was bypassed (test premise broken)")
	}
	f.store.mu.Lock()
	f.store.watermark = f.store.watermark.Add(time.Minute)
	f.store.mu.Unlock()
	if got := decode(t, do(t, s.Handler(), "/v1/spac/AAA1"))["status"]; got != "liquidated" {
		t.Fatalf("after the watermark moved: status %v, want liquidated", got)
	}
}
