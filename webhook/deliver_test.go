package webhook

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// checkSigned verifies a request against the Standard Webhooks scheme, computed independently
// of Sign: v1,base64(HMAC-SHA256(base64decode(secret minus whsec_), id.timestamp.body)).
func checkSigned(t *testing.T, secret string, r received) {
	t.Helper()
	id, ts := r.header.Get("webhook-id"), r.header.Get("webhook-timestamp")
	if _, err := strconv.ParseInt(ts, 10, 64); err != nil || id == "" {
		t.Fatalf("webhook-id %q webhook-timestamp %q", id, ts)
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		t.Fatal(err)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(r.body)))
	if want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)); r.header.Get("webhook-signature") != want {
		t.Fatalf("signature %q, want %q", r.header.Get("webhook-signature"), want)
	}
	var body message
	if err := json.Unmarshal(r.body, &body); err != nil || body.ID != id || body.Type == "" || body.CreatedAt == "" {
		t.Fatalf("body %s: %v", r.body, err)
	}
}

func TestDeliveryIsSignedAndFollowsPatterns(t *testing.T) {
	h := newHarness(t, fastConfig())
	rc := newReceiver(t, 200)
	ep := h.register("key-a", rc.URL+"/hook", "alert.*")
	ctx := context.Background()
	if n, err := h.svc.Publish(ctx, "news.published", map[string]string{"x": "y"}); err != nil || n != 0 {
		t.Fatalf("unsubscribed type queued %d (%v)", n, err)
	}
	if n, err := h.svc.Publish(ctx, spac.WebhookAlertEvent("liquidation"), map[string]string{"cik": "0001234567"}); err != nil || n != 1 {
		t.Fatalf("queued %d (%v), want 1", n, err)
	}
	r := <-rc.got
	checkSigned(t, ep.Secret, r)
	if !strings.Contains(string(r.body), `"type":"alert.liquidation"`) || !strings.Contains(string(r.body), `"data":{"cik":"0001234567"}`) {
		t.Fatalf("body %s", r.body)
	}
	eventually(t, "delivery succeeded", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && ds[0].Status == spac.DeliverySucceeded && len(ds[0].Attempts) == 1 && ds[0].Attempts[0].StatusCode == 200
	})
}

func TestRetriesKeepTheMessageIDUntilSuccess(t *testing.T) {
	h := newHarness(t, fastConfig())
	rc := newReceiver(t, 500, 503, 204)
	ep := h.register("key-a", rc.URL, "filing.ingested")
	if _, err := h.svc.Publish(context.Background(), spac.WebhookFilingIngested, map[string]int{"n": 1}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 3 {
		r := <-rc.got
		checkSigned(t, ep.Secret, r)
		ids = append(ids, r.header.Get("webhook-id"))
	}
	if ids[0] != ids[1] || ids[1] != ids[2] {
		t.Fatalf("webhook-id changed across retries: %v", ids)
	}
	eventually(t, "third attempt recorded as success", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && ds[0].Status == spac.DeliverySucceeded && len(ds[0].Attempts) == 3
	})
	codes := []int{}
	for _, a := range h.deliveriesOf(ep.ID)[0].Attempts {
		codes = append(codes, a.StatusCode)
	}
	if codes[0] != 500 || codes[1] != 503 || codes[2] != 204 {
		t.Fatalf("attempt codes %v", codes)
	}
}

func TestExhaustedRetriesFailAndDisableTheEndpoint(t *testing.T) {
	h := newHarness(t, fastConfig()) // 3 retries: 4 attempts
	rc := newReceiver(t, 500)
	ep := h.register("key-a", rc.URL, "*")
	if _, err := h.svc.Publish(context.Background(), spac.WebhookTrustRecomputed, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "delivery failed", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && ds[0].Status == spac.DeliveryFailed
	})
	if n := len(h.deliveriesOf(ep.ID)[0].Attempts); n != 4 {
		t.Fatalf("%d attempts, want 4", n)
	}
	got, err := h.store.Endpoint(context.Background(), ep.ID)
	if err != nil || got.DisabledAt == nil {
		t.Fatal("endpoint not disabled after exhausting retries")
	}
	if n, _ := h.svc.Publish(context.Background(), spac.WebhookTrustRecomputed, map[string]int{}); n != 0 {
		t.Fatal("a disabled endpoint still receives")
	}
}

func TestRedirectsAreNotFollowed(t *testing.T) {
	cfg := fastConfig()
	cfg.Schedule = nil // default schedule: the first retry is 5 s away, after the test
	h := newHarness(t, cfg)
	target := newReceiver(t, 200)
	redirect := httptest.NewServer(http.RedirectHandler(target.URL, http.StatusTemporaryRedirect))
	defer redirect.Close()
	ep := h.register("key-a", redirect.URL, "*")
	if _, err := h.svc.Publish(context.Background(), spac.WebhookNewsPublished, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "first attempt recorded", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && len(ds[0].Attempts) == 1
	})
	d := h.deliveriesOf(ep.ID)[0]
	if d.Status != spac.DeliveryPending || d.Attempts[0].StatusCode != http.StatusTemporaryRedirect {
		t.Fatalf("delivery %+v: a 307 must be a failed attempt, retried later", d)
	}
	if len(target.got) != 0 {
		t.Fatal("the redirect was followed")
	}
}

