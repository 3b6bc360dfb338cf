package natsjs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// The snapshot is one object of the filings' object store (no accession has its name), zstd
// compressed, with the stream position it matches as a header. The writer replaces it while
// it runs; a replica loads it when it starts empty, or when the stream no longer holds the
// change after its position (the writer purged the stream up to its snapshot).
const (
	snapshotObject = "snapshot"
	positionHeader = "Spac-Stream-Position"
)

// errGap: the stream's next change is not the one after the replica's position (purged).
var errGap = errors.New("natsjs: the stream no longer holds the change after this replica's position")

// Snapshot makes a snapshot at the stream position of the last change published, if the
// store's journal is empty (everything committed is published) and no snapshot is at that
// position yet; then purges the stream's changes up to keep changes before it. It reports the
// position of the snapshot made (0: none).
func (p *Publisher) Snapshot(ctx context.Context, keep uint64) (uint64, error) {
	if !p.ready.Load() {
		return 0, nil
	}
	// Publishing pauses while the read is fixed: a change published meanwhile would be
	// at a position after the one read, yet possibly missing from the read.
	p.mu.Lock()
	pos := p.published.Load()
	snap, ok, err := p.store.OpenSnapshot(ctx)
	p.mu.Unlock()
	if err != nil || !ok {
		return 0, err
	}
	defer snap.Close()
	if pos == 0 || pos <= p.snapshot.Load() {
		return 0, nil
	}
	if err := p.putSnapshot(ctx, snap, pos); err != nil {
		return 0, err
	}
	p.snapshot.Store(pos)
	p.log.Info("natsjs: snapshot made", "position", pos)
	return pos, p.purge(ctx, pos, keep)
}

// putSnapshot streams the snapshot, compressed, into the object store.
func (p *Publisher) putSnapshot(ctx context.Context, snap spac.Snapshot, pos uint64) error {
	obs, err := p.conn.filings(ctx)
	if err != nil {
		return err
	}
	pr, pw := io.Pipe()
	wrote := make(chan struct{})
	go func() {
		defer close(wrote)
		zw, err := zstd.NewWriter(pw, zstd.WithEncoderConcurrency(1))
		if err == nil {
			if _, err = snap.WriteTo(zw); err == nil {
				err = zw.Close()
			}
		}
		pw.CloseWithError(err)
	}()
	meta := jetstream.ObjectMeta{Name: snapshotObject, Headers: nats.Header{positionHeader: []string{strconv.FormatUint(pos, 10)}}}
	_, err = obs.Put(ctx, meta, pr)
	pr.CloseWithError(err) // unblocks the writer if the put stopped early
	<-wrote
	if err != nil {
		return fmt.Errorf("natsjs: put the snapshot at %d: %w", pos, err)
	}
	return nil
}

// purge drops the stream's changes before the last keep ones up to pos.
func (p *Publisher) purge(ctx context.Context, pos, keep uint64) error {
	if pos <= keep {
		return nil
	}
	s, err := p.conn.js.Stream(ctx, p.conn.cfg.Stream)
	if err != nil {
		return err
	}
	return s.Purge(ctx, jetstream.WithPurgeSequence(pos-keep+1)) // drops those before it
}

// RunSnapshots makes a snapshot every interval (when something was published since the
// last) until ctx is done; every <= 0 makes none. A failure is logged and tried again.
func (p *Publisher) RunSnapshots(ctx context.Context, every time.Duration, keep uint64) error {
	if every <= 0 {
		return nil
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if _, err := p.Snapshot(ctx, keep); err != nil && ctx.Err() == nil {
				p.log.Warn("natsjs: making a snapshot", "err", err)
			}
		}
	}
}

// snapshotPosition is the position of the snapshot in the object store (0: none).
func snapshotPosition(info *jetstream.ObjectInfo) uint64 {
	n, _ := strconv.ParseUint(info.Headers.Get(positionHeader), 10, 64)
	return n
}

// bootstrap loads the snapshot when the replica holds nothing yet (and there is one), or
// when the stream no longer holds the change after its position (then there must be one,
// at or after the position before the stream's first change).
func (r *Replica) bootstrap(ctx context.Context) error {
	s, err := r.conn.js.Stream(ctx, r.conn.cfg.Stream)
	if err != nil {
		return err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return err
	}
	applied, first := r.applied.Load(), info.State.FirstSeq
	needed := applied+1 < first
	if !needed && applied > 0 {
		return nil
	}
	obs, err := r.conn.filings(ctx)
	if err != nil && !needed {
		return nil
	} else if err != nil {
		return err
	}
	res, err := obs.Get(ctx, snapshotObject)
	if errors.Is(err, jetstream.ErrObjectNotFound) && !needed {
		return nil
	} else if err != nil {
		return fmt.Errorf("natsjs: the stream starts at %d, after this replica's position %d: a snapshot is needed: %w", first, applied, err)
	}
	defer res.Close()
	ri, err := res.Info()
	if err != nil {
		return err
	}
	pos := snapshotPosition(ri)
	if pos+1 < first || pos == 0 {
		return fmt.Errorf("natsjs: the snapshot (at %d) is older than the stream's first change (%d)", pos, first)
	}
	return r.load(ctx, res, pos)
}

// load replaces the store by the snapshot, rebuilds the index from its profiles and moves
// the position to the snapshot's.
func (r *Replica) load(ctx context.Context, res io.Reader, pos uint64) error {
	start := time.Now()
	zr, err := zstd.NewReader(res, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return err
	}
	defer zr.Close()
	if err := r.store.LoadSnapshot(ctx, zr, pos); err != nil {
		return fmt.Errorf("natsjs: load the snapshot at %d: %w", pos, err)
	}
	err = r.store.EachProfile(ctx, func(p spac.Profile) error {
		return r.index.Put(ctx, spac.ProfileChange{Profile: p, Sample: p.Sample}.Row())
	})
	if err != nil {
		return applyError{fmt.Errorf("natsjs: index the snapshot's profiles: %w", err)}
	}
	r.snapshot.Store(pos)
	r.setApplied(pos)
	r.log.Info("natsjs: started from the snapshot", "position", pos, "took", time.Since(start).String())
	return nil
}
