package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/spacdata/spac/internal/longtest"
	"github.com/spacdata/spac/natsjs/natsjstest"
)

// TestClusterSurvivesANATSServerDeath stops, without warning its clients, the NATS server of
// three the writer is connected to: the stream and the key-value buckets (3 replicas) keep a
// quorum on the other two, the writer and both replicas reconnect to them, and the cluster
// keeps serving - reads (profiles byte for byte as the writer), counted requests (the shared
// rate-limit counters), a key's usage, and writes that reach a replica (a key created through
// one replica, forwarded to the writer, published and applied by the other). The server
// restarted, a write made once it has caught up replicates as before.
func TestClusterSurvivesANATSServerDeath(t *testing.T) {
	longtest.Skip(t, "stops a NATS server under a running cluster")
	servers, urls := natsjstest.StartCluster(t, 3)
	clock := newTestClock(time.Now())
	env := clusterEnv(t, urls, committedSymbols(t))
	root := t.TempDir()
	writer := &clusterNode{role: "writer", dir: filepath.Join(root, "w"), env: env, now: clock.now}
	r1 := &clusterNode{role: "replica", dir: filepath.Join(root, "r1"), env: env, now: clock.now}
	r2 := &clusterNode{role: "replica", dir: filepath.Join(root, "r2"), env: env, now: clock.now}
	writer.start(t)
	waitCondition(t, "the writer publishing its build", func() bool { return writer.health(t).Replication.Behind == 0 })
	r1.start(t)
	r2.start(t)
	var ciks []string
	for c := range committedCIKs(t) {
		ciks = append(ciks, c)
	}
	slices.Sort(ciks)
	paths := append(profilePaths(ciks[:5]), universePath)
	converge(t, paths, writer, r1, r2)

	dead := serverOf(t, servers, "spacd writer")
	stopped := time.Now()
	dead.Shutdown()
	var live []*natsjstest.Server
	for _, s := range servers {
		if s != dead {
			live = append(live, s)
		}
	}
	want := map[string]int{"spacd writer": 1, "spacd replica": 2}
	var got map[string]int
	waitCondition(t, "the writer and both replicas connected to the live servers", func() bool {
		got = connections(t, live)
		return got["spacd writer"] == want["spacd writer"] && got["spacd replica"] == want["spacd replica"]
	}, func() string { return fmt.Sprintf("connections %v, want %v", got, want) })
	t.Logf("NATS server %s stopped; every node connected to another %s later", dead.Name(), time.Since(stopped).Round(time.Millisecond))
	afterDeath := keyReplicates(t, r1, r2)
	t.Logf("NATS server %s stopped; a key created through a replica authenticates on the other %s later",
		dead.Name(), time.Since(stopped).Round(time.Millisecond))
	converge(t, paths, writer, r1, r2)
	usageAnywhere(t, afterDeath, r1, r2)

	dead.Restart(t)
	keyReplicates(t, r2, r1)
	converge(t, paths, writer, r1, r2)
}

// serverOf is the server of servers holding the client connection named name.
func serverOf(t *testing.T, servers []*natsjstest.Server, name string) *natsjstest.Server {
	t.Helper()
	for _, s := range servers {
		if connections(t, []*natsjstest.Server{s})[name] > 0 {
			return s
		}
	}
	t.Fatalf("no server holds the connection %q", name)
	return nil
}

// connections counts the client connections of servers by name.
func connections(t *testing.T, servers []*natsjstest.Server) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, s := range servers {
		cz, err := s.Connz(&server.ConnzOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cz.Conns {
			out[c.Name]++
		}
	}
	return out
}

// keyReplicates creates a key through via (the write goes to the writer) and waits until
// other authenticates it: a write through the whole cluster. It returns the key's secret.
func keyReplicates(t *testing.T, via, other *clusterNode) string {
	t.Helper()
	secret, _ := via.issueKey(t, "pro")
	waitCondition(t, "the other replica authenticating the key", func() bool {
		code, _, _ := other.do(t, http.MethodGet, "/v1/account", secret, "")
		return code == http.StatusOK
	})
	return secret
}

// usageAnywhere: requests of the key on both replicas (each counted in the shared counters)
// read as one usage on either.
func usageAnywhere(t *testing.T, secret string, r1, r2 *clusterNode) {
	t.Helper()
	r1.do(t, http.MethodGet, "/v1/account", secret, "") // r2 answered one in keyReplicates
	for _, n := range []*clusterNode{r1, r2} {
		waitCondition(t, "usage read on a replica adding both", func() bool {
			var u struct {
				Days []struct {
					Endpoints map[string]int64 `json:"endpoints"`
				} `json:"days"`
			}
			n.getJSON(t, "/v1/account/usage?days=1", secret, http.StatusOK, &u)
			time.Sleep(100 * time.Millisecond)
			return u.Days[0].Endpoints["account"] == 2
		})
	}
}
