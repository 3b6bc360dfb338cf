package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest/poll/polltest"
)

// keyIDOf is the id of the key whose secret this is (GET /v1/account).
func (ts *testServer) keyIDOf(t *testing.T, secret string) string {
	t.Helper()
	var acct struct {
		KeyID string `json:"keyId"`
	}
	ts.getJSON(t, "/v1/account", secret, http.StatusOK, &acct)
	return acct.KeyID
}

// waitReceived waits until the receiver got at least n requests.
func waitReceived(t *testing.T, r *receiver, n int, what string) {
	t.Helper()
	deadline := time.Now().Add(liveTimeout)
	for len(r.received()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d requests after %s, want %d", what, len(r.received()), liveTimeout, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitEnded drains the stream until the server ends it.
func (c *sseClient) waitEnded(t *testing.T, what string) {
	t.Helper()
	deadline := time.After(liveTimeout)
	for {
		select {
		case _, open := <-c.Events:
			if !open {
				return
			}
		case <-deadline:
			t.Fatalf("%s still open after %s", what, liveTimeout)
		}
	}
}

// TestRevokedKeyStopsEverything: the audit saw 182 deliveries reach a revoked key's endpoint
// and an SSE stream opened before the revocation receive 300 more articles. Revoking through
// the admin API now disables the key's webhooks before it answers - not one request reaches
// them afterwards, while another key's endpoint receives the next SPAC's events - and ends its
// open stream; the admin route lists the disabled webhook.
func TestRevokedKeyStopsEverything(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server on the fixture corpus")
	}
	t.Parallel()
	feed := polltest.New(t)
	ts := startServer(t, liveEnv(feed.URL()))
	revoked, control := ts.createKey(t, "institutional"), ts.createKey(t, "institutional")
	toRevoked, toControl := newReceiver(t, ""), newReceiver(t, "")
	hookID, _ := ts.registerWebhook(t, revoked, toRevoked.URL(), "*")
	ts.registerWebhook(t, control, toControl.URL(), "filing.ingested")
	stream := ts.openStream(t, "/v1/news/stream", revoked, "")
	spacs := generateNewSPACs(t, 60)
	if len(spacs) < 2 {
		t.Fatalf("%d generated SPACs new to the corpus, want 2", len(spacs))
	}
	spacs[0].publish(feed)
	waitReceived(t, toRevoked, 1, "the key's webhook before the revocation")

	id := ts.keyIDOf(t, revoked)
	if code, _, b := ts.do(t, http.MethodDelete, "/v1/admin/keys/"+id, ts.admin, ""); code != http.StatusOK {
		t.Fatalf("revoke: %d %s", code, b)
	}
	answered, before := time.Now(), len(toRevoked.received())
	stream.waitEnded(t, "the revoked key's stream")
	t.Logf("the stream ended %s after the revocation answered", time.Since(answered).Round(time.Millisecond))

	controlBefore := len(toControl.received())
	spacs[1].publish(feed)
	waitReceived(t, toControl, controlBefore+len(spacs[1].files), "the other key's webhook after the revocation")
	if after := len(toRevoked.received()); after != before {
		t.Fatalf("%d requests reached the revoked key's webhook after the revocation answered", after-before)
	}
	var listed struct {
		Rows []struct {
			ID             string `json:"id"`
			DisabledReason string `json:"disabledReason"`
		} `json:"rows"`
	}
	ts.getJSON(t, "/v1/admin/keys/"+id+"/webhooks", ts.admin, http.StatusOK, &listed)
	if len(listed.Rows) != 1 || listed.Rows[0].ID != hookID || listed.Rows[0].DisabledReason != "key revoked" {
		t.Fatalf("the revoked key's webhooks as the admin sees them: %+v", listed.Rows)
	}
}

// TestRotationCarriesWebhooksAndTheCap: after a rotation the new secret sees the old key's
// webhooks, which keep delivering, and cannot register past the cap; the old secret is
// refused. The audit's rotated key kept 25 webhooks out of sight and registered 25 more.
func TestRotationCarriesWebhooksAndTheCap(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server on the fixture corpus")
	}
	t.Parallel()
	feed := polltest.New(t)
	env := liveEnv(feed.URL())
	env["SPACD_WEBHOOKS_MAX_PER_KEY"] = "2"
	ts := startServer(t, env)
	old := ts.createKey(t, "institutional")
	rcv := newReceiver(t, "")
	for range 2 {
		ts.registerWebhook(t, old, rcv.URL(), "filing.ingested")
	}
	code, _, b := ts.do(t, http.MethodPost, "/v1/admin/keys/"+ts.keyIDOf(t, old)+"/rotate", ts.admin, "")
	var issued struct {
		Secret string `json:"secret"`
	}
	if code != http.StatusCreated || json.Unmarshal(b, &issued) != nil {
		t.Fatalf("rotate: %d %s", code, b)
	}
	var listed struct {
		Rows []json.RawMessage `json:"rows"`
	}
	ts.getJSON(t, "/v1/webhooks", issued.Secret, http.StatusOK, &listed)
	if len(listed.Rows) != 2 {
		t.Fatalf("the new key sees %d webhooks, want the old key's 2", len(listed.Rows))
	}
	body := `{"url":"` + rcv.URL() + `","events":["*"]}`
	if code, _, b := ts.do(t, http.MethodPost, "/v1/webhooks", issued.Secret, body); code != http.StatusUnprocessableEntity {
		t.Fatalf("a third webhook after rotation: %d %s, want 422", code, b)
	}
	if code, _, _ := ts.do(t, http.MethodPost, "/v1/webhooks", old, body); code != http.StatusUnauthorized {
		t.Fatalf("the old secret registered a webhook: %d", code)
	}
	s := generateNewSPACs(t, 25)[0]
	s.publish(feed)
	waitReceived(t, rcv, 2*len(s.files), "both moved webhooks deliver")
	for _, r := range rcv.received() {
		if !strings.HasPrefix(r.ID, "msg_") {
			t.Fatalf("webhook-id %q", r.ID)
		}
	}
}
