package natsjs_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/kv"
	"github.com/spacdata/spac/natsjs"
	"github.com/spacdata/spac/natsjs/natsjstest"
)

// replicated are the key ranges a replica holds as its writer does (kv/doc.go).
var replicated = []string{"f/", "t/", "x/", "c/", "p/", "pk/", "s/", "e/", "al/", "alt/", "ar/", "art/", "l/", "lm/", "m/watermark", "m/alertseq", "m/articleseq"}

func dump(t *testing.T, db *kv.DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range replicated {
		err := db.EachKV(context.Background(), p, func(k string, v []byte) error { out[k] = string(v); return nil })
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func rows(t *testing.T, idx *index.Index) string {
	t.Helper()
	page, err := idx.Universe(context.Background(), spac.UniverseQuery{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(page.Rows)
	return string(b)
}

func profile(n int) spac.Profile {
	cik := spac.CIK(fmt.Sprintf("%010d", 1800000+n))
	sym := fmt.Sprintf("S%03d", n)
	return spac.Profile{SPAC: spac.SPAC{CIK: cik, Symbol: sym, Name: sym + " Acquisition Corp", Status: spac.StatusSearching,
		TrustSize: "100000000.00", Tickers: spac.Tickers{Shares: sym}}}
}

// writeSome commits n profiles (each with an event), an alert and a stream event per profile.
func writeSome(t *testing.T, db *kv.DB, from, n int) {
	t.Helper()
	ctx := context.Background()
	log := db.EventLog(10000)
	for i := from; i < from+n; i++ {
		p := profile(i)
		ev := spac.Event{ID: string(p.CIK) + "/deadline", Type: "deadline", Date: "2026-01-02", CIK: p.CIK, Symbol: p.Symbol}
		if err := db.PutProfile(ctx, p, []spac.Event{ev}); err != nil {
			t.Fatal(err)
		}
		a := spac.Alert{ID: fmt.Sprintf("a%d", i), Kind: "new_ipo", Severity: "info", Symbol: p.Symbol, CIK: p.CIK, FiredAt: time.Unix(int64(1e9+i), 0).UTC(), Title: "x"}
		if _, err := db.PutAlert(ctx, a); err != nil {
			t.Fatal(err)
		}
		if _, err := log.Append(ctx, spac.TopicAlerts, spac.StreamEvent{Type: "alert", Data: []byte(`{"n":1}`), Symbols: []string{p.Symbol}}); err != nil {
			t.Fatal(err)
		}
	}
}

type node struct {
	db     *kv.DB
	idx    *index.Index
	rep    *natsjs.Replica
	cancel context.CancelFunc
	done   chan error
}

func openNode(t *testing.T, dir string, journal bool) *node {
	t.Helper()
	db, err := kv.Open(dir, kv.WithJournal(journal))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open("")
	if err != nil {
		t.Fatal(err)
	}
	n := &node{db: db, idx: idx}
	t.Cleanup(func() { n.stop(t) })
	return n
}

func (n *node) stop(t *testing.T) {
	if n.cancel != nil {
		n.cancel()
		if err := <-n.done; err != nil {
			t.Errorf("run: %v", err)
		}
		n.cancel = nil
	}
}

func (n *node) close(t *testing.T) {
	n.stop(t)
	n.idx.Close()
	n.db.Close()
}

func (n *node) run(fn func(context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	n.cancel, n.done = cancel, make(chan error, 1)
	go func() { n.done <- fn(ctx) }()
}

func connect(t *testing.T, url string) *natsjs.Conn {
	t.Helper()
	c, err := natsjs.Connect(natsjs.Config{URL: url}, t.Name())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// streamServer starts an embedded server with the change stream made, and connects to it.
func streamServer(t *testing.T) (*natsjstest.Server, context.Context, *natsjs.Conn) {
	t.Helper()
	srv := natsjstest.Start(t)
	ctx := ctxFor(t)
	conn := connect(t, srv.URL())
	if err := conn.EnsureStream(ctx); err != nil {
		t.Fatal(err)
	}
	return srv, ctx, conn
}

func startReplica(t *testing.T, url string, n *node) {
	n.rep = natsjs.NewReplica(connect(t, url), n.db.Applier(10000), n.idx, nil)
	n.run(n.rep.Run)
}

// TestReplicasFollowTheWriter: two replicas hold, key for key, what the writer stored, and the
// same universe rows; one stopped while the writer goes on catches up from its position.
func TestReplicasFollowTheWriter(t *testing.T) {
	srv, ctx, conn := streamServer(t)
	writer := openNode(t, "", true)
	pub := natsjs.NewPublisher(conn, writer.db, nil)
	writer.run(pub.Run)
	writeSome(t, writer.db, 0, 20) // before the replicas start: read from the stream's first
	dir := t.TempDir()
	r1, r2 := openNode(t, dir, false), openNode(t, "", false)
	startReplica(t, srv.URL(), r1)
	startReplica(t, srv.URL(), r2)
	writeSome(t, writer.db, 20, 10)
	converge(t, ctx, writer, r1, r2)

	r1.close(t) // stopped: the writer goes on without it
	writeSome(t, writer.db, 30, 10)
	r1 = openNode(t, dir, false)
	if applied, _ := r1.db.Applier(10000).Applied(ctx); applied == 0 {
		t.Fatal("the stopped replica recorded no position")
	}
	startReplica(t, srv.URL(), r1)
	converge(t, ctx, writer, r2)
	if err := r1.rep.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, r1.db), dump(t, writer.db); !maps.Equal(got, want) {
		t.Fatalf("restarted replica: %d keys, writer %d", len(got), len(want))
	}
	if st := r1.rep.Status(); st.Behind != 0 || st.Applied == 0 || !st.Connected {
		t.Fatalf("status after catching up: %+v", st)
	}
}

// converge waits until every replica applied the stream's last change, then compares.
func converge(t *testing.T, ctx context.Context, writer *node, replicas ...*node) {
	t.Helper()
	waitJournalEmpty(t, ctx, writer.db)
	want, wantRows := dump(t, writer.db), rows(t, writer.idxFromStore(t))
	for i, r := range replicas {
		if err := r.rep.CatchUp(ctx); err != nil {
			t.Fatal(err)
		}
		if got := dump(t, r.db); !maps.Equal(got, want) {
			t.Fatalf("replica %d holds %d keys, the writer %d", i+1, len(got), len(want))
		}
		if got := rows(t, r.idx); got != wantRows {
			t.Fatalf("replica %d's universe rows differ from the writer's profiles", i+1)
		}
	}
}

// idxFromStore is the index the writer's profiles make (the writer of this test indexes
// nothing itself): every stored profile's row.
func (n *node) idxFromStore(t *testing.T) *index.Index {
	idx, err := index.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	err = n.db.EachProfile(context.Background(), func(p spac.Profile) error {
		row := p.SPAC
		row.Sample = p.Sample
		return idx.Put(context.Background(), row)
	})
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// waitJournalEmpty waits until the publisher sent (and trimmed) everything journaled.
func waitJournalEmpty(t *testing.T, ctx context.Context, db *kv.DB) {
	t.Helper()
	for {
		left, err := db.Changes(ctx, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(left) == 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("journal not drained: %v", ctx.Err())
		case <-time.After(10 * time.Millisecond): // polls a condition, bounded by ctx
		}
	}
}

// trimFailsOnce is a writer's journal whose first trim fails, as when the writer dies after
// the stream acknowledged a batch and before it trimmed it: the next run publishes it again.
type trimFailsOnce struct {
	*kv.DB
	failed bool
}

func (j *trimFailsOnce) TrimChanges(ctx context.Context, upTo uint64) error {
	if !j.failed {
		j.failed = true
		return errors.New("killed before trimming")
	}
	return j.DB.TrimChanges(ctx, upTo)
}

// TestRepublishedChangesAreStoredOnce: a journal published twice leaves one copy of each
// change in the stream (the change id is the message id), and the replica sees each once.
func TestRepublishedChangesAreStoredOnce(t *testing.T) {
	srv, ctx, conn := streamServer(t)
	writer := openNode(t, "", true)
	writeSome(t, writer.db, 0, 5) // 15 changes
	journal := &trimFailsOnce{DB: writer.db}
	pub := natsjs.NewPublisher(conn, journal, nil)
	if st := pub.Status(ctx); st.Behind != 15 || st.Role != "writer" {
		t.Fatalf("writer status before publishing: %+v, want 15 behind", st)
	}
	writer.run(pub.Run)
	waitJournalEmpty(t, ctx, writer.db)
	if !journal.failed {
		t.Fatal("the trim never failed")
	}
	if st := pub.Status(ctx); st.Behind != 0 || st.Applied != 15 || !st.Connected {
		t.Fatalf("writer status once published: %+v, want 15 published, none behind", st)
	}
	r := openNode(t, "", false)
	startReplica(t, srv.URL(), r)
	if err := r.rep.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if st := r.rep.Status(); st.Last != 15 || st.Applied != 15 {
		t.Fatalf("stream holds %d changes (replica applied %d), want 15", st.Last, st.Applied)
	}
	if got, want := dump(t, r.db), dump(t, writer.db); !maps.Equal(got, want) {
		t.Fatal("replica differs from the writer")
	}
}
