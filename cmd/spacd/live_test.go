package main

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// TestLiveData is the "Live data" must-show: a SPAC new to the service appears on the (fake)
// EDGAR feed while the server runs; the poller ingests it and its new_ipo alert reaches an SSE
// client and a registered webhook, signed; the read routes' cached bytes follow the fold.
// Then a stream client that disconnects and resumes with Last-Event-ID gets exactly the
// events it missed. The server's clock is set to the day
// after each new SPAC's IPO: an IPO older than the alert window is history, never pushed.
func TestLiveData(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus and polls a fake EDGAR")
	}
	t.Parallel()
	feed := polltest.New(t)
	clock := newTestClock(gen.ReferenceDate)
	ts := startServerAt(t, liveEnv(feed.URL()), clock.now)
	key := ts.createKey(t, "institutional")
	rcv := newReceiver(t, "")
	_, secret := ts.registerWebhook(t, key, rcv.URL(), "alert.*", "filing.ingested")
	reference := ts.openStream(t, "/v1/alerts/stream", key, "") // stays connected throughout
	resumer := ts.openStream(t, "/v1/alerts/stream", key, "")

	before := readsBeforeIngest(t, ts, key)
	var seen []sseEvent // everything the reference client got, in order
	t.Run("new SPAC on the feed reaches SSE and webhook", func(t *testing.T) {
		seen = newSPACGoesLive(t, feed, clock, reference, rcv, secret)
	})
	t.Run("cached reads follow the ingest", func(t *testing.T) {
		readsFollowIngest(t, ts, key, before)
	})
	t.Run("resume with Last-Event-ID", func(t *testing.T) {
		resumeGetsMissedEvents(t, ts, feed, clock, key, reference, resumer, seen)
	})
}

func newSPACGoesLive(t *testing.T, feed *polltest.Server, clock *testClock, stream *sseClient, rcv *receiver, secret string) []sseEvent {
	spacs := generateNewSPACs(t, 25)
	if len(spacs) != 1 || spacs[0].entry.IPODate == "" {
		t.Fatalf("want exactly one new SPAC, with an IPO, in the 25-SPAC corpus; got %d", len(spacs))
	}
	s := spacs[0]
	cik := spac.CIK(s.entry.CIK)
	clock.setDay(s.entry.IPODate)
	clock.set(clock.now().AddDate(0, 0, 1))
	published := time.Now()
	s.publish(feed)
	deadline := time.After(liveTimeout)

	var seen []sseEvent
	ev := waitFor(t, stream.Events, deadline, "new_ipo on the SSE stream", func(e sseEvent) bool {
		seen = append(seen, e)
		a := e.alert(t)
		return e.Type == "alert" && a.Kind == spac.AlertNewIPO && a.CIK == cik
	})
	sseLatency := time.Since(published)
	alert := ev.alert(t)
	if alert.ID == "" || len(alert.Citations) == 0 || alert.Symbol != s.entry.Symbol {
		t.Errorf("streamed alert %+v: want id, citations and symbol %s", alert, s.entry.Symbol)
	}

	accessions := map[string]bool{}
	for _, f := range s.files {
		accessions[f.Accession] = true
	}
	var hookAlert *hookRequest
	for hookAlert == nil || len(accessions) > 0 {
		r := waitFor(t, rcv.requests, deadline, "webhooks for the new SPAC", func(hookRequest) bool { return true })
		r.verify(t, secret)
		_, typ, data := r.message(t)
		switch typ {
		case "filing.ingested":
			var f spac.FilingRef
			_ = json.Unmarshal(data, &f)
			delete(accessions, f.Accession)
		case "alert.new_ipo":
			var a spac.Alert
			if json.Unmarshal(data, &a) == nil && a.CIK == cik {
				hookAlert = &r
				if a.ID != alert.ID {
					t.Errorf("webhook alert %s, streamed alert %s: want the same alert", a.ID, alert.ID)
				}
			}
		}
	}
	t.Logf("feed -> SSE new_ipo: %v; feed -> webhook new_ipo: %v (poll interval 200ms, %d filings published at once)",
		sseLatency.Round(time.Millisecond), hookAlert.At.Sub(published).Round(time.Millisecond), len(s.files))
	return seen
}

// resumeGetsMissedEvents: the resumer disconnects, alerts fire while it is away, it reconnects
// with the last id it read, then a sentinel alert fires. Up to the sentinel it must get exactly
// the events the reference client (never disconnected) got after that id: same ids, same data,
// same order, none twice.
func resumeGetsMissedEvents(t *testing.T, ts *testServer, feed *polltest.Server, clock *testClock, key string, reference, resumer *sseClient, seen []sseEvent) {
	var ipos []newSPAC
	for _, s := range generateNewSPACs(t, 30)[1:] { // [0] went live above
		if s.entry.IPODate != "" {
			ipos = append(ipos, s)
		}
	}
	if len(ipos) < 3 {
		t.Fatalf("want 3 more new SPACs with an IPO in the 30-SPAC corpus, got %d", len(ipos))
	}
	resumer.Close()
	var lastID uint64
	for e := range resumer.Events {
		lastID = max(lastID, e.ID)
	}
	if lastID == 0 {
		t.Fatal("the resumer read no event before disconnecting")
	}
	deadline := time.After(liveTimeout)
	newIPOOf := func(s newSPAC) func(sseEvent) bool {
		return func(e sseEvent) bool {
			seen = append(seen, e)
			a := e.alert(t)
			return a.Kind == spac.AlertNewIPO && a.CIK == spac.CIK(s.entry.CIK)
		}
	}
	goLive := func(s newSPAC) { // the day after its IPO
		clock.setDay(s.entry.IPODate)
		clock.set(clock.now().AddDate(0, 0, 1))
		s.publish(feed)
	}
	for _, s := range ipos[:2] { // missed by the resumer
		goLive(s)
		waitFor(t, reference.Events, deadline, "missed alerts", newIPOOf(s))
	}
	missedUpTo := seen[len(seen)-1].ID

	back := ts.openStream(t, "/v1/alerts/stream", key, strconv.FormatUint(lastID, 10))
	goLive(ipos[2])
	sentinel := waitFor(t, reference.Events, deadline, "sentinel alert (reference)", newIPOOf(ipos[2]))
	var got []sseEvent
	waitFor(t, back.Events, deadline, "sentinel alert (resumed)", func(e sseEvent) bool {
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
		t.Fatalf("no event fired while the resumer was away (%d events after id %d)", len(want), lastID)
	}
	if !slices.EqualFunc(got, want, func(a, b sseEvent) bool {
		return a.ID == b.ID && a.Type == b.Type && string(a.Data) == string(b.Data)
	}) {
		t.Fatalf("resumed stream after id %d got ids %v, want %v", lastID, ids(got), ids(want))
	}
	t.Logf("resumed after id %d: got the %d events up to the sentinel %d, at least %d of them fired while it was away",
		lastID, len(want), sentinel.ID, missed)
}

func ids(events []sseEvent) []uint64 {
	out := make([]uint64, len(events))
	for i, e := range events {
		out[i] = e.ID
	}
	return out
}
