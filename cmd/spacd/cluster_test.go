package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/natsjs/natsjstest"
)

// clusterNode is one `spacd serve` of a cluster test on a data directory that outlives it.
type clusterNode struct {
	role, dir string
	env       map[string]string
	now       func() time.Time
	*testServer
}

// start runs serve on the node's data directory and waits for /health.
func (n *clusterNode) start(t *testing.T) {
	t.Helper()
	env := map[string]string{"SPACD_DATA_DIR": n.dir, "SPACD_HTTP_ADDR": "127.0.0.1:0", "SPACD_LOG_LEVEL": "warn", "SPACD_CLUSTER_ROLE": n.role}
	for k, v := range n.env {
		env[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	outR, outW := io.Pipe()
	errBuf := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- runAt(ctx, []string{"spacd", "serve"}, func(k string) string { return env[k] }, outW, errBuf, n.now)
		outW.Close()
	}()
	stop := sync.OnceValue(func() error { cancel(); return <-done })
	t.Cleanup(func() { _ = stop() })
	base, _ := waitListening(t, outR, done, errBuf)
	n.testServer = &testServer{base: base, client: &http.Client{Timeout: 30 * time.Second}, admin: env["SPACD_ACCESS_ADMIN_TOKEN"], stderr: errBuf, stop: stop}
	n.waitHealthy(t)
}

// restart stops serve gracefully and starts it again on the same data directory.
func (n *clusterNode) restart(t *testing.T) {
	t.Helper()
	if err := n.stop(); err != nil {
		t.Fatalf("%s stopped with %v", n.role, err)
	}
	n.start(t)
}

func (n *clusterNode) health(t *testing.T) api.Health {
	t.Helper()
	var h api.Health
	n.getJSON(t, "/health", "", http.StatusOK, &h)
	if h.Replication == nil || h.Replication.Role != n.role {
		t.Fatalf("%s /health: replication %+v", n.role, h.Replication)
	}
	return h
}

// served is what a node answers an anonymous caller on each path.
func (n *clusterNode) served(t *testing.T, paths []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, path := range paths {
		code, _, b := n.do(t, http.MethodGet, path, "", "")
		out[path] = fmt.Sprintf("%d %s", code, b)
	}
	return out
}

// universePath is the universe's first page: every SPAC of the fixtures and the test.
const universePath = "/v1/universe?limit=100"

// profilePaths are the profiles of ciks.
func profilePaths(ciks []string) []string {
	var out []string
	for _, c := range ciks {
		out = append(out, "/v1/spac/"+c)
	}
	return out
}

// TestClusterReplicasServeTheWritersProfiles runs a writer and two replicas on an embedded
// three-node NATS cluster: the writer builds the fixture corpus and both replicas then serve
// every profile, the universe, and every filing's metadata and lines (so a citation checks
// out on any node) byte for byte as the writer does. The writer snapshots every second and
// purges the stream up to 50 changes before each snapshot, so both replicas start from a
// snapshot (the stream's first changes are gone). A replica stopped while the writer ingests
// a new SPAC from its EDGAR feed catches up when it starts again (from the stream, or from a
// newer snapshot when the stream was purged past it), and serves that SPAC as the
// (restarted) writer does.
func TestClusterReplicasServeTheWritersProfiles(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: a NATS cluster, a writer building the fixtures and two replicas")
	}
	_, urls := natsjstest.StartCluster(t, 3)
	feed := polltest.New(t)
	clock := newTestClock(gen.ReferenceDate)
	newSPAC := generateNewSPACs(t, 25)[0]
	var ciks []string
	for c := range committedCIKs(t) {
		ciks = append(ciks, c)
	}
	slices.Sort(ciks)
	env := clusterEnv(t, urls, append(committedSymbols(t), newSPAC.entry.Symbol))
	writerEnv := liveEnv(feed.URL())
	for k, v := range env {
		writerEnv[k] = v
	}
	// Snapshots every second, the stream purged up to 50 changes before each.
	writerEnv["SPACD_CLUSTER_NATS_SNAPSHOT_EVERY"], writerEnv["SPACD_CLUSTER_NATS_KEEP_CHANGES"] = "1s", "50"
	stream := natsjstest.Watch(t, urls, "SPAC_CHANGES")
	root := t.TempDir()
	writer := &clusterNode{role: "writer", dir: filepath.Join(root, "w"), env: writerEnv, now: clock.now}
	r1 := &clusterNode{role: "replica", dir: filepath.Join(root, "r1"), env: env, now: clock.now}
	r2 := &clusterNode{role: "replica", dir: filepath.Join(root, "r2"), env: env, now: clock.now}
	writer.start(t)
	// Replicas join once the writer's first build is published: a node resolves its anonymous
	// sample when it starts, as a single process does.
	waitCondition(t, "the writer publishing its first build and a snapshot of it", func() bool {
		w := writer.health(t).Replication
		return w.Behind == 0 && w.Snapshot > 0 && stream.FirstSeq() > 1
	})
	r1.start(t) // the stream's first changes are gone: they start from the snapshot
	r2.start(t)
	for i, r := range []*clusterNode{r1, r2} {
		if h := r.health(t).Replication; h.Snapshot == 0 {
			t.Fatalf("replica %d did not start from a snapshot: %+v", i+1, h)
		}
	}
	converge(t, append(profilePaths(ciks), universePath), writer, r1, r2)
	converge(t, filingPaths(t, writer, ciks), writer, r1, r2)
	resumeAnywhere(t, writer, r1, r2)
	writesForwarded(t, writer, r1, r2)
	sharedAcrossReplicas(t, writer, r1, r2)
	deliveryFailsOver(t, writer, r1, r2)

	if err := r1.stop(); err != nil { // away while the writer ingests
		t.Fatal(err)
	}
	rows := writer.health(t).UniverseRows
	clock.setDay(newSPAC.entry.IPODate)
	clock.set(clock.now().AddDate(0, 0, 1))
	newSPAC.publish(feed)
	waitCondition(t, "the writer ingests the new SPAC", func() bool { return writer.health(t).UniverseRows == rows+1 })
	// Restarted, the writer's anonymous sample resolves the new SPAC (sample_symbols lists it).
	writer.restart(t)
	waitCondition(t, "the writer publishing", func() bool { return writer.health(t).Replication.Behind == 0 })
	r1.start(t)
	converge(t, append(profilePaths(append(ciks, newSPAC.entry.CIK)), universePath), writer, r1)
	// The replica that stayed up resolved its anonymous sample before the new SPAC existed:
	// it holds it (its row count) but shows the sample's rows and profiles only.
	converge(t, profilePaths(ciks), writer, r2)
	if h := r2.health(t); h.UniverseRows != rows+1 {
		t.Fatalf("the replica that stayed up has %d universe rows, want %d", h.UniverseRows, rows+1)
	}
	sseMovesBetweenReplicas(t, writer, r1, r2, feed, clock)
	limitsShared(t, root, env, clock)
}

