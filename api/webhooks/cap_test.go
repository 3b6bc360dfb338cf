package webhooks

import (
	"sync"
	"testing"
)

// TestEndpointCapPerKey: a key may hold MaxPerKey endpoints; the next is refused with
// limit_exceeded (422 in package api) until one is deleted. Other keys are not affected.
func TestEndpointCapPerKey(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxPerKey = 3
	h := newHarness(t, cfg)
	var ids []string
	for range 3 {
		ids = append(ids, h.register("key-a", "https://example.com/hook", "alert.*").ID)
	}
	var problem map[string]string
	if code := h.do("POST", "/webhooks", "key-a", CreateRequest{URL: "https://example.com/h", Events: []string{"*"}}, &problem); code != 422 || problem["code"] != CodeLimitExceeded {
		t.Fatalf("fourth endpoint: %d %v", code, problem)
	}
	h.register("key-b", "https://example.com/hook", "alert.*")
	if code := h.do("DELETE", "/webhooks/"+ids[0], "key-a", nil, nil); code != 204 {
		t.Fatalf("delete: %d", code)
	}
	h.register("key-a", "https://example.com/hook", "alert.*")
}

// TestEndpointCapHoldsUnderConcurrentCreates: creates racing each other still stop at the cap.
func TestEndpointCapHoldsUnderConcurrentCreates(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxPerKey = 5
	h := newHarness(t, cfg)
	var wg sync.WaitGroup
	var mu sync.Mutex
	created := 0
	for range 20 {
		wg.Go(func() {
			if h.do("POST", "/webhooks", "key-a", CreateRequest{URL: "https://example.com/h", Events: []string{"*"}}, nil) == 201 {
				mu.Lock()
				created++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if created != 5 {
		t.Errorf("%d endpoints created concurrently, want the cap of 5", created)
	}
}

func TestDefaultCap(t *testing.T) {
	if got := (Config{}).withDefaults().MaxPerKey; got != DefaultMaxPerKey || DefaultMaxPerKey != 25 {
		t.Errorf("default cap %d", got)
	}
}
