package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/natsjs"
)

// streamLogCap is the retention of each SSE topic's replay log (kv.EventLog), the same on a
// writer and its replicas so both trim the same events.
const streamLogCap = 10000

// roleParts is what startRole started for the configured role.
type roleParts struct {
	live   *live
	stop   func()
	status func() spac.Replication // nil in a single process (no replication on /health)
	// forward carries the writes that reach a replica to the writer (nil elsewhere).
	forward spac.Forwarder
	// answer serves the replicas' forwarded writes through srv until its stop (the writer's;
	// nil elsewhere).
	answer func(srv *api.Server) (stop func(), err error)
}

// startRole starts what the configured role runs before the API serves: the single process and
// the writer run everything (the writer also publishes its journal); a replica runs only its
// read model.
func startRole(ctx context.Context, env *environment, a *app) (roleParts, error) {
	switch env.cfg.Cluster.Role {
	case config.RoleWriter:
		return startWriter(ctx, env, a)
	case config.RoleReplica:
		return startReplica(ctx, env, a)
	}
	l, stop, err := startLive(ctx, env, a)
	return roleParts{live: l, stop: stop}, err
}

func natsConfig(c config.NATSConfig) natsjs.Config {
	return natsjs.Config{URL: c.URL, Stream: c.Stream, Replicas: c.Replicas}
}

// startWriter journals, once, what a store held before it was a writer's (kv.SeedJournal),
// publishes the journal from before the fixture bootstrap (so a large first build
// streams out while it runs) and then starts everything a single process runs.
func startWriter(ctx context.Context, env *environment, a *app) (roleParts, error) {
	if n, err := a.db.SeedJournal(ctx); err != nil {
		return roleParts{}, fmt.Errorf("journal what the store held before it was a writer's: %w", err)
	} else if n > 0 {
		env.log.Info("journaled what the store held before it was a writer's", "changes", n)
	}
	conn, err := natsjs.Connect(natsConfig(env.cfg.Cluster.NATS), "spacd writer")
	if err != nil {
		return roleParts{}, err
	}
	a.limits = sharedCounters(ctx, conn, env)
	lease := deliveryLease(conn, env, a, "writer")
	pub := natsjs.NewPublisher(conn, a.db, env.log)
	stopRun := runBackground(ctx, pub.Run)
	nc := env.cfg.Cluster.NATS
	stopSnap := runBackground(ctx, func(ctx context.Context) error {
		return pub.RunSnapshots(ctx, nc.SnapshotEvery, uint64(nc.KeepChanges))
	})
	stopPub := func() { stopSnap(); stopRun() }
	l, stopLive, err := startLive(ctx, env, a)
	if err != nil {
		stopPub()
		conn.Close()
		return roleParts{}, err
	}
	// The lease is let go once delivery stopped (stopLive), so two nodes never deliver at once.
	stopLease := runLease(ctx, lease, l)
	return roleParts{
		live: l, stop: func() { stopLive(); stopLease(); stopPub(); conn.Close() },
		status: func() spac.Replication { st := pub.Status(ctx); st.Deliverer = lease.Held(); return st },
		answer: func(srv *api.Server) (func(), error) {
			return natsjs.ServeForwards(conn, env.log, answerForwarded(a, srv, pub))
		},
	}, nil
}

// answerForwarded serves a write a replica forwarded, then waits until everything the writer
// committed by then is in the stream: the answer is given once the write is durable on the
// writer and in the stream, with the position the replica waits for before it answers.
func answerForwarded(a *app, srv *api.Server, pub *natsjs.Publisher) func(context.Context, spac.ForwardedRequest) (spac.ForwardedResponse, error) {
	return func(ctx context.Context, req spac.ForwardedRequest) (spac.ForwardedResponse, error) {
		resp, err := srv.ServeForwarded(ctx, req)
		if err != nil {
			return resp, err
		}
		last, err := a.db.LastJournaled(ctx)
		if err != nil {
			return resp, err
		}
		resp.Position, err = pub.WaitPublished(ctx, last)
		return resp, err
	}
}

