package sse

import (
	"context"
	"testing"

	spac "github.com/spacdata/spac"
)

// TestDeliverKeepsTheWritersID: an event a replica applied reaches live subscribers with the id
// its writer's log gave it, and the replica's log is not appended to again.
func TestDeliverKeepsTheWritersID(t *testing.T) {
	log := NewMemLog(0)
	hub := NewHub(log, HubConfig{})
	defer hub.Close()
	sub, err := hub.Subscribe(spac.TopicAlerts)
	if err != nil {
		t.Fatal(err)
	}
	hub.Deliver(spac.TopicAlerts, spac.StreamEvent{ID: 42, Type: "alert", Data: []byte(`{"a":1}`)})
	got := <-sub.C
	if got.ID != 42 {
		t.Fatalf("delivered id %d, want the writer's 42", got.ID)
	}
	if evs, _ := log.Since(context.Background(), spac.TopicAlerts, 0, 10); len(evs) != 0 {
		t.Fatalf("Deliver appended to the log: %v", evs)
	}
}
