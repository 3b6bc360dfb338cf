package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/spacdata/spac/internal/longtest"
	"github.com/spacdata/spac/natsjs/natsjstest"
)

// TestClusterDelivererKilledMidDelivery SIGKILLs the node delivering the webhooks (the
// writer, which took the lease first) while its receiver holds a delivery: nothing lets the
// lease go, so it expires, and the replica - which holds the writer's queue, the claim
// included - takes it and sends the delivery again with the same webhook-id, validly signed.
func TestClusterDelivererKilledMidDelivery(t *testing.T) {
	longtest.Skip(t, "SIGKILLs the webhook deliverer of a cluster")
	bin := buildSpacd(t)
	_, urls := natsjstest.StartCluster(t, 3)
	env := clusterEnv(t, urls, committedSymbols(t))
	root := t.TempDir()
	node := func(role string) map[string]string {
		e := map[string]string{"SPACD_CLUSTER_ROLE": role}
		for k, v := range env {
			e[k] = v
		}
		return e
	}
	w := startProcess(t, bin, filepath.Join(root, "w"), node("writer"))
	w.admin = env["SPACD_ACCESS_ADMIN_TOKEN"]
	wn := &clusterNode{role: "writer", testServer: w.testServer}
	waitCondition(t, "the writer publishing its build", func() bool { return wn.health(t).Replication.Behind == 0 })
	r := startProcess(t, bin, filepath.Join(root, "r"), node("replica"))
	rn := &clusterNode{role: "replica", testServer: r.testServer}
	if deliverer(t, wn, rn) != wn {
		t.Fatal("the writer, started first, does not deliver")
	}
	rcv := newReceiver(t, "")
	deadline := time.After(liveTimeout)
	hd := heldTestDelivery(t, w.testServer, rcv, deadline)
	whsec, queued, held := hd.whsec, hd.queued, hd.held
	killed := time.Now()
	w.kill(t)
	again := waitFor(t, rcv.requests, deadline, "the delivery sent again by the replica", func(hookRequest) bool { return true })
	if again.ID != held.ID || again.ID != queued {
		t.Fatalf("queued as %s, held as %s, sent again as %s: one event, one id", queued, held.ID, again.ID)
	}
	again.verify(t, whsec)
	if !rn.health(t).Replication.Deliverer {
		t.Fatal("the replica that sent it does not hold the lease")
	}
	t.Logf("the writer SIGKILLed mid-delivery; the replica sent it again %s later", again.At.Sub(killed).Round(time.Millisecond))
}
