package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/spacdata/spac/api"
)

// TestNoFictionInARealStore: serve on a store built by `spacd ingest` of Vector's real filings,
// with fixtures on (the default), serves no fixture article - only Vector's filing articles -
// and gives anonymous callers a sample of the store's own SPACs (the fixture sample's tickers
// are not in it, which used to leave anonymous callers an empty universe).
func TestNoFictionInARealStore(t *testing.T) {
	t.Parallel()
	ts := startServer(t, map[string]string{"SPACD_DATA_DIR": vectorStore(t)})
	key := ts.createKey(t, "pro")
	deadline := time.Now().Add(2 * time.Second) // the news poll runs at start, off the request path
	for {
		var pg page
		ts.getJSON(t, "/v1/news?limit=100", key, http.StatusOK, &pg)
		for _, a := range pg.Rows {
			if a["source"] != "filing" {
				t.Fatalf("article %v from %v on a store of real filings", a["title"], a["source"])
			}
		}
		if time.Now().After(deadline) {
			if pg.Total == 0 {
				t.Error("no filing article served")
			}
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	var pg page
	ts.getJSON(t, "/v1/universe", "", http.StatusOK, &pg)
	if pg.Total != 1 {
		t.Errorf("anonymous universe: %d rows, want Vector's", pg.Total)
	}
	var h api.Health
	if ts.getJSON(t, "/health", "", http.StatusOK, &h); h.Store != "filings" {
		t.Errorf("/health says the store holds %q, want filings", h.Store)
	}
}

// /health says a store built from the embedded fixtures holds fixtures, so an operator sees
// at once that the data served is fiction.
func TestHealthNamesAFixtureStore(t *testing.T) {
	t.Parallel()
	ts := startServer(t, nil)
	var h api.Health
	if ts.getJSON(t, "/health", "", http.StatusOK, &h); h.Store != "fixtures" {
		t.Errorf("/health says the store holds %q, want fixtures", h.Store)
	}
}
