package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// serve with edgar.backfill fetches a SPAC's past alongside the live poller, on one client:
// its profile is served and its alerts are listed, marked historical, but nothing of it is
// streamed or sent to webhooks; a SPAC that then files live still reaches both.
func TestServeBackfillsAsHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus and backfills from a fake EDGAR")
	}
	t.Parallel()
	var withIPO []newSPAC
	for _, s := range generateNewSPACs(t, 40) {
		if s.entry.IPODate != "" {
			withIPO = append(withIPO, s)
		}
	}
	if len(withIPO) < 2 {
		t.Fatalf("want two new SPACs with an IPO in the 40-SPAC corpus, got %d", len(withIPO))
	}
	old, fresh := withIPO[0], withIPO[1]
	feed := polltest.New(t)
	for _, f := range old.files {
		feed.Archive(f.Path, f.data)
	}
	firstIndex := feed.Hold(polltest.FullIndexPath(2020, 1, "form")) // the backfill waits for the test
	env := liveEnv(feed.URL())
	env["SPACD_EDGAR_BACKFILL"], env["SPACD_EDGAR_BACKFILL_SINCE"] = "true", "2020-01-01"
	env["SPACD_EDGAR_RATE_PER_SEC"], env["SPACD_EDGAR_USER_AGENT"] = "1000", "SPAC Data tests tests@spacdata.dev"
	env["SPACD_LOG_LEVEL"] = "info"
	// The service's day is the day after the backfilled SPAC's IPO: its alerts are recent, so
	// only the backfill's historical mode keeps them from being pushed.
	clock := newTestClock(time.Time{})
	clock.setDay(old.entry.IPODate)
	clock.set(clock.now().AddDate(0, 0, 1))
	ts := startServerAt(t, env, clock.now)
	key := ts.createKey(t, "institutional")
	rcv := newReceiver(t, "")
	hookID, _ := ts.registerWebhook(t, key, rcv.URL(), "alert.*", "filing.ingested")
	stream := ts.openStream(t, "/v1/alerts/stream", key, "")
	select {
	case <-firstIndex.Arrived():
	case <-time.After(liveTimeout):
		t.Fatal("the backfill never asked for an index")
	}
	firstIndex.Release()
	waitLog(t, ts, `"msg":"edgar backfill"`)

	cik := string(old.entry.CIK)
	var profile spac.Profile
	ts.getJSON(t, "/v1/spac/"+cik, key, http.StatusOK, &profile)
	if len(profile.Filings) != len(old.files) {
		t.Errorf("backfilled profile lists %d filings, want %d", len(profile.Filings), len(old.files))
	}
	var alerts struct {
		Rows []spac.Alert `json:"rows"`
	}
	ts.getJSON(t, "/v1/alerts?symbol="+cik+"&limit=100", key, http.StatusOK, &alerts)
	if len(alerts.Rows) == 0 {
		t.Error("no alert recorded for the backfilled SPAC")
	}
	for _, a := range alerts.Rows {
		if !a.Historical {
			t.Errorf("alert %s of the backfilled SPAC not marked historical", a.ID)
		}
	}

	// A SPAC filing live now: its alert is streamed and sent. Streams and webhooks keep order, so
	// by the time it arrives anything the backfill had pushed would have arrived before it.
	clock.setDay(fresh.entry.IPODate)
	clock.set(clock.now().AddDate(0, 0, 1))
	fresh.publish(feed)
	deadline := time.After(liveTimeout)
	waitFor(t, stream.Events, deadline, "the live SPAC's alert on the stream", func(e sseEvent) bool {
		a := e.alert(t)
		if a.CIK == spac.CIK(cik) {
			t.Errorf("backfilled SPAC's alert %s (%s) was streamed", a.ID, a.Kind)
		}
		return a.CIK == spac.CIK(fresh.entry.CIK)
	})
	rows := ts.waitDeliveries(t, key, hookID, "the live SPAC's webhooks", func(rows []deliveryRow) bool {
		return count(rows, "filing.ingested") >= len(fresh.files) && count(rows, "") == countStatus(rows, "succeeded")
	})
	if n := count(rows, "filing.ingested"); n != len(fresh.files) {
		t.Errorf("%d filing.ingested webhooks, want the live SPAC's %d only", n, len(fresh.files))
	}
	for drained := false; !drained; {
		select {
		case r := <-rcv.requests:
			_, typ, data := r.message(t)
			var a spac.Alert
			if strings.HasPrefix(typ, "alert.") && json.Unmarshal(data, &a) == nil && a.CIK == spac.CIK(cik) {
				t.Errorf("backfilled SPAC's %s was sent to the webhook", typ)
			}
		default:
			drained = true
		}
	}
}

// waitLog waits until the server's log holds s.
func waitLog(t *testing.T, ts *testServer, s string) {
	t.Helper()
	for deadline := time.Now().Add(liveTimeout); !strings.Contains(ts.stderr.String(), s); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("log never showed %s:\n%s", s, ts.stderr.String())
		}
	}
}
