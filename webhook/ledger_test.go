package webhook

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// memLedger is a WebhookLedger in memory.
type memLedger struct {
	mu   sync.Mutex
	done map[string]string
}

func (l *memLedger) Done(_ context.Context, id string) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done[id], nil
}

func (l *memLedger) MarkDone(_ context.Context, id, status string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done[id] = status
	return nil
}

// TestOnlyTheActiveNodeDeliversAndTheLedgerIsShared: a node that is not active (another holds
// the lease) queues but sends nothing; once active it sends what is due. A delivery the
// shared ledger says another node finished is closed with that status, unsent; one it sends
// is recorded there.
func TestOnlyTheActiveNodeDeliversAndTheLedgerIsShared(t *testing.T) {
	var active atomic.Bool
	ledger := &memLedger{done: map[string]string{}}
	cfg := fastConfig()
	cfg.Active, cfg.Ledger = active.Load, ledger
	h := newHarness(t, cfg)
	rc := newReceiver(t, 200)
	e := h.register("key_a", rc.URL, "*")
	ctx := context.Background()
	first, err := h.svc.NewEvent("alert.new_ipo", "one", map[string]int{"n": 1})
	if err != nil {
		t.Fatal(err)
	}
	second, err := h.svc.NewEvent("alert.new_ipo", "two", map[string]int{"n": 2})
	if err != nil {
		t.Fatal(err)
	}
	// The first was delivered by the node that held the lease before this one.
	ledger.done[spac.WebhookDeliveryID(first.ID, e.ID)] = spac.DeliveryFailed
	for _, ev := range []spac.OutboxEvent{first, second} {
		if n, err := h.svc.PublishEvent(ctx, ev); n != 1 || err != nil {
			t.Fatalf("publish: %d %v", n, err)
		}
	}
	select {
	case r := <-rc.got:
		t.Fatalf("an inactive node sent %s", r.header.Get("webhook-id"))
	case <-time.After(100 * time.Millisecond): // 20 polls
	}
	active.Store(true)
	r := <-rc.got
	if id := r.header.Get("webhook-id"); id != second.ID {
		t.Fatalf("sent %s, want only %s", id, second.ID)
	}
	eventually(t, "both deliveries closed", func() bool {
		ds := h.deliveriesOf(e.ID)
		return len(ds) == 2 && ds[0].Status != spac.DeliveryPending && ds[1].Status != spac.DeliveryPending
	})
	for _, d := range h.deliveriesOf(e.ID) {
		want := map[string]string{first.ID: spac.DeliveryFailed, second.ID: spac.DeliverySucceeded}[d.MessageID]
		if d.Status != want {
			t.Fatalf("delivery of %s: %s, want %s", d.MessageID, d.Status, want)
		}
	}
	if got, _ := ledger.Done(ctx, spac.WebhookDeliveryID(second.ID, e.ID)); got != spac.DeliverySucceeded {
		t.Fatalf("the ledger holds %q for the delivery sent", got)
	}
	if len(rc.got) != 0 {
		t.Fatal("a delivery was sent twice")
	}
}
