package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/backfill"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/storetest"
	"github.com/spacdata/spac/kv"
)

// backfillEnv points spacd at the fake EDGAR, fast (the fake is no sec.gov).
func backfillEnv(dataDir, edgarURL string) map[string]string {
	return map[string]string{
		"SPACD_DATA_DIR": dataDir, "SPACD_FIXTURES": "false", "SPACD_LOG_LEVEL": "warn",
		"SPACD_EDGAR_BASE_URL": edgarURL, "SPACD_EDGAR_SUBMISSIONS_BASE_URL": edgarURL,
		"SPACD_EDGAR_RATE_PER_SEC": "1000", "SPACD_EDGAR_USER_AGENT": "SPAC Data tests tests@spacdata.dev",
	}
}

func runWith(env map[string]string, args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	err = run(context.Background(), append([]string{"spacd"}, args...), func(k string) string { return env[k] }, &out, &errOut)
	return out.String(), errOut.String(), err
}

// `spacd backfill` discovers the SPACs of the fake EDGAR, fetches their filings, prints its
// summary as JSON and its progress as plain lines (stderr is no terminal); the store then serves
// what a direct ingest of the same filings serves.
func TestBackfillCommand(t *testing.T) {
	t.Parallel()
	dir, m := generatedCorpus(t, 4)
	clean := filepath.Join(t.TempDir(), "clean")
	if _, err := cli(t, clean, "ingest", dir); err != nil {
		t.Fatal(err)
	}
	want, _ := storeSnapshot(t, clean)
	fake := polltest.New(t)
	paths := archiveManifest(t, fake, dir, m)
	data := filepath.Join(t.TempDir(), "data")
	out, progress, err := runWith(backfillEnv(data, fake.URL()), "backfill", "--json", "--since", "2020-01-01", "--progress", "lines")
	if err != nil {
		t.Fatalf("spacd backfill: %v\n%s", err, progress)
	}
	var sum backfill.Summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.SPACs != 4 || sum.Fetched != len(paths) {
		t.Fatalf("summary %s (%v); want 4 SPACs, %d filings", out, err, len(paths))
	}
	for _, phase := range []string{"backfill discover:", "backfill classify:", "backfill fetch:", "backfill done in"} {
		if !strings.Contains(progress, phase) {
			t.Errorf("progress lacks %q:\n%s", phase, progress)
		}
	}
	if strings.Contains(progress, "\r") {
		t.Error("a bar was drawn on a stderr that is no terminal")
	}
	got, marks := storeSnapshot(t, data)
	if d := storetest.Diff(got, want); d != "" || marks != 0 {
		t.Errorf("store differs from a direct ingest (%d marks pending): %s", marks, d)
	}
	checkRecordedAsHistory(t, data)
}

// checkRecordedAsHistory: a backfill records what serve's fan-out records of historical folds -
// alerts, all marked historical, and the filing-derived articles - and pushes nothing, so the
// alert and news streams' replay logs stay empty.
func checkRecordedAsHistory(t *testing.T, dataDir string) {
	t.Helper()
	ctx := context.Background()
	db, err := kv.Open(filepath.Join(dataDir, "kv"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	als, err := db.Alerts(ctx, spac.AlertQuery{})
	if err != nil || len(als) == 0 {
		t.Fatalf("%d alerts stored (%v); want the backfilled SPACs' alerts", len(als), err)
	}
	for _, a := range als {
		if !a.Historical {
			t.Errorf("alert %s not marked historical", a.ID)
		}
	}
	arts, err := db.Articles(ctx, spac.ArticleQuery{})
	if err != nil || len(arts) == 0 {
		t.Errorf("%d filing articles stored (%v); want those a backfill inside serve stores", len(arts), err)
	}
	for _, topic := range []string{spac.TopicAlerts, spac.TopicNews} {
		if evs, err := db.EventLog(10).Since(ctx, topic, 0, 10); err != nil || len(evs) != 0 {
			t.Errorf("%s stream log holds %d events (%v); a backfill pushes nothing", topic, len(evs), err)
		}
	}
}

// The configuration's placeholder User-Agent is refused for the real EDGAR, with a message
// asking for a real contact; nothing is sent.
func TestBackfillRefusesPlaceholderAgent(t *testing.T) {
	t.Parallel()
	env := map[string]string{"SPACD_DATA_DIR": t.TempDir(), "SPACD_FIXTURES": "false"}
	_, _, err := runWith(env, "backfill")
	if err == nil || !strings.Contains(err.Error(), "real contact") || !strings.Contains(err.Error(), "SPACD_EDGAR_USER_AGENT") {
		t.Errorf("err = %v; want the placeholder agent refused, naming the setting", err)
	}
	local := backfillEnv(t.TempDir(), "http://127.0.0.1:1")
	if _, _, err := runWith(local, "backfill", "--since", "last year"); err == nil || !strings.Contains(err.Error(), "--since") {
		t.Errorf("--since that is no date: err = %v", err)
	}
}
