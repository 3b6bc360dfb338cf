package access

import (
	"context"
	"fmt"
	"hash/maphash"
	"strconv"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// The tally keeps the Guard's counters (rate-limit windows and usage) in memory and writes them
// behind to the spac.CounterStore. In memory the counts are authoritative: a rate-limit window
// is seeded from the store on its first use (so a restart resumes from the persisted count) and
// from then on counted here exactly; what was counted since the last flush is added to the store
// by the Guard's flusher (every flush interval, and on Shutdown).
//
// Trade-off: a crash (SIGKILL, power loss) loses at most one flush interval of counts, i.e. it
// grants at most that much extra quota after the restart; a graceful Shutdown loses nothing.
// Counts are exact within one process only: two processes sharing a store would each count
// their own requests (Badger admits one process anyway; StoreLimiter is the cross-replica one).

// counterKind says which family a counter belongs to.
type counterKind uint8

const (
	kindMinute counterKind = iota + 1 // "rl/m/<subject>/<unix minute>"
	kindDay                           // "rl/d/<subject>/<yyyymmdd>"
	kindUsage                         // "use/<key id>/<yyyymmdd>/<route>"
)

// counterID names one counter without building its store key: the hot path looks counters up
// by this comparable struct, and the string key is built only to seed or flush the counter.
type counterID struct {
	kind    counterKind
	subject string // rate limits: "key:<id>" or "ip:<addr>"; usage: the key id
	window  int64  // unix minute (kindMinute) or days since the Unix epoch (kindDay, kindUsage)
	route   string // kindUsage only
}

const secondsPerDay = 24 * 60 * 60

func minuteNumber(t time.Time) int64 { return floorDiv(t.Unix(), 60) }
func dayNumber(t time.Time) int64    { return floorDiv(t.Unix(), secondsPerDay) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

func dayString(day int64) string { return time.Unix(day*secondsPerDay, 0).UTC().Format(dayFormat) }

// storeKey is the counter's key in the CounterStore (StoreLimiter and the usage report use the
// same keys, so switching limiters or restarting keeps the counts).
func (id counterID) storeKey() string {
	switch id.kind {
	case kindMinute:
		return minuteCounterKey(id.subject, id.window)
	case kindDay:
		return dayCounterKey(id.subject, id.window)
	}
	return usagePrefix(id.subject) + dayString(id.window) + "/" + id.route
}

func minuteCounterKey(subject string, minute int64) string {
	return minuteCounterPrefix(subject) + strconv.FormatInt(minute, 10)
}

func dayCounterKey(subject string, day int64) string {
	return dayCounterPrefix(subject) + dayString(day)
}

func minuteCounterPrefix(subject string) string { return "rl/m/" + subject + "/" }
func dayCounterPrefix(subject string) string    { return "rl/d/" + subject + "/" }

func (id counterID) ttl() time.Duration {
	switch id.kind {
	case kindMinute:
		return minuteTTL
	case kindDay:
		return dayTTL
	}
	return usageTTL
}

// ended reports whether the counter's window is over at now (no request will count in it again).
func (id counterID) ended(now time.Time) bool {
	if id.kind == kindMinute {
		return now.Unix() >= (id.window+1)*60
	}
	return now.Unix() >= (id.window+1)*secondsPerDay
}

// tallyIdle is how long an unused, fully flushed counter stays in memory: dropping it early
// bounds memory to the recently active subjects, and re-seeding it from the store is exact.
const tallyIdle = 5 * time.Minute

const tallyShards = 64

type tally struct {
	store spac.CounterStore
	seed  maphash.Seed

	shards [tallyShards]tallyShard

	flushMu sync.Mutex     // one flush at a time; only a flush drops entries
	batch   []pendingWrite // reused by flush under flushMu
}

type tallyShard struct {
	mu sync.Mutex
	// drops counts eviction rounds that removed entries. acquire reads the store with the
	// shard unlocked; if entries were dropped meanwhile its read may predate a flush, so it
	// reads again rather than seed a stale value.
	drops uint64
	m     map[counterID]*tallyEntry
}

type tallyEntry struct {
	value    int64 // authoritative count: the store's value when seeded plus everything since
	pending  int64 // counted here, not yet added to the store
	lastUsed int64 // unix seconds, for idle eviction
}

type pendingWrite struct {
	id    counterID
	delta int64
}

func newTally(store spac.CounterStore) *tally {
	t := &tally{store: store, seed: maphash.MakeSeed()}
	for i := range t.shards {
		t.shards[i].m = map[counterID]*tallyEntry{}
	}
	return t
}

// shardOf picks the shard by subject, so the minute and day windows of one subject share a lock.
func (t *tally) shardOf(subject string) *tallyShard {
	return &t.shards[maphash.String(t.seed, subject)%tallyShards]
}

// acquire locks the shard of ids (which must share one subject) and fills ents with their
// entries, seeding missing ones from the store. On success the caller must unlock the shard.
func (t *tally) acquire(ctx context.Context, ids []counterID, ents []*tallyEntry, now time.Time) (*tallyShard, error) {
	s := t.shardOf(ids[0].subject)
	s.mu.Lock()
	for {
		missing := -1
		for i, id := range ids {
			if ents[i] = s.m[id]; ents[i] == nil {
				missing = i
				break
			}
			ents[i].lastUsed = now.Unix()
		}
		if missing < 0 {
			return s, nil
		}
		if err := t.seedLocked(ctx, s, ids[missing], now); err != nil {
			s.mu.Unlock()
			return nil, err
		}
	}
}

// seedLocked reads a counter from the store (with the shard unlocked, so a slow store does not
// stall other subjects) and inserts it unless another request did so first.
func (t *tally) seedLocked(ctx context.Context, s *tallyShard, id counterID, now time.Time) error {
	drops := s.drops
	s.mu.Unlock()
	n, err := getCounter(ctx, t.store, id.storeKey())
	s.mu.Lock()
	if err != nil || s.m[id] != nil || s.drops != drops {
		return err // on a race the caller's loop finds the entry or reads again
	}
	s.m[id] = &tallyEntry{value: n, lastUsed: now.Unix()}
	return nil
}

// add counts delta on a counter whose total is never read on the hot path (usage): no seeding,
// only the pending delta matters.
func (t *tally) add(id counterID, delta int64, now time.Time) {
	s := t.shardOf(id.subject)
	s.mu.Lock()
	e := s.m[id]
	if e == nil {
		e = &tallyEntry{}
		s.m[id] = e
	}
	e.value += delta
	e.pending += delta
	e.lastUsed = now.Unix()
	s.mu.Unlock()
}

// flush adds every pending delta to the store, then drops ended or idle entries that are fully
// written. A failed write keeps its delta pending for the next flush; the first error is
// returned with the number of failed writes.
func (t *tally) flush(ctx context.Context, now time.Time) error {
	t.flushMu.Lock()
	defer t.flushMu.Unlock()
	t.batch = t.collect(t.batch[:0])
	var firstErr error
	failed := 0
	for _, w := range t.batch {
		if _, err := t.store.Add(ctx, w.id.storeKey(), w.delta, w.id.ttl()); err != nil {
			t.restore(w)
			if failed++; firstErr == nil {
				firstErr = err
			}
		}
	}
	clear(t.batch) // release the strings the batch references
	t.evict(now)
	if firstErr != nil {
		return fmt.Errorf("flush counters: %d of %d writes failed: %w", failed, len(t.batch), firstErr)
	}
	return nil
}

// collect moves every pending delta into batch.
func (t *tally) collect(batch []pendingWrite) []pendingWrite {
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		for id, e := range s.m {
			if e.pending != 0 {
				batch = append(batch, pendingWrite{id, e.pending})
				e.pending = 0
			}
		}
		s.mu.Unlock()
	}
	return batch
}

// restore puts back a delta whose write failed. The entry still exists: only evict (run by
// flush, under flushMu, after the writes) drops entries, and never one with pending counts.
func (t *tally) restore(w pendingWrite) {
	s := t.shardOf(w.id.subject)
	s.mu.Lock()
	if e := s.m[w.id]; e != nil {
		e.pending += w.delta
	}
	s.mu.Unlock()
}

// evict drops fully written entries whose window has ended or that have been idle a while.
func (t *tally) evict(now time.Time) {
	idleBefore := now.Add(-tallyIdle).Unix()
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		dropped := false
		for id, e := range s.m {
			if e.pending == 0 && (e.lastUsed < idleBefore || id.ended(now)) {
				delete(s.m, id)
				dropped = true
			}
		}
		if dropped {
			s.drops++
		}
		s.mu.Unlock()
	}
}

// size is the number of counters held in memory (tests).
func (t *tally) size() int {
	n := 0
	for i := range t.shards {
		t.shards[i].mu.Lock()
		n += len(t.shards[i].m)
		t.shards[i].mu.Unlock()
	}
	return n
}

// getCounter reads a counter; a missing counter (spac.ErrNotFound) reads as 0.
func getCounter(ctx context.Context, counters spac.CounterStore, key string) (int64, error) {
	n, err := counters.Get(ctx, key)
	if err == nil {
		return n, nil
	}
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		return 0, nil
	}
	return 0, fmt.Errorf("counter %s: %w", key, err)
}