// limitsShared starts two more replicas whose anonymous tier allows 50 requests a minute (and
// which believe loopback's X-Forwarded-For, so the test's caller is a client IP no request of
// the test used before); 200 concurrent anonymous requests spread over both get exactly 50
// answers and 150 refusals: the minute window is counted once, in the shared counters.
func limitsShared(t *testing.T, root string, env map[string]string, clock *testClock) {
	t.Helper()
	const limit, calls = 50, 200
	limited := maps.Clone(env)
	limited["SPACD_ACCESS_TIERS_ANONYMOUS_PER_MINUTE"] = strconv.Itoa(limit)
	limited["SPACD_HTTP_TRUSTED_PROXIES"] = "127.0.0.1"
	var nodes []*clusterNode
	for _, name := range []string{"r3", "r4"} {
		n := &clusterNode{role: "replica", dir: filepath.Join(root, name), env: limited, now: clock.now}
		n.start(t)
		nodes = append(nodes, n)
	}
	// The burst must fall in one clock minute (the window): not in a minute's last seconds.
	if s := time.Now().Second(); s > 50 {
		time.Sleep(time.Duration(61-s) * time.Second)
	}
	codes := make([]int, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			req, err := http.NewRequest(http.MethodGet, nodes[i%2].base+"/v1/universe?limit=1", nil)
			if err != nil {
				t.Error(err)
				return
			}
			req.Header.Set("X-Forwarded-For", "203.0.113.77")
			resp, err := nodes[i%2].client.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes[i] = resp.StatusCode
		})
	}
	wg.Wait()
	count := map[int]int{}
	perNode := [2]int{}
	for i, c := range codes {
		count[c]++
		if c == http.StatusOK {
			perNode[i%2]++
		}
	}
	if count[http.StatusOK] != limit || count[http.StatusTooManyRequests] != calls-limit {
		t.Fatalf("200 anonymous requests over two replicas: %v (answered per replica %v), want %d answered and the rest 429", count, perNode, limit)
	}
	t.Logf("answered per replica: %v", perNode)
}

