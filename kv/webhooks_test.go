package kv

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

var whT0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func at(sec int) time.Time { return whT0.Add(time.Duration(sec) * time.Second) }

func endpoint(id, owner string, created int) spac.WebhookEndpoint {
	return spac.WebhookEndpoint{
		ID: id, OwnerKeyID: owner, URL: "https://example.test/" + id, Events: []string{"alert.*"},
		Description: "d " + id, Secret: "whsec_" + id, CreatedAt: at(created),
	}
}

func delivery(id, endpointID, status string, created, next int) spac.WebhookDelivery {
	d := spac.WebhookDelivery{
		ID: id, EndpointID: endpointID, MessageID: "msg_" + id, EventType: "alert.new_ipo",
		Payload: []byte(`{"id":"msg_` + id + `"}`), Status: status, CreatedAt: at(created),
	}
	if status == spac.DeliveryPending {
		d.NextAttempt = at(next)
	}
	return d
}

// bothStores runs script against the MemStore (the reference) and the Badger store and fails
// when any call returns something different.
func bothStores(t *testing.T, script func(s spac.WebhookStore) []any) {
	t.Helper()
	want := script(webhook.NewMemStore())
	got := script(openMem(t).Webhooks())
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("step %d:\n got %#v\nwant %#v", i, got[i], want[i])
		}
	}
}

// result turns a call's (value, error) into one comparable value.
func result[T any](v T, err error) any {
	if err != nil {
		return "error: " + spac.ErrorCode(err)
	}
	return v
}

func TestWebhookStoreMatchesMemStore(t *testing.T) {
	ctx := context.Background()
	disabled := at(99)
	bothStores(t, func(s spac.WebhookStore) []any {
		must(t, s.PutEndpoint(ctx, endpoint("ep_b", "key1", 5)))
		must(t, s.PutEndpoint(ctx, endpoint("ep_a", "key2", 5))) // same CreatedAt: id breaks the tie
		must(t, s.PutEndpoint(ctx, endpoint("ep_c", "key1", 1)))
		e := endpoint("ep_b", "key1", 5)
		e.DisabledAt = &disabled
		must(t, s.PutEndpoint(ctx, e)) // replace
		d6 := delivery("d6", "ep_c", spac.DeliveryPending, 4, 0)
		d6.NextAttempt = time.Time{} // zero: due at once
		for _, d := range []spac.WebhookDelivery{
			delivery("d1", "ep_b", spac.DeliveryPending, 1, 30),
			delivery("d2", "ep_b", spac.DeliveryPending, 2, 10),
			delivery("d3", "ep_a", spac.DeliveryPending, 2, 10), // ties d2 in NextAttempt
			delivery("d4", "ep_b", spac.DeliverySucceeded, 3, 0),
			delivery("d5", "ep_c", spac.DeliveryPending, 4, 500), // not due yet
			d6,
		} {
			must(t, s.PutDelivery(ctx, d))
		}
		// A retry moves d2 behind d1, a success takes d6 out of the queue.
		d2 := delivery("d2", "ep_b", spac.DeliveryPending, 2, 40)
		d2.Attempts = []spac.WebhookAttempt{{At: at(10), StatusCode: 503, Error: "503", DurationMS: 12}}
		must(t, s.PutDelivery(ctx, d2))
		early := result(s.Due(ctx, at(-1000), 0)) // only d6
		must(t, s.PutDelivery(ctx, delivery("d6", "ep_c", spac.DeliveryFailed, 4, 0)))
		steps := []any{
			early,
			result(s.Endpoints(ctx)),
			result(s.Endpoint(ctx, "ep_b")),
			result(s.Endpoint(ctx, "missing")),
			result(s.Delivery(ctx, "d2")),
			result(s.Delivery(ctx, "missing")),
			result(s.Deliveries(ctx, "ep_b")),
			result(s.Deliveries(ctx, "ep_none")),
			result(s.Due(ctx, at(10), 0)),
			result(s.Due(ctx, at(40), 0)),
			result(s.Due(ctx, at(40), 2)),
			result(s.Due(ctx, at(1000), 0)),
			result(s.Due(ctx, at(-1000), 0)),
		}
		steps = append(steps, s.DeleteEndpoint(ctx, "ep_b") == nil, spac.ErrorCode(s.DeleteEndpoint(ctx, "ep_b")))
		return append(steps,
			result(s.Endpoints(ctx)),
			result(s.Deliveries(ctx, "ep_b")),
			result(s.Delivery(ctx, "d1")),
			result(s.Due(ctx, at(1000), 0)),
		)
	})
}