// startReplica follows the writer's stream into the local store and index, and returns once
// it applied everything the stream held when it started: a replica serves only once caught
// up. It ingests nothing, polls nothing, folds nothing and delivers no webhook.
func startReplica(ctx context.Context, env *environment, a *app) (roleParts, error) {
	conn, err := natsjs.Connect(natsConfig(env.cfg.Cluster.NATS), "spacd replica")
	if err != nil {
		return roleParts{}, err
	}
	a.limits = sharedCounters(ctx, conn, env)
	lease := deliveryLease(conn, env, a, "replica")
	l, err := newLive(ctx, env, a)
	if err != nil {
		conn.Close()
		return roleParts{}, err
	}
	if err := indexProfiles(ctx, a); err != nil {
		conn.Close()
		return roleParts{}, err
	}
	rep := natsjs.NewReplica(conn, a.db.Applier(streamLogCap), a.idx, env.log)
	status := func() spac.Replication { st := rep.Status(); st.Deliverer = lease.Held(); return st }
	if a.early != nil {
		a.early.setStatus(status) // /health says how far behind while it catches up
	}
	rep.OnApplied = func(c spac.Change) { deliverStreamChange(env, l, c); l.keyChange(env, c) }
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- rep.Run(runCtx) }()
	stopLease := func() {}
	stop := func() { cancel(); <-done; l.stop(env); stopLease(); conn.Close() }
	if err := catchUp(ctx, env, rep, done); err != nil {
		stop()
		return roleParts{}, err
	}
	// A replica holds the writer's delivery queue: it delivers while it holds the lease (the
	// writer died, or stopped), from where the writer's last published change left each.
	l.webhooks.Start()
	stopLease = runLease(ctx, lease, l)
	l.sampleCIKs, l.sample = sampleOf(ctx, env, a, l.fictional)
	go refreshStatus(runCtx, rep)
	fwd := replicaForwarder{natsjs.NewForwarder(conn), rep, env}
	return roleParts{live: l, stop: stop, status: status, forward: fwd}, nil
}

// replicaForwarder sends a write to the writer and answers once this replica applied the
// stream as far as the writer's answer says: the caller then reads its write here (a key it
// created authenticates, a registration it made is listed).
type replicaForwarder struct {
	fwd *natsjs.Forwarder
	rep *natsjs.Replica
	env *environment
}

func (f replicaForwarder) Forward(ctx context.Context, r spac.ForwardedRequest) (spac.ForwardedResponse, error) {
	resp, err := f.fwd.Forward(ctx, r)
	if err != nil {
		return resp, err
	}
	wctx, cancel := context.WithTimeout(ctx, readOwnWriteWait)
	defer cancel()
	if err := f.rep.WaitApplied(wctx, resp.Position); err != nil {
		// The write is durable; only this replica is slow. Answer: a retry would write again.
		f.env.log.Warn("replica: a forwarded write answered before this replica applied it", "err", err)
	}
	return resp, nil
}

// readOwnWriteWait bounds how long a replica waits to apply a write it forwarded.
const readOwnWriteWait = 10 * time.Second

// indexProfiles fills an empty index from the profiles the replica holds (its index directory
// was lost): a replica has no facts to refold, and a profile's row is all the index needs.
func indexProfiles(ctx context.Context, a *app) error {
	if n, err := a.idx.Count(ctx); err != nil || n > 0 {
		return err
	}
	return a.db.EachProfile(ctx, func(p spac.Profile) error {
		return a.idx.Put(ctx, spac.ProfileChange{Profile: p, Sample: p.Sample}.Row())
	})
}

