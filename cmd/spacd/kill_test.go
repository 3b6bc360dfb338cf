package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/longtest"
)

// spacdProcess is `spacd serve` run as a real process, so it can be SIGKILLed.
type spacdProcess struct {
	*testServer
	cmd *exec.Cmd
}

// startProcess runs `spacd serve` on dataDir with env added to the test's environment and
// waits until /health answers.
func startProcess(t *testing.T, bin, dataDir string, env map[string]string) *spacdProcess {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "SPACD_DATA_DIR="+dataDir, "SPACD_HTTP_ADDR=127.0.0.1:0",
		"SPACD_ACCESS_ADMIN_TOKEN=kill-admin-token", "SPACD_LOG_LEVEL=warn")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &spacdProcess{cmd: cmd}
	t.Cleanup(func() { p.kill(t) })
	addr := make(chan string, 1)
	var metricsURL string // set before addr is sent: serve announces metrics first
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m, ok := strings.CutPrefix(sc.Text(), "metrics on "); ok {
				metricsURL = m
			}
			if a, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				addr <- a
			}
		}
		close(addr)
	}()
	select {
	case base, ok := <-addr:
		if !ok {
			t.Fatalf("spacd exited before listening (%v); stderr:\n%s", cmd.Wait(), stderr.String())
		}
		p.testServer = &testServer{base: base, metrics: metricsURL, client: &http.Client{Timeout: 30 * time.Second}, admin: "kill-admin-token", stderr: stderr}
	case <-time.After(liveTimeout):
		t.Fatalf("spacd did not listen; stderr:\n%s", stderr.String())
	}
	p.waitHealthy(t)
	return p
}

// kill sends SIGKILL (no graceful shutdown: nothing is flushed) and reaps the process.
func (p *spacdProcess) kill(t *testing.T) {
	if p.cmd.ProcessState != nil {
		return
	}
	if err := p.cmd.Process.Kill(); err != nil {
		t.Logf("kill: %v", err)
	}
	_ = p.cmd.Wait()
}

// deliveryRow is a row of GET /v1/webhooks/:id/deliveries.
type deliveryRow struct {
	ID        string `json:"id"`
	MessageID string `json:"messageId"`
	EventType string `json:"eventType"`
	Status    string `json:"status"`
	Attempts  []struct {
		Error string `json:"error"`
	} `json:"attempts"`
}

func (ts *testServer) deliveries(t *testing.T, key, hookID string) []deliveryRow {
	t.Helper()
	var pg struct {
		Rows []deliveryRow `json:"rows"`
	}
	ts.getJSON(t, "/v1/webhooks/"+hookID+"/deliveries?limit=500", key, http.StatusOK, &pg)
	return pg.Rows
}

