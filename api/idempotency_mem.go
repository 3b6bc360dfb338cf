package api

import (
	"container/list"
	"context"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// maxIdempotent bounds memIdempotency: past it the oldest record is forgotten.
const maxIdempotent = 10000

// memIdempotency is the spac.IdempotencyStore of a server given none (tests, local tools): in
// memory, lost on restart, at most maxIdempotent records, expired ones swept as new ones come.
type memIdempotency struct {
	mu    sync.Mutex
	now   func() time.Time
	byKey map[string]*list.Element // of *memIdemEntry
	order *list.List               // oldest first
}

type memIdemEntry struct {
	key     string
	r       spac.IdempotentRecord
	expires time.Time
}

func newMemIdempotency(now func() time.Time) *memIdempotency {
	return &memIdempotency{now: now, byKey: map[string]*list.Element{}, order: list.New()}
}

// ReserveIdempotent implements spac.IdempotencyStore.
func (m *memIdempotency) ReserveIdempotent(_ context.Context, key string, r spac.IdempotentRecord, expires time.Time) (spac.IdempotentRecord, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep()
	if el, ok := m.byKey[key]; ok {
		if e := el.Value.(*memIdemEntry); m.now().Before(e.expires) {
			return e.r, false, nil
		}
	}
	m.put(key, r, expires)
	return r, true, nil
}

// PutIdempotent implements spac.IdempotencyStore.
func (m *memIdempotency) PutIdempotent(_ context.Context, key string, r spac.IdempotentRecord, expires time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.put(key, r, expires)
	return nil
}

// DeleteIdempotent implements spac.IdempotencyStore.
func (m *memIdempotency) DeleteIdempotent(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.byKey[key]; ok {
		m.order.Remove(el)
		delete(m.byKey, key)
	}
	return nil
}

// put stores a record as the newest, evicting the oldest past the bound.
func (m *memIdempotency) put(key string, r spac.IdempotentRecord, expires time.Time) {
	if el, ok := m.byKey[key]; ok {
		m.order.Remove(el)
	}
	m.byKey[key] = m.order.PushBack(&memIdemEntry{key: key, r: r, expires: expires})
	for m.order.Len() > maxIdempotent {
		m.remove(m.order.Front())
	}
}

// sweep drops the expired records at the front. Records are kept in the order they were
// last written, so expired ones gather there; one expiring out of order (a reservation,
// shorter-lived than the answers written after it) is dropped when it reaches the front or
// when its key is asked for again, and the bound holds either way.
func (m *memIdempotency) sweep() {
	now := m.now()
	for el := m.order.Front(); el != nil && !now.Before(el.Value.(*memIdemEntry).expires); el = m.order.Front() {
		m.remove(el)
	}
}

func (m *memIdempotency) remove(el *list.Element) {
	m.order.Remove(el)
	delete(m.byKey, el.Value.(*memIdemEntry).key)
}

// len is the number of records held (tests).
func (m *memIdempotency) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.order.Len()
}
