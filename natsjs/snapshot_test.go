package natsjs_test

import (
	"testing"

	"github.com/spacdata/spac/natsjs"
	"github.com/spacdata/spac/natsjs/natsjstest"
)

// TestReplicasStartFromASnapshot: once the writer made a snapshot and purged the stream up to
// it, a new replica (whose first changes are gone) and a replica stopped before the purge
// (whose next change is gone) both load the snapshot, follow the stream from the change after
// it, and hold the writer's keys and rows; /health's snapshot names it on all three.
func TestReplicasStartFromASnapshot(t *testing.T) {
	srv, ctx, conn := streamServer(t)
	writer := openNode(t, "", true)
	pub := natsjs.NewPublisher(conn, writer.db, nil)
	writer.run(pub.Run)
	writeSome(t, writer.db, 0, 10)
	putFiling(t, writer.db, filing("0009999999-26-000001", "0001800001", 3000, "v1"))
	dir := t.TempDir()
	old := openNode(t, dir, false)
	startReplica(t, srv.URL(), old)
	converge(t, ctx, writer, old)
	old.close(t)

	writeSome(t, writer.db, 10, 10)
	waitJournalEmpty(t, ctx, writer.db)
	pos, err := pub.Snapshot(ctx, 0)
	if err != nil || pos == 0 {
		t.Fatalf("snapshot: position %d, %v", pos, err)
	}
	if again, err := pub.Snapshot(ctx, 0); again != 0 || err != nil {
		t.Fatalf("a second snapshot with nothing new: position %d, %v", again, err)
	}
	if first := natsjstest.Watch(t, srv.URL(), natsjs.DefaultStream).FirstSeq(); first != pos+1 {
		t.Fatalf("after the snapshot at %d the stream starts at %d, want it purged up to the snapshot", pos, first)
	}
	writeSome(t, writer.db, 20, 5) // after the snapshot: read from the stream
	fresh := openNode(t, "", false)
	startReplica(t, srv.URL(), fresh)
	old = openNode(t, dir, false)
	startReplica(t, srv.URL(), old)
	converge(t, ctx, writer, fresh, old)
	for i, r := range []*node{fresh, old} {
		if st := r.rep.Status(); st.Snapshot != pos || st.Behind != 0 {
			t.Fatalf("replica %d: %+v, want started from the snapshot at %d", i+1, st, pos)
		}
	}
	if st := pub.Status(ctx); st.Snapshot != pos {
		t.Fatalf("writer: %+v, want its snapshot at %d", st, pos)
	}
}
