// Package natsjstest is test support: NATS servers with JetStream embedded in the test
// process (one, or a cluster of three), so the cluster's tests need nothing installed.
package natsjstest

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Bounds of each embedded server's JetStream storage.
const (
	maxMemory = 64 << 20
	maxStore  = 1 << 30
)

// Server is one running embedded server.
type Server struct {
	*server.Server
	opts *server.Options
}

// URL is the server's client URL.
func (s *Server) URL() string { return s.ClientURL() }

// Restart starts the server again on the same ports and storage after Shutdown.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.Server = start(t, s.opts)
}

// Start runs one JetStream server on a free loopback port, stored under t.TempDir(); it is
// shut down when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	opts := baseOptions(t, "n1")
	opts.Port = freePort(t)
	return &Server{Server: start(t, opts), opts: opts}
}

// StartCluster runs n JetStream servers routed to each other as one cluster; URLs lists every
// server's client URL comma-separated (what a client is given).
func StartCluster(t testing.TB, n int) ([]*Server, string) {
	t.Helper()
	clusterPorts := make([]int, n)
	for i := range clusterPorts {
		clusterPorts[i] = freePort(t)
	}
	var routes []*url.URL
	for _, p := range clusterPorts {
		routes = append(routes, &url.URL{Scheme: "nats", Host: fmt.Sprintf("127.0.0.1:%d", p)})
	}
	servers := make([]*Server, n)
	var urls []string
	for i := range servers {
		opts := baseOptions(t, fmt.Sprintf("n%d", i+1))
		opts.Port = freePort(t)
		opts.Cluster = server.ClusterOpts{Name: "spac", Host: "127.0.0.1", Port: clusterPorts[i]}
		opts.Routes = routes
		servers[i] = &Server{Server: start(t, opts), opts: opts}
		urls = append(urls, servers[i].URL())
	}
	return servers, strings.Join(urls, ",")
}

func baseOptions(t testing.TB, name string) *server.Options {
	return &server.Options{
		ServerName: name, Host: "127.0.0.1", JetStream: true, StoreDir: t.TempDir(),
		JetStreamMaxMemory: maxMemory, JetStreamMaxStore: maxStore,
		NoLog: true, NoSigs: true,
	}
}

func start(t testing.TB, opts *server.Options) *server.Server {
	t.Helper()
	s, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	s.Start()
	t.Cleanup(s.Shutdown)
	if !s.ReadyForConnections(30 * time.Second) {
		t.Fatalf("nats server %s not ready", opts.ServerName)
	}
	return s
}

// freePort returns a loopback port free at the time of the call.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Watcher reads a stream's message count through a connection of its own.
type Watcher struct {
	js     jetstream.JetStream
	stream string
}

// Watch connects to url; the connection is closed when the test ends.
func Watch(t testing.TB, url, stream string) *Watcher {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return &Watcher{js: js, stream: stream}
}

// Msgs is how many messages the stream holds now; 0 while it does not exist or JetStream
// cannot answer yet (a cluster electing its leaders).
func (w *Watcher) Msgs() uint64 { return w.state().Msgs }

// FirstSeq is the sequence of the first message the stream still holds (after a purge, the
// one after the last purged); 0 while it cannot be read.
func (w *Watcher) FirstSeq() uint64 { return w.state().FirstSeq }

func (w *Watcher) state() jetstream.StreamState {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	s, err := w.js.Stream(ctx, w.stream)
	if err != nil {
		return jetstream.StreamState{}
	}
	info, err := s.Info(ctx)
	if err != nil {
		return jetstream.StreamState{}
	}
	return info.State
}