// filingPaths are, for every filing of ciks as the writer serves them, its metadata, every
// page of its lines (the text a citation is checked against) and, for each SPAC's first
// filing, the explorer's line page.
func filingPaths(t *testing.T, writer *clusterNode, ciks []string) []string {
	t.Helper()
	var out []string
	for _, cik := range ciks {
		var prof struct {
			Filings []struct{ Accession string } `json:"filings"`
		}
		writer.getJSON(t, "/v1/spac/"+cik, "", http.StatusOK, &prof)
		for i, f := range prof.Filings {
			var meta struct{ LineCount int }
			writer.getJSON(t, "/v1/filings/"+f.Accession, "", http.StatusOK, &meta)
			out = append(out, "/v1/filings/"+f.Accession)
			for from := 1; from <= meta.LineCount; from += api.MaxLinesPerCall {
				out = append(out, fmt.Sprintf("/v1/filings/%s/lines?from=%d&to=%d", f.Accession, from, from+api.MaxLinesPerCall-1))
			}
			if i == 0 {
				out = append(out, "/filings/"+f.Accession+"?line=3")
			}
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d filing paths: the comparison would check too little", len(out))
	}
	return out
}

// clusterEnv is the configuration every node shares: the NATS cluster, a stream kept on all
// three servers, anonymous limits raised and every SPAC of the test in the anonymous sample
// (the comparisons read as an anonymous caller), one admin token, loopback webhook receivers.
func clusterEnv(t *testing.T, urls string, sample []string) map[string]string {
	cfg := filepath.Join(t.TempDir(), "spacd.yaml")
	raised := "access:\n  tiers:\n    anonymous: {per_minute: 100000, per_day: 1000000}\n"
	if err := os.WriteFile(cfg, []byte(raised), 0o600); err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"SPACD_CONFIG": cfg, "SPACD_CLUSTER_NATS_URL": urls, "SPACD_CLUSTER_NATS_REPLICAS": "3",
		"SPACD_ACCESS_SAMPLE_SYMBOLS": strings.Join(sample, ","), "SPACD_ACCESS_ADMIN_TOKEN": "cluster-admin-token",
		"SPACD_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true", // any node may deliver: to the test's loopback receiver
		// The tests poll a replica with a key (or link) it has not applied yet, all from one IP:
		// the default 20 refusals a minute turned a second of replication lag under load into
		// 429s for the rest of the minute.
		"SPACD_ACCESS_AUTH_FAILURES_PER_MINUTE": "0",
	}
}

