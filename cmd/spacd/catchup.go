package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

// earlyListener is a replica's listener from before it caught up with the writer's stream:
// it binds the address at once, so /health can say how far behind the replica is, and
// answers every request 503 (Retry-After) until the API takes the listener over - a load
// balancer's readiness check keeps clients away meanwhile. One goroutine accepts on the
// socket and hands each connection to the current server's queue.
type earlyListener struct {
	ln     net.Listener
	target atomic.Pointer[connQueue]
	srv    *http.Server
	status atomic.Pointer[func() spac.Replication]
}

// listenEarly binds addr, announces it as serve does, and answers 503 until handover.
func listenEarly(env *environment, addr string) (*earlyListener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(env.stdout, "listening on http://%s\n", displayAddr(ln.Addr()))
	env.log.Info("listening while catching up with the writer's stream", "addr", ln.Addr().String())
	e := &earlyListener{ln: ln}
	q := newConnQueue(ln.Addr())
	e.target.Store(q)
	e.srv = &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	go e.dispatch()
	go func() { _ = e.srv.Serve(q) }()
	return e, nil
}

// setStatus names the replica whose position /health reports.
func (e *earlyListener) setStatus(fn func() spac.Replication) { e.status.Store(&fn) }

// ServeHTTP answers while the replica catches up: /health with its position, anything else
// with a problem, both 503.
func (e *earlyListener) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	st := spac.Replication{Role: "replica"}
	if fn := e.status.Load(); fn != nil {
		st = (*fn)()
	}
	w.Header().Set("Retry-After", "1")
	var body any
	if r.URL.Path == "/health" || r.URL.Path == "/v1/health" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		body = api.Health{Status: "catching_up", Version: version, Commit: buildCommit(), AsOf: time.Now().UTC().Format(time.RFC3339),
			Checks: map[string]api.Check{}, Replication: &st}
	} else {
		w.Header().Set("Content-Type", "application/problem+json")
		body = api.Problem{Type: "urn:spacdata:problem:" + spac.EUNAVAILABLE, Title: http.StatusText(http.StatusServiceUnavailable),
			Status: http.StatusServiceUnavailable, Code: spac.EUNAVAILABLE, Instance: r.URL.RequestURI(),
			Detail: fmt.Sprintf("this replica is catching up with the writer's stream (%d changes behind); retry", st.Behind)}
	}
	w.WriteHeader(http.StatusServiceUnavailable)
	_ = json.NewEncoder(w).Encode(body)
}

// dispatch hands each accepted connection to the current queue, until the socket closes.
func (e *earlyListener) dispatch() {
	for {
		c, err := e.ln.Accept()
		if err != nil {
			return
		}
		q := e.target.Load()
		select {
		case q.ch <- c:
		case <-q.done:
			c.Close()
		}
	}
}

// handover gives the socket to the API: new connections go to the returned listener, and the
// catch-up server ends once its answers in flight are written.
func (e *earlyListener) handover() net.Listener {
	q := newConnQueue(e.ln.Addr())
	e.target.Store(q)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = e.srv.Shutdown(ctx)
	return q
}

// Close closes the socket (after the API stopped, or when serve failed before handover).
func (e *earlyListener) Close() {
	_ = e.srv.Close()
	_ = e.ln.Close()
}

// connQueue is a net.Listener fed connections by earlyListener.dispatch.
type connQueue struct {
	addr net.Addr
	ch   chan net.Conn
	done chan struct{}
	once sync.Once
}

func newConnQueue(addr net.Addr) *connQueue {
	return &connQueue{addr: addr, ch: make(chan net.Conn), done: make(chan struct{})}
}

func (q *connQueue) Accept() (net.Conn, error) {
	select {
	case c := <-q.ch:
		return c, nil
	case <-q.done:
		return nil, net.ErrClosed
	}
}

func (q *connQueue) Close() error {
	q.once.Do(func() { close(q.done) })
	return nil
}

func (q *connQueue) Addr() net.Addr { return q.addr }
