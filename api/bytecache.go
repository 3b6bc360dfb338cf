package api

import (
	"strings"
	"sync"

	"github.com/spacdata/spac/api/wire"
)

// maxCachedBytes bounds the encoded bytes kept for one data version (uncompressed; their
// gzip encodings add about a fifth). Past it the cache starts over, so a client walking
// every page in every citation mode and field selection cannot grow it without end.
const maxCachedBytes = 256 << 20

// maxCachedRecords bounds the per-record structures (a decoded profile, a SPAC's citations
// by ref: names with a "/") kept for one data version; past it they start over.
const maxCachedRecords = 1024

// byteCache keeps what the read routes encode, for one data version at a time: row, event,
// profile and article bytes (with their gzip encoding, see package wire) and derived
// structures (the calendar's index, the news list). A request with another version empties
// it; nothing cached under one version is ever served under another.
type byteCache struct {
	mu      sync.RWMutex
	version string
	chunks  map[chunkKey]*wire.Chunk
	objects map[string]*lazyObject
	size    int // bytes of chunks
	records int // objects named with a "/"
}

// chunkKey names one encoded piece: its kind ("row", "event", ...), the record's id, the
// citation mode and, for rows, the field selection.
type chunkKey struct {
	kind string
	id   string
	mode citeMode
	sel  string
}

// lazyObject is a derived structure built once per version by the first request needing it;
// the others wait for it.
type lazyObject struct {
	once sync.Once
	val  any
	err  error
}

// chunk returns the cached chunk of k under v, encoding it with build on a miss. With an
// uncacheable version the bytes are encoded for this response only.
func (bc *byteCache) chunk(v dataVersion, k chunkKey, build func() ([]byte, error)) (*wire.Chunk, error) {
	if v.cacheable() {
		bc.mu.RLock()
		c, ok := bc.chunks[k]
		current := bc.version == v.key
		bc.mu.RUnlock()
		if ok && current {
			return c, nil
		}
	}
	raw, err := build()
	if err != nil {
		return nil, err
	}
	c := wire.NewChunk(raw)
	if v.cacheable() {
		bc.mu.Lock()
		bc.switchTo(v.key)
		if bc.size+len(raw) > maxCachedBytes {
			bc.chunks, bc.size = map[chunkKey]*wire.Chunk{}, 0
		}
		bc.chunks[k] = c
		bc.size += len(raw)
		bc.mu.Unlock()
	}
	return c, nil
}

// object returns the structure named name under v, built once per version by build. A
// failed build is not kept: the next request tries again.
func (bc *byteCache) object(v dataVersion, name string, build func() (any, error)) (any, error) {
	if !v.cacheable() {
		return build()
	}
	bc.mu.Lock()
	bc.switchTo(v.key)
	o, ok := bc.objects[name]
	if !ok {
		if strings.Contains(name, "/") && bc.records >= maxCachedRecords {
			bc.dropRecords()
		}
		o = &lazyObject{}
		bc.objects[name] = o
		if strings.Contains(name, "/") {
			bc.records++
		}
	}
	bc.mu.Unlock()
	o.once.Do(func() { o.val, o.err = build() })
	if o.err != nil {
		bc.mu.Lock()
		if bc.objects[name] == o {
			delete(bc.objects, name)
		}
		bc.mu.Unlock()
	}
	return o.val, o.err
}

// dropRecords forgets the per-record structures, keeping the global ones (the calendar, the
// news list, the snapshot); bc.mu is held.
func (bc *byteCache) dropRecords() {
	for name := range bc.objects {
		if strings.Contains(name, "/") {
			delete(bc.objects, name)
		}
	}
	bc.records = 0
}

// switchTo empties the cache when the version changed; bc.mu is held.
func (bc *byteCache) switchTo(version string) {
	if bc.version == version && bc.chunks != nil {
		return
	}
	bc.version, bc.size, bc.records = version, 0, 0
	bc.chunks = map[chunkKey]*wire.Chunk{}
	bc.objects = map[string]*lazyObject{}
}
