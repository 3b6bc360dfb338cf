package kv

import (
	"context"
	"maps"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

// dumpAccess is what a replica holds of keys and webhook registrations.
func dumpAccess(t *testing.T, db *DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range []string{prefixAPIKey, prefixAPIKeyHash, prefixEndpoint, prefixEndpointOfOwner, prefixDelivery, prefixDeliveryOfEndpoint, prefixDue, keyDeliverySeq} {
		must(t, db.EachKV(context.Background(), p, func(k string, v []byte) error { out[k] = string(v); return nil }))
	}
	return out
}

// TestKeysAndWebhooksReplayOntoAReplica: keys (created, rotated, revoked) and webhook
// registrations (created, disabled and enabled again, moved to a rotated key's successor,
// deleted) journal changes that leave a replica holding the writer's keys and registrations
// byte for byte; an endpoint set back to an earlier state is a new change (a new id), which
// the stream's duplicate window would otherwise drop.
func TestKeysAndWebhooksReplayOntoAReplica(t *testing.T) {
	ctx := context.Background()
	writer, replica := openMem(t, WithJournal(true)), openMem(t)
	at := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	old := spac.APIKey{ID: "key_a", Name: "desk", Tier: spac.TierPro, Hash: "aa", Prefix: "spk_aaaa", CreatedAt: at}
	must(t, writer.PutKey(ctx, old))
	next := spac.APIKey{ID: "key_b", Name: "desk", Tier: spac.TierPro, Hash: "bb", Prefix: "spk_bbbb", CreatedAt: at}
	must(t, writer.PutKey(ctx, next))
	wh := writer.Webhooks()
	e := spac.WebhookEndpoint{ID: "wh_1", OwnerKeyID: "key_a", URL: "https://example.com/h", Events: []string{"*"}, Secret: "whsec_1", CreatedAt: at}
	must(t, wh.PutEndpoint(ctx, e))
	if ok, err := wh.DisableEndpoint(ctx, "wh_1", e, at, "disabled by its owner"); err != nil || !ok {
		t.Fatalf("disable: %v %v", ok, err)
	}
	must(t, wh.PutEndpoint(ctx, e)) // enabled again: the record as first stored
	// A delivery queued from the outbox, then claimed for an attempt (the queue a replica
	// taking over delivery resumes).
	ev := spac.OutboxEvent{ID: "msg_1", Type: "webhook.test", Payload: []byte(`{"id":"msg_1"}`), CreatedAt: at}
	must(t, wh.PutEvent(ctx, ev))
	evs, err := wh.Outbox(ctx, 10)
	must(t, err)
	if n, err := wh.Expand(ctx, evs[0], []string{"wh_1"}); n != 1 || err != nil {
		t.Fatalf("expand: %d %v", n, err)
	}
	if _, _, ok, err := wh.Claim(ctx, spac.WebhookDeliveryID("msg_1", "wh_1"), at, at.Add(time.Second)); !ok || err != nil {
		t.Fatalf("claim: %v %v", ok, err)
	}
	must(t, wh.PutEndpoint(ctx, spac.WebhookEndpoint{ID: "wh_2", OwnerKeyID: "key_a", URL: "https://example.com/2", Events: []string{"*"}, Secret: "s", CreatedAt: at}))
	must(t, wh.DeleteEndpoint(ctx, "wh_2"))
	if _, err := wh.RetireOwner(ctx, "key_a", "key_b", at); err != nil {
		t.Fatal(err)
	}
	old.RevokedAt, old.ReplacedBy = &at, "key_b"
	must(t, writer.PutKey(ctx, old))

	changes, err := writer.Changes(ctx, 0, 0)
	must(t, err)
	ids := map[string]bool{}
	for i, c := range changes {
		if ids[c.ID] {
			t.Fatalf("change %d (%s) repeats an earlier id", c.Seq, c.Kind)
		}
		ids[c.ID] = true
		must(t, replica.Applier(10).ApplyChange(ctx, c, uint64(i+1)))
	}
	if len(changes) != 11 {
		t.Fatalf("journaled %d changes, want 11 (3 key writes, 6 endpoint writes, 2 delivery writes)", len(changes))
	}
	got, want := dumpAccess(t, replica), dumpAccess(t, writer)
	if !maps.Equal(got, want) || len(want) != 10 {
		t.Fatalf("replica holds\n%v\nwriter holds\n%v", got, want)
	}
	k, err := replica.KeyByHash(ctx, "aa")
	if err != nil || k.ReplacedBy != "key_b" || k.Hash != "aa" {
		t.Fatalf("replica's rotated key: %+v %v", k, err)
	}
	es, err := replica.Webhooks().EndpointsOf(ctx, "key_b")
	if err != nil || len(es) != 1 || es[0].Secret != "whsec_1" || es[0].DisabledAt != nil {
		t.Fatalf("replica's endpoints of the successor: %+v %v", es, err)
	}
	due, err := replica.Webhooks().Due(ctx, at.Add(time.Second), 10)
	if err != nil || len(due) != 1 || due[0].MessageID != "msg_1" {
		t.Fatalf("the replica's queue, due once the claim ends: %+v %v", due, err)
	}
}

// TestSeedJournalAddsKeysToAnOlderWriter: a writer's store that journaled before keys were
// replicated (its journal has a sequence, its keys were never journaled) journals its keys and
// registrations once on its next start, and only them.
func TestSeedJournalAddsKeysToAnOlderWriter(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	reopen := func(db *DB, journal bool) *DB {
		if db != nil {
			must(t, db.Close())
		}
		db, err := Open(dir, WithJournal(journal))
		must(t, err)
		return db
	}
	db := reopen(nil, true)
	must(t, db.PutProfile(ctx, profile("0001847577", "MRAC"), nil))
	last, err := db.LastJournaled(ctx)
	must(t, err)
	must(t, db.TrimChanges(ctx, last))
	db = reopen(db, false) // as the older binary wrote keys: not journaled
	must(t, db.PutKey(ctx, spac.APIKey{ID: "key_a", Tier: spac.TierPro, Hash: "aa"}))
	must(t, db.Webhooks().PutEndpoint(ctx, spac.WebhookEndpoint{ID: "wh_1", OwnerKeyID: "key_a", URL: "https://example.com/h", Secret: "s"}))
	db = reopen(db, true)
	defer db.Close()
	for i, want := range []int{2, 0} {
		n, err := db.SeedJournal(ctx)
		must(t, err)
		if n != want {
			t.Fatalf("start %d seeded %d changes, want %d", i+1, n, want)
		}
	}
	changes, err := db.Changes(ctx, 0, 0)
	must(t, err)
	if len(changes) != 2 || changes[0].Kind != spac.ChangeKey || changes[1].Kind != spac.ChangeEndpoint {
		t.Fatalf("seeded %+v", changes)
	}
}
