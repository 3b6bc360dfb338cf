package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

// deliverer waits until exactly one node of nodes says, on /health, that it delivers the
// webhooks (holds the delivery lease), and returns it.
func deliverer(t *testing.T, nodes ...*clusterNode) *clusterNode {
	t.Helper()
	var holder *clusterNode
	waitCondition(t, "one node holding the delivery lease", func() bool {
		holder = nil
		n := 0
		for _, node := range nodes {
			if node.testServer != nil && node.health(t).Replication.Deliverer {
				holder, n = node, n+1
			}
		}
		return n == 1
	})
	return holder
}

// deliveryFailsOver: one node at a time delivers the webhooks; stopped in the middle of a
// delivery (the receiver holds the request), it lets go of the lease once its attempt is
// cancelled, and another node - a replica, which holds the writer's queue - takes over and
// sends the delivery again with the same webhook-id, signed with the same secret. The node
// stopped then starts again (the rest of the test needs it), delivering nothing while the
// other holds the lease.
func deliveryFailsOver(t *testing.T, writer *clusterNode, replicas ...*clusterNode) {
	t.Helper()
	nodes := append([]*clusterNode{writer}, replicas...)
	first := deliverer(t, nodes...)
	rcv := newReceiver(t, "")
	deadline := time.After(liveTimeout)
	hd := heldTestDelivery(t, writer.testServer, rcv, deadline)
	whsec, queued, held := hd.whsec, hd.queued, hd.held
	if held.ID != queued {
		t.Fatalf("the receiver holds %s, want %s", held.ID, queued)
	}
	stopped := time.Now()
	if err := first.stop(); err != nil { // the deliverer goes away mid-delivery
		t.Fatal(err)
	}
	first.testServer = nil
	again := waitFor(t, rcv.requests, deadline, "the delivery sent again by the node taking over", func(h hookRequest) bool { return true })
	if again.ID != held.ID {
		t.Fatalf("sent again as %s, first as %s: one event, two ids", again.ID, held.ID)
	}
	again.verify(t, whsec)
	t.Logf("the %s stopped mid-delivery; sent again %s later", first.role, again.At.Sub(stopped).Round(time.Millisecond))
	var rest []*clusterNode
	for _, n := range nodes {
		if n != first {
			rest = append(rest, n)
		}
	}
	if next := deliverer(t, rest...); next.role != "replica" {
		t.Fatalf("the %s took over delivery, want a replica", next.role)
	}
	first.start(t)
	if deliverer(t, nodes...) == first {
		t.Fatal("the restarted node took the lease from the node holding it")
	}
	if n := len(rcv.received()); n != 2 {
		t.Fatalf("the receiver got %d requests, want 2 (the one cut short, the retry)", n)
	}
	deliveriesAgree(t, hd, nodes)
}

// deliveriesAgree: the webhook's deliveries list shows, on every node, the delivery as the
// node that delivered it (a replica, whose store no other node reads) recorded it: succeeded,
// with its one attempt (the attempt cut short by the stop does not count).
func deliveriesAgree(t *testing.T, hd heldDelivery, nodes []*clusterNode) {
	t.Helper()
	var got []string
	waitCondition(t, "every node listing the replica's attempt", func() bool {
		got = got[:0]
		ok := true
		for _, n := range nodes {
			var list struct {
				Rows []json.RawMessage `json:"rows"`
			}
			n.getJSON(t, "/v1/webhooks/"+hd.hook+"/deliveries", hd.key, http.StatusOK, &list)
			var d spac.WebhookDelivery
			if len(list.Rows) != 1 || json.Unmarshal(list.Rows[0], &d) != nil {
				t.Fatalf("the %s lists %d deliveries: %s", n.role, len(list.Rows), list.Rows)
			}
			got = append(got, fmt.Sprintf("%s: %s", n.role, list.Rows[0]))
			ok = ok && d.MessageID == hd.queued && d.Status == spac.DeliverySucceeded && len(d.Attempts) == 1 &&
				string(list.Rows[0]) == strings.TrimPrefix(got[0], nodes[0].role+": ")
		}
		return ok
	}, func() string { return strings.Join(got, "\n") })
}

// heldDelivery is a test delivery a receiver holds: its key's secret, its webhook and signing
// secret, the id it was queued with and the request held.
type heldDelivery struct {
	key, hook, whsec, queued string
	held                     hookRequest
}

// heldTestDelivery registers a webhook of a new institutional key on s for rcv, has rcv hold
// the next request, queues a test delivery and waits until rcv holds it.
func heldTestDelivery(t *testing.T, s *testServer, rcv *receiver, deadline <-chan time.Time) heldDelivery {
	t.Helper()
	secret := s.createKey(t, "institutional")
	hook, whsec := s.registerWebhook(t, secret, rcv.URL(), "filing.ingested")
	rcv.holdNext()
	code, _, b := s.do(t, http.MethodPost, "/v1/webhooks/"+hook+"/test", secret, "")
	var q struct {
		MessageID string `json:"messageId"`
	}
	if err := json.Unmarshal(b, &q); code != http.StatusAccepted || err != nil || q.MessageID == "" {
		t.Fatalf("test delivery: %d %s", code, b)
	}
	held := waitFor(t, rcv.held, deadline, "the delivery reaching the receiver", func(hookRequest) bool { return true })
	return heldDelivery{key: secret, hook: hook, whsec: whsec, queued: q.MessageID, held: held}
}
