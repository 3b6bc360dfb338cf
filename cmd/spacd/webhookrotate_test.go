package main

import (
	"strings"
	"time"

	"github.com/spacdata/spac/client"
)

// updateAndRotate patches webhook id (new events, a description), rotates its secret with an
// hour's overlap and checks, end to end, that the next delivery carries two signatures, one
// verifying with the new secret and one with old, the secret it was created with.
func (r *typedRun) updateAndRotate(id, old string) {
	ctx := r.t.Context()
	events := []client.WebhookUpdateRequestEvents{client.WebhookUpdateRequestEventsAlert, client.WebhookUpdateRequestEventsNews}
	up, err := r.c.WebhooksUpdateWithResponse(ctx, id, client.WebhookUpdateRequest{Events: &events, Description: ptr("patched"), Enabled: ptr(true)})
	r.ok("WebhooksUpdate", err, up.StatusCode(), 200, up.JSON200)
	if len(up.JSON200.Events) != 2 || up.JSON200.Description == nil || *up.JSON200.Description != "patched" || up.JSON200.Url != r.hookURL {
		r.t.Fatalf("patched webhook %+v", up.JSON200)
	}
	ro, err := r.c.WebhooksRotateSecretWithResponse(ctx, id, &client.WebhooksRotateSecretParams{Grace: ptr("1h")})
	r.ok("WebhooksRotateSecret", err, ro.StatusCode(), 200, ro.JSON200)
	fresh := ro.JSON200.Secret
	if !strings.HasPrefix(fresh, "whsec_") || fresh == old || ro.JSON200.PreviousSecretExpiresAt == nil {
		r.t.Fatalf("rotated %+v", ro.JSON200)
	}
	te, err := r.c.WebhooksTestWithResponse(ctx, id, nil)
	r.ok("WebhooksTest", err, te.StatusCode(), 202, te.JSON202)
	got := waitFor(r.t, r.rcv.requests, time.After(30*time.Second), "the test delivery after the rotation", func(h hookRequest) bool {
		return h.ID == te.JSON202.MessageId
	})
	if n := len(strings.Fields(got.Signature)); n != 2 {
		r.t.Fatalf("webhook-signature %q: %d signatures inside the overlap, want 2", got.Signature, n)
	}
	got.verify(r.t, fresh)
	got.verify(r.t, old)
}
