// Package webhook is the webhook delivery engine (docs/decisions.md, "Webhooks"): endpoint
// registration rules, Standard Webhooks signatures, a persistent delivery queue, retries with
// backoff and jitter, no redirects, a 10 s timeout, per-endpoint isolation and a dial-time SSRF
// guard. It serves no HTTP: the gin handlers of the /webhooks routes are package api/webhooks.
//
// Design notes:
//   - The queue is the Store: a delivery is written before it is attempted and rewritten after
//     each attempt, so pending deliveries survive a restart (spac.WebhookStore; Badger implements it in kv).
//   - A dispatcher polls Store.Due and gives each endpoint its own lane: at most one delivery of
//     an endpoint is in flight, in its own goroutine, so a slow endpoint only delays itself.
//   - A delivery that exhausts the retry schedule (about 1.7 days) fails and disables its
//     endpoint ("endpoints failing for days are disabled"); PATCH enabled=true re-enables it.
//     The disable is a compare-and-set on the endpoint the attempt claimed
//     (Store.DisableEndpoint): an owner's change meanwhile (a new URL) is kept, enabled.
//   - A rotated secret keeps signing beside the new one for a grace period (two signatures in
//     webhook-signature), so receivers switch over without a failed verification.
package webhook

import (
	"strings"

	"github.com/spacdata/spac"
)

// EventTypes lists every subscribable event type: the fixed ones and alert.<kind> per kind.
func EventTypes() []string {
	out := []string{spac.WebhookFilingIngested, spac.WebhookNewsPublished, spac.WebhookTrustRecomputed}
	for _, k := range spac.AlertKinds {
		out = append(out, spac.WebhookAlertEvent(k))
	}
	return out
}

// Patterns lists every subscription an endpoint may name: each event type, each "<prefix>.*"
// wildcard that matches one, and "*" (the closed vocabulary of the events field).
func Patterns() []string {
	out := EventTypes()
	seen := map[string]bool{}
	for _, t := range EventTypes() {
		if prefix, _, ok := strings.Cut(t, "."); ok && !seen[prefix] {
			seen[prefix] = true
			out = append(out, prefix+".*")
		}
	}
	return append(out, "*")
}

// Matches reports whether an event type matches a subscription pattern: an exact type, a prefix
// wildcard ("alert.*") or "*".
func Matches(pattern, eventType string) bool {
	if pattern == "*" || pattern == eventType {
		return true
	}
	prefix, ok := strings.CutSuffix(pattern, "*")
	return ok && strings.HasSuffix(prefix, ".") && strings.HasPrefix(eventType, prefix)
}

// validPattern reports whether a pattern matches at least one subscribable event type.
func validPattern(p string) bool {
	for _, t := range EventTypes() {
		if Matches(p, t) {
			return true
		}
	}
	return false
}

// wants reports whether an enabled endpoint subscribes to an event type.
func wants(e spac.WebhookEndpoint, eventType string) bool {
	if e.DisabledAt != nil {
		return false
	}
	for _, p := range e.Events {
		if Matches(p, eventType) {
			return true
		}
	}
	return false
}
