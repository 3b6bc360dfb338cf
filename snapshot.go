package spac

import (
	"context"
	"io"
)

// A snapshot is everything a replica holds, as the writer held it at one position of the
// stream of changes: a new replica (or one whose next change the stream no longer holds)
// starts from it and follows the stream from the change after (docs/operating.md, "Cluster").

// SnapshotSource is the writer's store as its publisher snapshots it.
type SnapshotSource interface {
	// OpenSnapshot fixes a read of the store now. ok is false (and nothing is open) when the
	// journal holds a change not yet published: the read would hold changes the stream has
	// not. The caller, having paused its publishing, knows the stream position it matches.
	OpenSnapshot(ctx context.Context) (s Snapshot, ok bool, err error)
}

// Snapshot is one fixed read of a writer's store.
type Snapshot interface {
	// WriteTo writes every key a replica holds, in the store's own encoding.
	WriteTo(w io.Writer) (int64, error)
	Close()
}

// SnapshotLoader is a replica's store as its follower bootstraps it.
type SnapshotLoader interface {
	// LoadSnapshot replaces everything the replica holds by the snapshot, and records its
	// position; a load cut short leaves the position 0, so the next start loads again.
	LoadSnapshot(ctx context.Context, r io.Reader, position uint64) error
	// EachProfile calls fn with every stored profile (the index is rebuilt from them).
	EachProfile(ctx context.Context, fn func(Profile) error) error
}