func TestWebhookStoreKeepsHiddenFields(t *testing.T) {
	ctx := context.Background()
	s := openMem(t).Webhooks()
	e := endpoint("ep_1", "key_9", 0)
	must(t, s.PutEndpoint(ctx, e))
	got, err := s.Endpoint(ctx, "ep_1")
	must(t, err)
	if got.Secret != e.Secret || got.OwnerKeyID != e.OwnerKeyID {
		t.Fatalf("secret/owner lost: %+v (webhooks hides them from its JSON)", got)
	}
	d := delivery("d_1", "ep_1", spac.DeliveryPending, 0, 0)
	must(t, s.PutDelivery(ctx, d))
	gd, err := s.Delivery(ctx, "d_1")
	must(t, err)
	if string(gd.Payload) != string(d.Payload) {
		t.Fatalf("payload = %q, want %q", gd.Payload, d.Payload)
	}
}

func TestWebhookStoreEndpointsOf(t *testing.T) {
	ctx := context.Background()
	s := openMem(t).Webhooks()
	must(t, s.PutEndpoint(ctx, endpoint("ep_2", "key/1", 2))) // "/" in an owner stays in its range
	must(t, s.PutEndpoint(ctx, endpoint("ep_1", "key/1", 1)))
	must(t, s.PutEndpoint(ctx, endpoint("ep_3", "key", 0)))
	must(t, s.PutEndpoint(ctx, endpoint("ep_2", "key", 2))) // ownership moves: old index key dropped
	for owner, want := range map[string][]string{"key/1": {"ep_1"}, "key": {"ep_3", "ep_2"}, "other": nil} {
		got, err := s.EndpointsOf(ctx, owner)
		must(t, err)
		var gotIDs []string
		for _, e := range got {
			gotIDs = append(gotIDs, e.ID)
		}
		if !reflect.DeepEqual(gotIDs, want) {
			t.Errorf("EndpointsOf(%q) = %v, want %v", owner, gotIDs, want)
		}
	}
	must(t, s.DeleteEndpoint(ctx, "ep_3"))
	if got, _ := s.EndpointsOf(ctx, "key"); len(got) != 1 || got[0].ID != "ep_2" {
		t.Fatalf("after delete EndpointsOf = %+v", got)
	}
}

func TestWebhookStoreRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	s := openMem(t).Webhooks()
	far := delivery("d", "ep", spac.DeliveryPending, 0, 0)
	far.NextAttempt = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	for name, err := range map[string]error{
		"endpoint without id": s.PutEndpoint(ctx, spac.WebhookEndpoint{}),
		"delivery without id": s.PutDelivery(ctx, spac.WebhookDelivery{}),
		"year 10000":          s.PutDelivery(ctx, far),
	} {
		if spac.ErrorCode(err) != spac.EINVALID {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
}

// TestWebhookQueuePersists is the point of the Badger store: pending deliveries survive a restart.
func TestWebhookQueuePersists(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir)
	must(t, err)
	s := db.Webhooks()
	ep := endpoint("ep", "key", 0)
	until := at(3600) // a rotation's overlap window outlives a restart
	ep.PreviousSecret, ep.PreviousSecretExpiresAt = "whsec_old", &until
	must(t, s.PutEndpoint(ctx, ep))
	must(t, s.PutDelivery(ctx, delivery("d1", "ep", spac.DeliveryPending, 0, 5)))
	must(t, s.PutDelivery(ctx, delivery("d2", "ep", spac.DeliverySucceeded, 1, 0)))
	must(t, db.Close())

	db, err = Open(dir)
	must(t, err)
	defer db.Close()
	s = db.Webhooks()
	due, err := s.Due(ctx, at(5), 10)
	must(t, err)
	if len(due) != 1 || due[0].ID != "d1" || string(due[0].Payload) == "" {
		t.Fatalf("Due after reopen = %+v", due)
	}
	if e, err := s.Endpoint(ctx, "ep"); err != nil || e.Secret != "whsec_ep" || e.PreviousSecret != "whsec_old" ||
		e.PreviousSecretExpiresAt == nil || !e.PreviousSecretExpiresAt.Equal(until) {
		t.Fatalf("Endpoint after reopen = %+v, %v", e, err)
	}
	if ds, err := s.Deliveries(ctx, "ep"); err != nil || len(ds) != 2 {
		t.Fatalf("Deliveries after reopen = %+v, %v", ds, err)
	}
	if _, err := s.Delivery(ctx, "nope"); !errors.Is(err, spac.ErrNotFound) {
		t.Fatalf("missing delivery err = %v, want spac.ErrNotFound", err)
	}
}

