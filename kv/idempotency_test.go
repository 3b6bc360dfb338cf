package kv

import (
	"context"
	"reflect"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

// TestIdempotencyRecordsSurviveAReopenAndExpire: a reservation holds its key against a second
// one, its answer survives closing the store, and an expired record is as absent.
func TestIdempotencyRecordsSurviveAReopenAndExpire(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(dir)
	must(t, err)
	now := time.Now().UTC().Truncate(time.Second)
	first := spac.IdempotentRecord{Params: "p1", At: now}
	if kept, ok, err := db.ReserveIdempotent(ctx, "key_1\x00webhooks_create\x00abc", first, now.Add(time.Hour)); err != nil || !ok || kept.Params != "p1" {
		t.Fatalf("first reservation: %+v %v %v", kept, ok, err)
	}
	if kept, ok, err := db.ReserveIdempotent(ctx, "key_1\x00webhooks_create\x00abc", spac.IdempotentRecord{Params: "p2"}, now.Add(time.Hour)); err != nil || ok || kept.Params != "p1" {
		t.Fatalf("second reservation: %+v reserved=%v %v; want the first kept", kept, ok, err)
	}
	answered := spac.IdempotentRecord{Params: "p1", Status: 201, ContentType: "application/json", Body: []byte(`{"id":"w1"}`), At: now}
	must(t, db.PutIdempotent(ctx, "key_1\x00webhooks_create\x00abc", answered, now.Add(24*time.Hour)))
	must(t, db.Close())

	db, err = Open(dir)
	must(t, err)
	defer db.Close()
	kept, ok, err := db.ReserveIdempotent(ctx, "key_1\x00webhooks_create\x00abc", first, now.Add(time.Hour))
	if err != nil || ok || !reflect.DeepEqual(kept, answered) {
		t.Fatalf("after a reopen: %+v reserved=%v %v; want the answer kept", kept, ok, err)
	}
	must(t, db.PutIdempotent(ctx, "old", answered, now.Add(-time.Second)))
	if _, ok, err := db.ReserveIdempotent(ctx, "old", first, now.Add(time.Hour)); err != nil || !ok {
		t.Fatalf("an expired record still holds its key: reserved=%v %v", ok, err)
	}
	must(t, db.DeleteIdempotent(ctx, "old"))
	if _, ok, _ := db.ReserveIdempotent(ctx, "old", first, now.Add(time.Hour)); !ok {
		t.Fatal("a deleted record still holds its key")
	}
}