// catchUp waits for the replica to apply the stream as it is now, or for Run to fail.
func catchUp(ctx context.Context, env *environment, rep *natsjs.Replica, done chan error) error {
	caught := make(chan error, 1)
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	go func() { caught <- rep.CatchUp(cctx) }()
	progress := time.NewTicker(5 * time.Second) // the API (and /health) listens only once caught up
	defer progress.Stop()
	for {
		select {
		case err := <-caught:
			if err != nil {
				return err
			}
			st := rep.Status()
			env.log.Info("replica caught up with the writer's stream", "position", st.Applied, "snapshot", st.Snapshot, "took", time.Since(start).String())
			return nil
		case err := <-done:
			done <- err // stop() reads it again
			return fmt.Errorf("replica: %w", err)
		case <-progress.C:
			st := rep.Status()
			env.log.Info("replica catching up", "applied", st.Applied, "last", st.Last, "behind", st.Behind, "snapshot", st.Snapshot)
		}
	}
}

// refreshStatus keeps the stream's last position fresh for /health while no change arrives.
func refreshStatus(ctx context.Context, rep *natsjs.Replica) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			rep.Refresh(ctx)
		}
	}
}

// deliverStreamChange pushes an applied stream event to the replica's live SSE subscribers,
// with the writer's id.
func deliverStreamChange(env *environment, l *live, c spac.Change) {
	if c.Kind != spac.ChangeStream {
		return
	}
	var sc spac.StreamChange
	if err := json.Unmarshal(c.Data, &sc); err != nil {
		env.log.Error("replica: stream change", "err", err)
		return
	}
	l.hub.Deliver(sc.Topic, sc.Event)
}

// deliveryLease is the cluster's webhook delivery lease for this node; a (its webhook
// service, built next) delivers only while this node holds it, and shares the ledger.
func deliveryLease(conn *natsjs.Conn, env *environment, a *app, role string) *natsjs.Lease {
	var b [4]byte
	_, _ = rand.Read(b[:])
	lease := natsjs.NewLease(conn, "webhooks", fmt.Sprintf("%s-%x", role, b), 0, env.log)
	a.delivers, a.ledger = lease.Held, natsjs.NewLedger(conn)
	return lease
}

// runLease competes for the delivery lease until the returned stop, waking the webhook
// service when this node takes it over (what is due goes out at once).
func runLease(ctx context.Context, lease *natsjs.Lease, l *live) (stop func()) {
	lease.OnAcquire = l.webhooks.Wake
	return runBackground(context.WithoutCancel(ctx), lease.Run) // only stop ends it: after delivery stopped
}

// keyChange tells the API a key its writer changed (a replica's applied ChangeKey): its cache
// forgets the key and a revoked key's streams end here as on the writer.
func (l *live) keyChange(env *environment, c spac.Change) {
	if c.Kind != spac.ChangeKey {
		return
	}
	var kc spac.KeyChange
	if err := json.Unmarshal(c.Data, &kc); err != nil {
		env.log.Error("replica: key change", "err", err)
		return
	}
	if fn := l.onKey.Load(); fn != nil {
		kc.Key.Hash = kc.Hash
		(*fn)(kc.Key)
	}
}

// sharedCounters are the cluster's counters (rate limits, usage), their buckets prepared
// before the node serves: created on a first request instead, a replicated bucket can take
// longer than the request may wait (seen under load: a usage read answered 500). A failure
// here is logged; the bucket is then made on first use.
func sharedCounters(ctx context.Context, conn *natsjs.Conn, env *environment) *natsjs.Counters {
	c := natsjs.NewCounters(conn)
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := c.Prepare(pctx, access.CounterTTLs()...); err != nil {
		env.log.Warn("cluster: preparing the shared counters", "err", err)
	}
	return c
}

// runBackground runs fn in a goroutine until the returned stop cancels it and waits for it.
func runBackground(ctx context.Context, fn func(context.Context) error) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = fn(ctx) }()
	return func() { cancel(); <-done }
}
