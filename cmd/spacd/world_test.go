package main

import (
	"context"
	"io"
	"path/filepath"
	"sync"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/fixtures/gen"
)

// fixtureWorld is the service built from the embedded fixtures by its own code path (serve's
// bootstrap with the live hooks: alerts, filing articles, the news feed), on the corpus's
// reference date, then read back from the store: what every client of the API is served.
type fixtureWorld struct {
	app      *app
	live     *live // running until the test ends
	stop     func()
	now      time.Time
	profiles []spac.Profile
	events   []spac.Event
	alerts   []spac.Alert
	articles []spac.Article
}

// worldNow is the clock of the fixture world: noon on the corpus's reference date.
var worldNow = gen.ReferenceDate.Add(12 * time.Hour)

// newFixtureWorld builds the fixture world in a temporary directory, closed when the test ends.
func newFixtureWorld(t *testing.T) *fixtureWorld {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the whole fixture corpus with the live hooks")
	}
	w, err := buildFixtureWorld(t.TempDir(), worldNow)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.stop()
		w.app.Close()
	})
	return w
}

// The fixture world that tests which only read it share: built once per test binary, on
// first use, and closed by TestMain (closeSharedWorld).
var (
	sharedWorldOnce sync.Once
	sharedWorld     *fixtureWorld
	sharedWorldErr  error
)

// readFixtureWorld returns the shared fixture world, for a test that changes nothing in it
// (a test that ingests or registers anything builds its own with newFixtureWorld).
func readFixtureWorld(t *testing.T) *fixtureWorld {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the whole fixture corpus with the live hooks")
	}
	sharedWorldOnce.Do(func() {
		sharedWorld, sharedWorldErr = buildFixtureWorld(filepath.Join(testTmp, "world"), worldNow)
	})
	if sharedWorldErr != nil {
		t.Fatal(sharedWorldErr)
	}
	return sharedWorld
}

// closeSharedWorld stops and closes the shared fixture world if a test built it.
func closeSharedWorld() {
	if sharedWorld != nil {
		sharedWorld.stop()
		sharedWorld.app.Close()
	}
}

// buildFixtureWorld bootstraps a data directory from the fixtures with the service's hooks at
// the clock now and reads back what was stored.
func buildFixtureWorld(dir string, now time.Time) (*fixtureWorld, error) {
	getenv := func(k string) string {
		return map[string]string{"SPACD_DATA_DIR": filepath.Join(dir, "data"), "SPACD_LOG_LEVEL": "error"}[k]
	}
	cfg, err := config.Load(nil, getenv)
	if err != nil {
		return nil, err
	}
	env := &environment{cfg: cfg, stdout: io.Discard, stderr: io.Discard, log: newLogger(cfg.Log, io.Discard),
		getenv: getenv, now: func() time.Time { return now }}
	a, err := openApp(env)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	l, stop, err := startLive(ctx, env, a)
	if err != nil {
		a.Close()
		return nil, err
	}
	w := &fixtureWorld{app: a, live: l, stop: stop, now: now}
	if res := l.news.Poll(ctx); res.Err != nil { // waits for the first poll, then repeats it (all known)
		stop()
		a.Close()
		return nil, res.Err
	}
	if err := w.read(ctx); err != nil {
		stop()
		a.Close()
		return nil, err
	}
	return w, nil
}

func (w *fixtureWorld) read(ctx context.Context) error {
	db := w.app.db
	err := db.EachProfile(ctx, func(p spac.Profile) error { w.profiles = append(w.profiles, p); return nil })
	if err != nil {
		return err
	}
	if w.events, err = db.Events(ctx, spac.EventQuery{}); err != nil {
		return err
	}
	if w.alerts, err = db.Alerts(ctx, spac.AlertQuery{}); err != nil {
		return err
	}
	w.articles, err = db.Articles(ctx, spac.ArticleQuery{})
	return err
}

// profile returns the stored profile of symbol.
func (w *fixtureWorld) profile(t *testing.T, symbol string) spac.Profile {
	t.Helper()
	for _, p := range w.profiles {
		if p.Symbol == symbol {
			return p
		}
	}
	t.Fatalf("no fixture profile %s", symbol)
	return spac.Profile{}
}