// waitDeliveries polls the delivery log until ok accepts it.
func (ts *testServer) waitDeliveries(t *testing.T, key, hookID, what string, ok func([]deliveryRow) bool) []deliveryRow {
	t.Helper()
	deadline := time.Now().Add(liveTimeout)
	for {
		rows := ts.deliveries(t, key, hookID)
		if ok(rows) {
			return rows
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not reached after %s; deliveries %+v", what, liveTimeout, rows)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestWebhooksSurviveKill: deliveries pending for a receiver that is down survive a SIGKILL;
// a delivery in flight when the process is killed again is sent again with the same
// webhook-id; in the end every event is acknowledged exactly once per webhook-id, none lost.
func TestWebhooksSurviveKill(t *testing.T) {
	longtest.Skip(t, "kills a spacd process twice and waits out webhook retries")
	bin := buildSpacd(t)
	feed := polltest.New(t)
	env := liveEnv(feed.URL())
	// Retry every second (many times) so the test never waits for the 5-minute retry; a
	// minute's timeout so the held delivery below is still in flight when the process dies.
	env["SPACD_WEBHOOKS_RETRY_SCHEDULE"] = strings.TrimSuffix(strings.Repeat("1s,", 120), ",")
	env["SPACD_WEBHOOKS_TIMEOUT"] = "60s"
	// The new SPAC's IPO is years before today (a process has the real clock): a 100-year alert
	// window lets its new_ipo alert be pushed rather than recorded as history.
	env["SPACD_ALERTS_WINDOW_DAYS"] = "36500"
	dataDir := filepath.Join(t.TempDir(), "data")
	receiverAddr := freeAddr(t) // down until phase 2

	p := startProcess(t, bin, dataDir, env)
	key := p.createKey(t, "institutional")
	hookID, secret := p.registerWebhook(t, key, "http://"+receiverAddr+"/hook", "alert.*", "filing.ingested")
	testIDs := sendTestDeliveries(t, p.testServer, key, hookID, 3)
	newSPAC := generateNewSPACs(t, 25)[0]
	newSPAC.publish(feed)
	queued := p.waitDeliveries(t, key, hookID, "every event queued and failed once", func(rows []deliveryRow) bool {
		return count(rows, "filing.ingested") == len(newSPAC.files) && count(rows, "alert.new_ipo") >= 1 &&
			allPendingAfterAFailure(rows)
	})
	p.kill(t)
	t.Logf("killed with %d deliveries pending (receiver down)", len(queued))

	rcv := newReceiver(t, receiverAddr)
	rcv.holdNext() // the first request hangs: in flight at the kill
	p = startProcess(t, bin, dataDir, env)
	var held hookRequest
	select {
	case held = <-rcv.held:
	case <-time.After(liveTimeout):
		t.Fatal("no delivery after the restart")
	}
	p.kill(t)
	rcv.releaseHeld()
	t.Logf("killed again with delivery %s in flight", held.ID)

	p = startProcess(t, bin, dataDir, env)
	final := p.waitDeliveries(t, key, hookID, "every delivery succeeded", func(rows []deliveryRow) bool {
		return len(rows) >= len(queued) && count(rows, "") == countStatus(rows, "succeeded")
	})
	checkExactlyOnce(t, rcv.received(), final, secret, held.ID)
	checkEventsDelivered(t, rcv.received(), testIDs, newSPAC)
}

func sendTestDeliveries(t *testing.T, ts *testServer, key, hookID string, n int) []string {
	t.Helper()
	var ids []string
	for range n {
		code, _, b := ts.do(t, http.MethodPost, "/v1/webhooks/"+hookID+"/test", key, "")
		var d deliveryRow
		if code != http.StatusAccepted || json.Unmarshal(b, &d) != nil || d.MessageID == "" {
			t.Fatalf("test delivery: %d %s", code, b)
		}
		ids = append(ids, d.MessageID)
	}
	return ids
}

// count counts rows of an event type ("" = all).
func count(rows []deliveryRow, eventType string) int {
	n := 0
	for _, r := range rows {
		if eventType == "" || r.EventType == eventType {
			n++
		}
	}
	return n
}

func countStatus(rows []deliveryRow, status string) int {
	n := 0
	for _, r := range rows {
		if r.Status == status {
			n++
		}
	}
	return n
}

func allPendingAfterAFailure(rows []deliveryRow) bool {
	for _, r := range rows {
		if r.Status != "pending" || len(r.Attempts) == 0 || r.Attempts[0].Error == "" {
			return false
		}
	}
	return true
}

// checkExactlyOnce: every delivery the server logged was acknowledged by the receiver exactly
// once, under its message id; repeats carry the same id and the same signed body; the receiver
// got nothing the server did not log.
func checkExactlyOnce(t *testing.T, got []hookRequest, logged []deliveryRow, secret, heldID string) {
	t.Helper()
	acked := map[string]int{}
	bodies := map[string]string{}
	for _, r := range got {
		r.verify(t, secret)
		if b, ok := bodies[r.ID]; ok && b != string(r.Body) {
			t.Errorf("webhook-id %s sent twice with different bodies", r.ID)
		}
		bodies[r.ID] = string(r.Body)
		if r.Acked {
			acked[r.ID]++
		}
	}
	for _, d := range logged {
		if acked[d.MessageID] != 1 {
			t.Errorf("delivery %s (%s, %s): acknowledged %d times, want exactly once", d.ID, d.MessageID, d.EventType, acked[d.MessageID])
		}
		delete(bodies, d.MessageID)
	}
	for id := range bodies {
		t.Errorf("receiver got webhook-id %s that the server never logged", id)
	}
	sends := 0
	for _, r := range got {
		if r.ID == heldID {
			sends++
		}
	}
	if sends != 2 {
		t.Errorf("delivery in flight at the kill was sent %d times, want 2 (same webhook-id)", sends)
	}
	t.Logf("%d requests for %d deliveries, all acknowledged once", len(got), len(logged))
}

// checkEventsDelivered: the test messages, a filing.ingested per published filing and the new
// SPAC's new_ipo alert all arrived.
func checkEventsDelivered(t *testing.T, got []hookRequest, testIDs []string, s newSPAC) {
	t.Helper()
	want := map[string]bool{}
	for _, id := range testIDs {
		want["test "+id] = true
	}
	for _, f := range s.files {
		want["filing "+f.Accession] = true
	}
	want["new_ipo "+s.entry.CIK] = true
	for _, r := range got {
		id, typ, data := r.message(t)
		var v struct {
			Accession string   `json:"accession"`
			CIK       spac.CIK `json:"cik"`
			Kind      string   `json:"kind"`
		}
		_ = json.Unmarshal(data, &v)
		switch {
		case typ == "webhook.test":
			delete(want, "test "+id)
		case typ == "filing.ingested":
			delete(want, "filing "+v.Accession)
		case typ == "alert.new_ipo":
			delete(want, fmt.Sprintf("new_ipo %s", v.CIK))
		}
	}
	if len(want) > 0 {
		t.Errorf("never delivered: %v", want)
	}
}
