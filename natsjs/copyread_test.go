package natsjs_test

import (
	"bytes"
	"context"
	"io"
	"slices"
	"sync"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/kv"
	"github.com/spacdata/spac/natsjs"
)

// laggingServer stands in for a server of the object store that has not stored the writer's
// last put yet (a follower answering a direct get on a loaded machine): the next read of an
// accession marked to lag answers what it held before, nothing or the previous copy; every
// other read is the store's.
type laggingServer struct {
	mu   sync.Mutex
	lag  map[string]bool
	held map[string]heldResult // the last copy read of each accession
}

func (l *laggingServer) lagNext(acc string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lag[acc] = true
}

func (l *laggingServer) get(ctx context.Context, obs jetstream.ObjectStore, name string) (jetstream.ObjectResult, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lag[name] {
		delete(l.lag, name)
		if h, ok := l.held[name]; ok {
			return h.again(), nil
		}
		return nil, jetstream.ErrObjectNotFound
	}
	res, err := obs.Get(ctx, name)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	info, err := res.Info()
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(res)
	if err != nil {
		return nil, err
	}
	l.held[name] = heldResult{info: info, data: data}
	return l.held[name].again(), nil
}

// heldResult is an object read once, served again from memory.
type heldResult struct {
	*bytes.Reader
	info *jetstream.ObjectInfo
	data []byte
}

func (h heldResult) again() heldResult {
	h.Reader = bytes.NewReader(h.data)
	return h
}
func (h heldResult) Close() error                         { return nil }
func (h heldResult) Info() (*jetstream.ObjectInfo, error) { return h.info, nil }
func (h heldResult) Error() error                         { return nil }

// noCopyOf is a writer's store that cannot export one filing (as when the publisher reads a
// journaled filing that is not stored): its change is published without a copy.
type noCopyOf struct {
	*kv.DB
	acc string
}

func (s noCopyOf) ExportFiling(ctx context.Context, acc string) (string, []byte, error) {
	if acc == s.acc {
		return "", nil, spac.ErrNotFound
	}
	return s.DB.ExportFiling(ctx, acc)
}

// TestReplicaReadsTheCopyALaggingServerLacks: a replica whose read of a filing's copy is
// answered by a server that lacks the writer's last put (nothing, then the previous version)
// reads it again until it gets that put, and records the change's position only with it; a
// change the writer published without a copy (it had none) is still applied, not waited for.
// Before, the replica recorded the position without the filing (or with its old version) and
// reported itself current while it answered 404 for it.
func TestReplicaReadsTheCopyALaggingServerLacks(t *testing.T) {
	srv, ctx, conn := streamServer(t)
	writer := openNode(t, "", true)
	const acc, gone = "0009999999-26-000011", "0009999999-26-000012"
	writer.run(natsjs.NewPublisher(conn, noCopyOf{DB: writer.db, acc: gone}, nil).Run)
	servers := &laggingServer{lag: map[string]bool{acc: true}, held: map[string]heldResult{}}
	putFiling(t, writer.db, filing(acc, "0001800011", 300, "v1"))
	putFiling(t, writer.db, filing(gone, "0001800012", 10, "v1"))
	r := openNode(t, "", false)
	r.rep = natsjs.NewReplica(connect(t, srv.URL()), r.db.Applier(10000), r.idx, nil)
	natsjs.SetObjectReader(r.rep, servers.get)
	r.run(r.rep.Run)
	catchUp(t, ctx, writer, r)
	requireSameFiling(t, ctx, writer, r, acc, "v1")
	if _, err := r.db.Filing(ctx, gone); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Fatalf("a filing published without a copy, on the replica: %v", err)
	}

	servers.lagNext(acc) // the restamp's read first answers the v1 copy
	putFiling(t, writer.db, filing(acc, "0001800011", 300, "v2"))
	catchUp(t, ctx, writer, r)
	requireSameFiling(t, ctx, writer, r, acc, "v2")
}

func catchUp(t *testing.T, ctx context.Context, writer, r *node) {
	t.Helper()
	waitJournalEmpty(t, ctx, writer.db)
	if err := r.rep.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
}

// requireSameFiling requires the replica to serve acc's lines as the writer does, stamped.
func requireSameFiling(t *testing.T, ctx context.Context, writer, r *node, acc, stamp string) {
	t.Helper()
	want, err := writer.db.Lines(ctx, acc, 1, 1e6)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.db.Lines(ctx, acc, 1, 1e6)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("%s: the replica at position %d serves %d lines (%v), the writer %d", acc, r.rep.Status().Applied, len(got), err, len(want))
	}
	if f, err := r.db.Filing(ctx, acc); err != nil || f.ExtractVersion != stamp {
		t.Fatalf("%s on the replica at position %d: stamp %q (%v), want %q", acc, r.rep.Status().Applied, f.ExtractVersion, err, stamp)
	}
}
