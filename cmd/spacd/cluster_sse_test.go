package main

import (
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// sseMovesBetweenReplicas: a client reads the alerts stream live from replica a (events the
// writer fires reach it as a applies them), is cut off, alerts fire while it is away, and it
// reconnects to replica b with the Last-Event-ID it read last; then a sentinel alert fires. Up
// to the sentinel it gets from b exactly what a client connected to the writer throughout got
// after that id - same ids, same data, same order, none twice, none missing.
func sseMovesBetweenReplicas(t *testing.T, writer, a, b *clusterNode, feed *polltest.Server, clock *testClock) {
	t.Helper()
	var ipos []newSPAC
	for _, s := range generateNewSPACs(t, 30)[1:] { // [0] went live earlier in the test
		if s.entry.IPODate != "" {
			ipos = append(ipos, s)
		}
	}
	if len(ipos) < 3 {
		t.Fatalf("want 3 more new SPACs with an IPO in the 30-SPAC corpus, got %d", len(ipos))
	}
	key := a.createKey(t, "institutional") // forwarded: a knows it at once, b within moments
	waitCondition(t, "the other replica authenticating the key", func() bool {
		code, _, _ := b.do(t, http.MethodGet, "/v1/account", key, "")
		return code == http.StatusOK
	})
	reference := writer.openStream(t, "/v1/alerts/stream", key, "") // stays connected throughout
	client := a.openStream(t, "/v1/alerts/stream", key, "")
	deadline := time.After(liveTimeout)
	var seen []sseEvent // what the reference client got, in order
	newIPOOf := func(s newSPAC, record bool) func(sseEvent) bool {
		return func(e sseEvent) bool {
			if record {
				seen = append(seen, e)
			}
			a := e.alert(t)
			return a.Kind == spac.AlertNewIPO && a.CIK == spac.CIK(s.entry.CIK)
		}
	}
	goLive := func(s newSPAC) { // the day after its IPO
		clock.setDay(s.entry.IPODate)
		clock.set(clock.now().AddDate(0, 0, 1))
		s.publish(feed)
	}
	goLive(ipos[0])
	waitFor(t, reference.Events, deadline, "the first alert (writer)", newIPOOf(ipos[0], true))
	var lastID uint64 // the last id the client read
	waitFor(t, client.Events, deadline, "the first alert, live on replica a", func(e sseEvent) bool {
		lastID = max(lastID, e.ID)
		return newIPOOf(ipos[0], false)(e)
	})
	client.Close()
	for e := range client.Events {
		lastID = max(lastID, e.ID)
	}
	goLive(ipos[1]) // missed by the client
	waitFor(t, reference.Events, deadline, "the alert fired while the client is away", newIPOOf(ipos[1], true))
	missedUpTo := seen[len(seen)-1].ID

	back := b.openStream(t, "/v1/alerts/stream", key, strconv.FormatUint(lastID, 10))
	goLive(ipos[2])
	sentinel := waitFor(t, reference.Events, deadline, "the sentinel alert (writer)", newIPOOf(ipos[2], true))
	var got []sseEvent
	waitFor(t, back.Events, deadline, "the sentinel alert (replica b)", func(e sseEvent) bool {
		got = append(got, e)
		return e.ID >= sentinel.ID
	})
	var want []sseEvent
	for _, e := range seen {
		if e.ID > lastID && e.ID <= sentinel.ID {
			want = append(want, e)
		}
	}
	missed := slices.IndexFunc(want, func(e sseEvent) bool { return e.ID > missedUpTo })
	if missed <= 0 {
		t.Fatalf("no event fired while the client was away (%d events after id %d)", len(want), lastID)
	}
	if !slices.EqualFunc(got, want, func(x, y sseEvent) bool {
		return x.ID == y.ID && x.Type == y.Type && string(x.Data) == string(y.Data)
	}) {
		t.Fatalf("moved to replica b after id %d, got ids %v, want %v", lastID, ids(got), ids(want))
	}
	t.Logf("moved from replica a to b after id %d: got the %d events up to the sentinel %d, %d of them fired while away",
		lastID, len(want), sentinel.ID, missed)
}
