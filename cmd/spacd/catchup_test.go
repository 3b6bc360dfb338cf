package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

// TestReplicaAnswersWhileCatchingUp: a replica binds its address before it caught up with the
// writer's stream; /health then answers 503 with how far behind it is, any other route 503
// with Retry-After (not ready); after the handover the same address is the API's.
func TestReplicaAnswersWhileCatchingUp(t *testing.T) {
	env := &environment{stdout: io.Discard, log: slog.New(slog.DiscardHandler)}
	early, err := listenEarly(env, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer early.Close()
	base := "http://" + early.ln.Addr().String()
	early.setStatus(func() spac.Replication {
		return spac.Replication{Role: "replica", Applied: 10, Last: 50, Behind: 40, Connected: true}
	})
	resp, err := http.Get(base + "/health")
	if err != nil {
		t.Fatal(err)
	}
	var h api.Health
	err = json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusServiceUnavailable || h.Status != "catching_up" || h.Replication == nil || h.Replication.Behind != 40 {
		t.Fatalf("/health while catching up: %d %+v %v", resp.StatusCode, h, err)
	}
	resp, err = http.Get(base + "/v1/universe")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a route while catching up: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	ln := early.handover()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	resp, err = http.Get(base + "/health")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTeapot {
		t.Fatalf("after the handover the address answers %d", resp.StatusCode)
	}
}