// converge waits until the writer has published everything it committed and each replica has
// applied all of it, then requires every replica to serve what the writer serves. The writer
// keeps running (its news feed may add articles), so a comparison that differs is tried again
// until the deadline; what differs at the deadline fails the test.
func converge(t *testing.T, paths []string, writer *clusterNode, replicas ...*clusterNode) {
	t.Helper()
	var diff string
	waitCondition(t, "replicas serving what the writer serves", func() bool {
		w := writer.health(t).Replication
		if w.Behind != 0 {
			return false
		}
		for _, r := range replicas {
			if h := r.health(t).Replication; h.Applied < w.Applied || h.Behind != 0 {
				return false
			}
		}
		want := writer.served(t, paths)
		for i, r := range replicas {
			if diff = servedDiff(r.served(t, paths), want); diff != "" {
				diff = fmt.Sprintf("replica %d: %s", i+1, diff)
				return false
			}
		}
		return true
	}, func() string { return diff })
	for path, got := range writer.served(t, paths) {
		if !strings.HasPrefix(got, "200 ") {
			t.Fatalf("the writer answers %s with %.200s", path, got)
		}
	}
}

func servedDiff(got, want map[string]string) string {
	var paths []string
	for path, w := range want {
		if got[path] != w {
			paths = append(paths, path)
		}
	}
	if len(paths) == 0 {
		return ""
	}
	slices.Sort(paths)
	g, w := got[paths[0]], want[paths[0]]
	i := 0
	for i < min(len(g), len(w)) && g[i] == w[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("%d answers differ (%v); %s at byte %d:\n  replica ...%.400s\n  writer  ...%.400s", len(paths), paths, paths[0], i, g[from:], w[from:])
}

// waitCondition polls cond (a condition, not a sleep standing in for one) until it holds or
// liveTimeout passes.
func waitCondition(t *testing.T, what string, cond func() bool, detail ...func() string) {
	t.Helper()
	deadline := time.Now().Add(liveTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			msg := ""
			for _, d := range detail {
				msg = d()
			}
			t.Fatalf("%s: not after %s. %s", what, liveTimeout, msg)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// resumeAnywhere: a news stream client resuming with Last-Event-ID gets, from every node, the
// same events after that id - same ids, same data, same order - so a client moved from one
// replica to another misses and repeats nothing.
func resumeAnywhere(t *testing.T, writer *clusterNode, replicas ...*clusterNode) {
	t.Helper()
	const n = 10
	want := writer.replay(t, "1", n)
	if len(want) != n {
		t.Fatalf("the writer replayed %d news events after id 1, want %d", len(want), n)
	}
	for i, r := range replicas {
		got := r.replay(t, "1", n)
		if !slices.EqualFunc(got, want, func(a, b sseEvent) bool {
			return a.ID == b.ID && a.Type == b.Type && string(a.Data) == string(b.Data)
		}) {
			t.Fatalf("replica %d replays after id 1: %v, the writer %v", i+1, eventIDs(got), eventIDs(want))
		}
	}
}

func eventIDs(evs []sseEvent) []uint64 {
	var out []uint64
	for _, e := range evs {
		out = append(out, e.ID)
	}
	return out
}

// replay opens the news stream as an anonymous caller resuming after lastID and returns the
// first n events (fewer if none comes within liveTimeout).
func (n *clusterNode) replay(t *testing.T, lastID string, count int) []sseEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, n.base+"/v1/news/stream", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Last-Event-ID", lastID)
	resp, err := http.DefaultClient.Do(req) // no client timeout: ctx bounds the stream
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s news stream: %d", n.role, resp.StatusCode)
	}
	events := make(chan sseEvent, 64)
	go func() { defer close(events); readFrames(bufio.NewScanner(resp.Body), events) }()
	var out []sseEvent
	for e := range events {
		if out = append(out, e); len(out) == count {
			break
		}
	}
	cancel() // ends the body, so the reader returns
	for range events {
	}
	return out
}

// committedSymbols are the tickers of the committed corpus (the sample is named by tickers: the
// streams filter an anonymous caller's events by them).
func committedSymbols(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, e := range committedManifest(t).SPACs {
		out = append(out, e.Symbol)
	}
	return out
}
