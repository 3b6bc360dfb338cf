package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"
)

// The read routes answer from bytes cached per data version (README "Fast reads"); these
// checks run around TestLiveData's ingest of a new SPAC to show that nothing cached before a
// fold is served after it, gzip or not, and that a client's ETag from before is not answered
// 304.

const cachedUniverse = "/v1/universe?limit=500&sort=symbol&fields=cik,name&citations=ref"

// readsBefore is what the read routes said before the ingest.
type readsBefore struct {
	ciks     map[string]bool
	etag     string
	universe float64 // discover's count
}

// readUniverse returns the CIKs of the universe and its ETag, read with and without gzip
// (the two must agree).
func readUniverse(t *testing.T, ts *testServer, key string) (map[string]bool, string) {
	t.Helper()
	code, h, plain := ts.doWith(t, http.MethodGet, cachedUniverse, key, "", http.Header{"Accept-Encoding": {"identity"}})
	zcode, zh, zipped := ts.doWith(t, http.MethodGet, cachedUniverse, key, "", http.Header{"Accept-Encoding": {"gzip"}})
	if code != http.StatusOK || zcode != http.StatusOK || zh.Get("Content-Encoding") != "gzip" {
		t.Fatalf("universe: %d / %d (%q)", code, zcode, zh.Get("Content-Encoding"))
	}
	r, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(unzipped, plain) {
		t.Fatalf("universe: the gzip answer differs from the plain one (%v)", err)
	}
	var page struct{ Rows []struct{ CIK string } }
	if err := json.Unmarshal(plain, &page); err != nil {
		t.Fatal(err)
	}
	ciks := map[string]bool{}
	for _, r := range page.Rows {
		ciks[r.CIK] = true
	}
	return ciks, h.Get("ETag")
}

// readsBeforeIngest reads the universe until two reads agree (the service may still be
// settling: the news aggregator's first poll moves the data version) and checks that its
// ETag is then answered 304.
func readsBeforeIngest(t *testing.T, ts *testServer, key string) readsBefore {
	t.Helper()
	var ciks map[string]bool
	var etag string
	for try := 0; ; try++ {
		ciks, etag = readUniverse(t, ts, key)
		code, h, _ := ts.doWith(t, http.MethodGet, cachedUniverse, key, "", http.Header{"If-None-Match": {etag}})
		if code == http.StatusNotModified {
			break
		}
		if h.Get("ETag") == etag || try == 20 { // the same version answered in full: a bug
			t.Fatalf("universe with its own ETag %s: %d (now %s), want 304", etag, code, h.Get("ETag"))
		}
		time.Sleep(100 * time.Millisecond) // the data changed in between: read again
	}
	var d struct{ Counts map[string]float64 }
	ts.getJSON(t, "/v1/discover", key, http.StatusOK, &d)
	return readsBefore{ciks: ciks, etag: etag, universe: d.Counts["universe"]}
}

// readsFollowIngest: after the fold of one new SPAC, the universe, discover, the profile and
// search show it, and the ETag from before gets a full answer.
func readsFollowIngest(t *testing.T, ts *testServer, key string, before readsBefore) {
	ciks, etag := readUniverse(t, ts, key)
	var added []string
	for c := range ciks {
		if !before.ciks[c] {
			added = append(added, c)
		}
	}
	if len(added) != 1 || len(ciks) != len(before.ciks)+1 || etag == before.etag {
		t.Fatalf("universe after the ingest: %d SPACs (was %d), new %v, ETag %q (was %q)", len(ciks), len(before.ciks), added, etag, before.etag)
	}
	if code, _, _ := ts.doWith(t, http.MethodGet, cachedUniverse, key, "", http.Header{"If-None-Match": {before.etag}}); code != http.StatusOK {
		t.Errorf("universe with the ETag from before the ingest: %d, want 200", code)
	}
	var d struct{ Counts map[string]float64 }
	ts.getJSON(t, "/v1/discover", key, http.StatusOK, &d)
	if d.Counts["universe"] != before.universe+1 {
		t.Errorf("discover counts %v SPACs, want %v", d.Counts["universe"], before.universe+1)
	}
	var p struct{ Symbol string }
	ts.getJSON(t, "/v1/spac/"+added[0], key, http.StatusOK, &p)
	var hits struct{ Rows []struct{ CIK string } }
	ts.getJSON(t, "/v1/search?q="+p.Symbol, key, http.StatusOK, &hits)
	if len(hits.Rows) == 0 || hits.Rows[0].CIK != added[0] {
		t.Errorf("search %s: %v, want %s first", p.Symbol, hits.Rows, added[0])
	}
}
