package web

import (
	"html/template"
	"sync"
)

// bodyCache keeps the rendered content of pages (what goes inside <main>) for the current
// data version (the API's). Most of a page's cost is html/template executing it; the content depends
// only on the data, the request and the caller's scope (the layout around it carries what
// depends on the visitor), and the access checks run before render, on every request. The
// cache is dropped whole when the version moves and holds at most maxCachedBodies pages.
type bodyCache struct {
	mu      sync.Mutex
	version string
	bodies  map[string]template.HTML
}

// maxCachedBodies bounds the cache (a SPAC page is about 30 KB).
const maxCachedBodies = 256

func (b *bodyCache) get(version, key string) (template.HTML, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.version != version {
		return "", false
	}
	body, ok := b.bodies[key]
	return body, ok
}

func (b *bodyCache) put(version, key string, body template.HTML) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.version != version || len(b.bodies) >= maxCachedBodies {
		b.version, b.bodies = version, map[string]template.HTML{}
	}
	b.bodies[key] = body
}

// drop empties the cache (benchmarks measure rendering with it).
func (b *bodyCache) drop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.version, b.bodies = "", nil
}