func TestTestAndRedeliver(t *testing.T) {
	h := newHarness(t, fastConfig())
	rc := newReceiver(t, 200)
	ep := h.register("key-a", rc.URL, "alert.new_ipo")
	ctx := context.Background()
	d, err := h.svc.SendTest(ctx, ep)
	if err != nil || d.EventType != spac.WebhookTest {
		t.Fatalf("test: %+v %v", d, err)
	}
	first := <-rc.got
	checkSigned(t, ep.Secret, first)
	eventually(t, "test delivered", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && ds[0].Status == spac.DeliverySucceeded
	})
	again, err := h.svc.Redeliver(ctx, ep.ID, d.ID)
	if err != nil || again.ID == d.ID {
		t.Fatalf("redeliver: %+v %v", again, err)
	}
	second := <-rc.got
	checkSigned(t, ep.Secret, second)
	if second.header.Get("webhook-id") != first.header.Get("webhook-id") || string(second.body) != string(first.body) {
		t.Fatal("a redelivery must resend the same message")
	}
	other := h.register("key-b", rc.URL, "*")
	if _, err := h.svc.Redeliver(ctx, other.ID, d.ID); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("another endpoint redelivered %s: %v", d.ID, err)
	}
}

func TestSSRFGuardRefusesPrivateTargetsAtDialTime(t *testing.T) {
	h := newHarness(t, Config{Schedule: []time.Duration{}, PollInterval: fastConfig().PollInterval})
	rc := newReceiver(t, 200)
	// A public-looking name resolving to loopback is simulated by storing the endpoint directly.
	secret, _ := NewSecret()
	ep := spac.WebhookEndpoint{ID: "wh_ssrf", OwnerKeyID: "key-a", URL: rc.URL, Events: []string{"*"}, Secret: secret}
	if err := h.store.PutEndpoint(context.Background(), ep); err != nil {
		t.Fatal(err)
	}
	if _, err := h.svc.Publish(context.Background(), spac.WebhookNewsPublished, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "attempt refused", func() bool {
		ds := h.deliveriesOf(ep.ID)
		return len(ds) == 1 && ds[0].Status == spac.DeliveryFailed
	})
	if a := h.deliveriesOf(ep.ID)[0].Attempts[0]; !strings.Contains(a.Error, "not allowed") {
		t.Fatalf("attempt error %q", a.Error)
	}
	if len(rc.got) != 0 {
		t.Fatal("the loopback receiver was reached")
	}
}

func TestForbiddenAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "::1": true, "10.1.2.3": true, "172.16.0.1": true, "192.168.1.1": true,
		"169.254.169.254": true, "fe80::1": true, "fd00:ec2::254": true, "100.100.100.200": true,
		"0.0.0.0": true, "::ffff:127.0.0.1": true, "224.0.0.1": true,
		"8.8.8.8": false, "93.184.216.34": false, "2606:4700::1111": false,
	} {
		if got := forbiddenAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("forbiddenAddr(%s) = %v, want %v", addr, got, want)
		}
	}
}

// TestOnAttemptIsToldEachOutcome: two failures then a success are told as retrying, retrying,
// succeeded; a delivery whose retries run out as three retrying then failed.
func TestOnAttemptIsToldEachOutcome(t *testing.T) {
	var mu sync.Mutex
	var outcomes []string
	cfg := fastConfig()
	cfg.OnAttempt = func(o string) { mu.Lock(); outcomes = append(outcomes, o); mu.Unlock() }
	told := func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(outcomes) }
	h := newHarness(t, cfg)
	h.register("key-a", newReceiver(t, 500, 503, 204).URL, "filing.ingested")
	if _, err := h.svc.Publish(context.Background(), spac.WebhookFilingIngested, map[string]int{"n": 1}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "three outcomes told", func() bool { return len(told()) == 3 })
	if got := told(); !slices.Equal(got, []string{OutcomeRetrying, OutcomeRetrying, OutcomeSucceeded}) {
		t.Fatalf("outcomes %v", got)
	}
	h.register("key-b", newReceiver(t, 500).URL, "*")
	if _, err := h.svc.Publish(context.Background(), spac.WebhookTrustRecomputed, map[string]int{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "four more outcomes told", func() bool { return len(told()) == 7 })
	if got := told()[3:]; !slices.Equal(got, []string{OutcomeRetrying, OutcomeRetrying, OutcomeRetrying, OutcomeFailed}) {
		t.Fatalf("outcomes of an exhausted delivery %v", got)
	}
}