// TestWebhookDueOrder states the queue order outright (the MemStore comparison above only
// proves the two stores agree): by next attempt, then in creation order (c was stored before
// a), so deliveries of one endpoint due together go out in the order they were queued.
func TestWebhookDueOrder(t *testing.T) {
	ctx := context.Background()
	s := openMem(t).Webhooks()
	zero := delivery("z", "ep", spac.DeliveryPending, 0, 0)
	zero.NextAttempt = time.Time{}
	for _, d := range []spac.WebhookDelivery{
		delivery("c", "ep", spac.DeliveryPending, 0, 20),
		delivery("b", "ep", spac.DeliveryPending, 0, 10),
		delivery("a", "ep", spac.DeliveryPending, 0, 20),
		delivery("done", "ep", spac.DeliverySucceeded, 0, 0),
		delivery("later", "ep", spac.DeliveryPending, 0, 21),
		zero,
	} {
		must(t, s.PutDelivery(ctx, d))
	}
	tests := []struct {
		now   time.Time
		limit int
		want  []string
	}{
		{at(20), 0, []string{"z", "b", "c", "a"}},
		{at(20), 2, []string{"z", "b"}},
		{at(19), 0, []string{"z", "b"}},
		{at(21).Add(-time.Nanosecond), 0, []string{"z", "b", "c", "a"}},
		{at(21), 0, []string{"z", "b", "c", "a", "later"}},
		{time.Time{}, 0, []string{"z"}},
	}
	for _, tc := range tests {
		got, err := s.Due(ctx, tc.now, tc.limit)
		must(t, err)
		var gotIDs []string
		for _, d := range got {
			gotIDs = append(gotIDs, d.ID)
		}
		if !reflect.DeepEqual(gotIDs, tc.want) {
			t.Errorf("Due(%v, %d) = %v, want %v", tc.now, tc.limit, gotIDs, tc.want)
		}
	}
}

// TestExpandToManyEndpoints: an event expanded to more endpoints than one transaction holds
// (300 deliveries of a 20 KB payload, 6 MB) reaches every one, and leaves the outbox.
func TestExpandToManyEndpoints(t *testing.T) {
	ctx := context.Background()
	s := openMem(t).Webhooks()
	var ids []string
	for i := range 300 {
		e := endpoint(fmt.Sprintf("ep%03d", i), "owner", i)
		must(t, s.PutEndpoint(ctx, e))
		ids = append(ids, e.ID)
	}
	payload := []byte(`{"pad":"` + strings.Repeat("x", 20<<10) + `"}`)
	must(t, s.PutEvent(ctx, spac.OutboxEvent{ID: "msg_big", Type: "alert.new_ipo", Payload: payload, CreatedAt: at(0)}))
	box, err := s.Outbox(ctx, 0)
	must(t, err)
	n, err := s.Expand(ctx, box[0], ids)
	if err != nil || n != 300 {
		t.Fatalf("expanded to %d endpoints (%v), want 300", n, err)
	}
	if box, _ := s.Outbox(ctx, 0); len(box) != 0 {
		t.Fatalf("%d events left in the outbox", len(box))
	}
	if n, err := s.Expand(ctx, spac.OutboxEvent{ID: "msg_big", Type: "alert.new_ipo", Payload: payload, CreatedAt: at(0)}, ids); n != 0 || err != nil {
		t.Fatalf("expanding again created %d (%v)", n, err)
	}
}

// TestDisableEndpointComparesTheVersionSeen: the deliverer disables an endpoint whose retries
// ran out only while it is the version the attempt claimed; an owner's change since (a new
// URL) stays, enabled, and a rotation's new owner is no change.
func TestDisableEndpointComparesTheVersionSeen(t *testing.T) {
	ctx := context.Background()
	bothStores(t, func(s spac.WebhookStore) []any {
		seen := endpoint("ep_a", "key1", 1)
		must(t, s.PutEndpoint(ctx, seen))
		moved := seen
		moved.URL = "https://example.test/new"
		must(t, s.PutEndpoint(ctx, moved)) // PATCH url after the claim
		if ok, err := s.DisableEndpoint(ctx, "ep_a", seen, at(50), "retries exhausted"); ok || err != nil {
			t.Errorf("%T disabled a changed endpoint: %v, %v", s, ok, err)
		}
		if e, _ := s.Endpoint(ctx, "ep_a"); e.URL != moved.URL || e.DisabledAt != nil {
			t.Errorf("%T: the owner's change was lost: %+v", s, e)
		}
		claimed := endpoint("ep_b", "key1", 2)
		must(t, s.PutEndpoint(ctx, claimed))
		rotated := result(s.RetireOwner(ctx, "key1", "key2", at(60)))
		if ok, err := s.DisableEndpoint(ctx, "ep_b", claimed, at(70), "retries exhausted"); !ok || err != nil {
			t.Errorf("%T did not disable an endpoint only its owner key changed on: %v, %v", s, ok, err)
		}
		missing := result(s.DisableEndpoint(ctx, "missing", seen, at(80), "retries exhausted"))
		return []any{rotated, result(s.Endpoint(ctx, "ep_a")), result(s.Endpoint(ctx, "ep_b")), missing}
	})
}
