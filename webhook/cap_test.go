package webhook

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/spacdata/spac"
)

// TestEndpointCapPerKey: a key may hold MaxPerKey endpoints; the next is refused with
// limit_exceeded (422 in package api; the cap lives here, not in the handler) until one is deleted. Other keys are not affected.
func TestEndpointCapPerKey(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxPerKey = 3
	h := newHarness(t, cfg)
	var ids []string
	for range 3 {
		ids = append(ids, h.register("key-a", "https://example.com/hook", "alert.*").ID)
	}
	ctx := context.Background()
	if _, err := h.svc.Register(ctx, "key-a", Registration{URL: "https://example.com/h", Events: []string{"*"}}); spac.ErrorCode(err) != CodeLimitExceeded {
		t.Fatalf("fourth endpoint: %v, want %s", err, CodeLimitExceeded)
	}
	h.register("key-b", "https://example.com/hook", "alert.*")
	if err := h.store.DeleteEndpoint(ctx, ids[0]); err != nil {
		t.Fatalf("delete: %v", err)
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
			if _, err := h.svc.Register(context.Background(), "key-a", Registration{URL: "https://example.com/h", Events: []string{"*"}}); err == nil {
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

// TestRegistrationRules: each refused registration is an invalid-parameter error naming its
// field (the handler renders it as a 400 problem naming the parameter).
func TestRegistrationRules(t *testing.T) {
	h := newHarness(t, Config{}) // private targets refused
	long := strings.Repeat("x", 501)
	for i, tc := range []struct {
		r     Registration
		param string
	}{
		{Registration{URL: "ftp://example.com", Events: []string{"alert.*"}}, "url"},
		{Registration{URL: "/relative", Events: []string{"alert.*"}}, "url"},
		{Registration{URL: "http://127.0.0.1:8080/x", Events: []string{"alert.*"}}, "url"},
		{Registration{URL: "http://localhost/x", Events: []string{"alert.*"}}, "url"},
		{Registration{URL: "http://169.254.169.254/latest", Events: []string{"alert.*"}}, "url"},
		{Registration{URL: "http://[::1]/x", Events: []string{"alert.*"}}, "url"},
		{Registration{URL: "https://example.com"}, "events"},
		{Registration{URL: "https://example.com", Events: []string{"alert.bogus"}}, "events"},
		{Registration{URL: "https://example.com", Events: []string{"nothing.*"}}, "events"},
		{Registration{URL: "https://example.com", Events: []string{"alert.*"}, Description: long}, "description"},
	} {
		_, err := h.svc.Register(context.Background(), "key-a", tc.r)
		var e *spac.Error
		if !errors.As(err, &e) || e.Code != spac.EINVALID || e.Param != tc.param {
			t.Errorf("case %d: %v, want an invalid %s", i, err, tc.param)
		}
	}
	for _, ok := range [][]string{{"*"}, {"alert.*"}, {"alert.ytm_arbitrage", "filing.ingested", "trust.recomputed"}} {
		e := h.register("key-a", "https://example.com/h", ok...)
		if !strings.HasPrefix(e.Secret, "whsec_") || !strings.HasPrefix(e.ID, "wh_") || e.OwnerKeyID != "key-a" {
			t.Errorf("registered %+v", e)
		}
	}
}

func TestMatches(t *testing.T) {
	cases := []struct {
		pattern, event string
		want           bool
	}{
		{"alert.*", "alert.liquidation", true},
		{"alert.*", "alerts.x", false},
		{"alert.liquidation", "alert.liquidation", true},
		{"alert.liquidation", "alert.new_ipo", false},
		{"*", "news.published", true},
		{"alert*", "alert.liquidation", false},
	}
	for _, tc := range cases {
		if got := Matches(tc.pattern, tc.event); got != tc.want {
			t.Errorf("Matches(%q, %q) = %v", tc.pattern, tc.event, got)
		}
	}
}

// TestPatternsAreTheValidOnes: the vocabulary the OpenAPI document gives the events field
// is exactly what registration accepts, wildcards included.
func TestPatternsAreTheValidOnes(t *testing.T) {
	got := Patterns()
	for _, p := range got {
		if !validPattern(p) {
			t.Errorf("pattern %q is listed but registration refuses it", p)
		}
	}
	for _, p := range []string{"*", "alert.*", "news.*", "filing.ingested", "alert.liquidation"} {
		if !slices.Contains(got, p) {
			t.Errorf("pattern %q is accepted but not listed: %v", p, got)
		}
	}
}
