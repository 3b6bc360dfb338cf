package main

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"testing"

	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/fixtures"
)

// TestUnfinishedFixtureBuildResumes: a data directory left by a serve killed while it built the
// fixture store (its mark set, one SPAC's filings stored) is built to the end by the next
// serve, which then serves every fixture SPAC. It used to see a store that was not empty and
// serve (and, as a cluster's writer, publish) that one SPAC for good.
func TestUnfinishedFixtureBuildResumes(t *testing.T) {
	dir := t.TempDir()
	env := &environment{cfg: config.Config{DataDir: dir, Fixtures: true}, stdout: io.Discard, log: slog.New(slog.DiscardHandler)}
	a, err := openApp(env)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	corpus, err := fs.Sub(fixtures.Corpus, ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.db.SaveState(ctx, stateFixturesBuilding, []byte("1")); err != nil {
		t.Fatal(err)
	}
	if _, err := a.pipeline.IngestFS(ctx, corpus, "0009900001"); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, map[string]string{"SPACD_DATA_DIR": dir})
	var h api.Health
	ts.getJSON(t, "/health", "", http.StatusOK, &h)
	if want := len(committedCIKs(t)); h.UniverseRows != want {
		t.Fatalf("serve on an unfinished fixture build holds %d SPACs, want %d", h.UniverseRows, want)
	}
}
