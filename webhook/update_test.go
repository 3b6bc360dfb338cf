package webhook

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// clock is a settable Config.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

func sigCount(r received) int { return len(strings.Fields(r.header.Get("webhook-signature"))) }

// verifies reports whether a received request verifies with secret (Verify accepts any one
// of the header's signatures).
func verifies(secret string, r received) bool {
	ts, err := strconv.ParseInt(r.header.Get("webhook-timestamp"), 10, 64)
	return err == nil && Verify(secret, r.header.Get("webhook-id"), ts, r.body, r.header.Get("webhook-signature"))
}

func TestSignAllVerifiesWithEitherSecret(t *testing.T) {
	a, _ := NewSecret()
	b, _ := NewSecret()
	c, _ := NewSecret()
	body := []byte(`{"id":"msg_1"}`)
	header, err := SignAll([]string{a, b}, "msg_1", 1700000000, body)
	if err != nil || len(strings.Fields(header)) != 2 {
		t.Fatalf("SignAll = %q, %v; want two signatures", header, err)
	}
	for name, secret := range map[string]string{"new": a, "old": b} {
		if !Verify(secret, "msg_1", 1700000000, body, header) {
			t.Errorf("the %s secret does not verify %q", name, header)
		}
	}
	if Verify(c, "msg_1", 1700000000, body, header) {
		t.Error("an unrelated secret verifies")
	}
	if _, err := SignAll([]string{a, "not-a-secret"}, "msg_1", 1, body); err == nil {
		t.Error("SignAll accepted a malformed secret")
	}
}

func TestRotatedSecretOverlapsThenExpires(t *testing.T) {
	clk := &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	cfg := fastConfig()
	cfg.Now = clk.now
	h := newHarness(t, cfg)
	rc := newReceiver(t, 200)
	ep := h.register("key-a", rc.URL, "*")
	ctx := context.Background()

	rotated, err := h.svc.RotateSecret(ctx, "key-a", ep.ID, time.Hour)
	if err != nil || rotated.Secret == ep.Secret || rotated.PreviousSecret != ep.Secret {
		t.Fatalf("RotateSecret = %+v, %v", rotated, err)
	}
	if want := clk.now().Add(time.Hour); rotated.PreviousSecretExpiresAt == nil || !rotated.PreviousSecretExpiresAt.Equal(want) {
		t.Fatalf("previous secret expires %v, want %v", rotated.PreviousSecretExpiresAt, want)
	}
	if _, err := h.svc.SendTest(ctx, rotated); err != nil {
		t.Fatal(err)
	}
	r := <-rc.got
	if sigCount(r) != 2 || !verifies(rotated.Secret, r) || !verifies(ep.Secret, r) {
		t.Fatalf("inside the window: signature %q must carry both secrets", r.header.Get("webhook-signature"))
	}

	clk.add(time.Hour) // the window has ended
	if _, err := h.svc.SendTest(ctx, rotated); err != nil {
		t.Fatal(err)
	}
	r = <-rc.got
	if sigCount(r) != 1 || !verifies(rotated.Secret, r) || verifies(ep.Secret, r) {
		t.Fatalf("after the window: signature %q must be the new secret's only", r.header.Get("webhook-signature"))
	}
}

func TestRotateSecretRules(t *testing.T) {
	h := newHarness(t, fastConfig())
	ep := h.register("key-a", "https://example.com/hook", "*")
	ctx := context.Background()
	for _, grace := range []time.Duration{-time.Second, MaxSecretGrace + time.Second} {
		if _, err := h.svc.RotateSecret(ctx, "key-a", ep.ID, grace); spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("grace %s: err %v, want invalid", grace, err)
		}
	}
	if _, err := h.svc.RotateSecret(ctx, "key-b", ep.ID, time.Hour); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("another key's endpoint: err %v, want not found", err)
	}
	cut, err := h.svc.RotateSecret(ctx, "key-a", ep.ID, 0)
	if err != nil || cut.PreviousSecret != "" || cut.PreviousSecretExpiresAt != nil || len(cut.SigningSecrets(time.Now())) != 1 {
		t.Fatalf("grace 0 keeps the old secret: %+v, %v", cut, err)
	}
}

func TestUpdateMergesValidatesAndReenables(t *testing.T) {
	h := newHarness(t, fastConfig())
	ep := h.register("key-a", "https://example.com/hook", "alert.*")
	ctx := context.Background()
	str := func(s string) *string { return &s }
	yes, no := true, false
	bad := map[string]Update{
		"url":         {URL: str("ftp://example.com/x")},
		"events":      {Events: &[]string{"nope.*"}},
		"description": {Description: str(strings.Repeat("x", 501))},
	}
	for field, u := range bad {
		var se *spac.Error
		if _, err := h.svc.Update(ctx, "key-a", ep.ID, u); !errors.As(err, &se) || se.Code != spac.EINVALID || se.Param != field {
			t.Errorf("bad %s: err %v, want invalid naming it", field, err)
		}
	}
	if _, err := h.svc.Update(ctx, "key-b", ep.ID, Update{Enabled: &yes}); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("another key's endpoint: err %v, want not found", err)
	}
	got, err := h.svc.Update(ctx, "key-a", ep.ID, Update{Events: &[]string{"news.*"}, Enabled: &no})
	if err != nil || got.URL != ep.URL || got.Events[0] != "news.*" || got.DisabledAt == nil || got.DisabledReason != ReasonOwnerDisabled {
		t.Fatalf("disable + events: %+v, %v", got, err)
	}
	got, err = h.svc.Update(ctx, "key-a", ep.ID, Update{URL: str("https://example.org/new"), Enabled: &yes})
	if err != nil || got.URL != "https://example.org/new" || got.DisabledAt != nil || got.DisabledReason != "" || got.Secret != ep.Secret {
		t.Fatalf("re-enable + url: %+v, %v", got, err)
	}
	if stored, _ := h.store.Endpoint(ctx, ep.ID); stored.URL != got.URL || stored.DisabledAt != nil {
		t.Fatalf("stored %+v", stored)
	}
}

// TestUpdateDuringTheLastAttemptIsKept: an owner who gives the endpoint a new URL while its
// last retry is failing keeps it, enabled: the failures were the old URL's, and disabling
// re-read-then-put could write the claimed version back over the change.
func TestUpdateDuringTheLastAttemptIsKept(t *testing.T) {
	h := newHarness(t, fastConfig()) // 3 retries: 4 attempts
	var ep spac.WebhookEndpoint
	newURL := "https://example.org/fixed"
	var n atomic.Int32
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 4 { // the owner fixes the URL while the last attempt is under way
			if _, err := h.svc.Update(context.Background(), "key-a", ep.ID, Update{URL: &newURL}); err != nil {
				t.Error(err)
			}
		}
		w.WriteHeader(500)
	}))
	t.Cleanup(rc.Close)
	ep = h.register("key-a", rc.URL, "*")
	if _, err := h.svc.Publish(context.Background(), spac.WebhookTrustRecomputed, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "delivery failed", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && ds[0].Status == spac.DeliveryFailed
	})
	got, _ := h.store.Endpoint(context.Background(), ep.ID)
	if got.URL != newURL || got.DisabledAt != nil {
		t.Fatalf("after the owner's update during the last attempt: url %s, disabled %v (%s); want %s, enabled",
			got.URL, got.DisabledAt, got.DisabledReason, newURL)
	}
}
