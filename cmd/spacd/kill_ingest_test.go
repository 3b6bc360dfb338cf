package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/internal/longtest"
	"github.com/spacdata/spac/internal/storetest"
)

// spacdCommand is `spacd args...` as a process on dataDir, with env added.
func spacdCommand(bin, dataDir string, env map[string]string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "SPACD_DATA_DIR="+dataDir, "SPACD_FIXTURES=false", "SPACD_LOG_LEVEL=error")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	return cmd
}

// storedSubset copies the corpus files whose filing the snapshot holds into a new directory
// (same relative paths).
func storedSubset(t *testing.T, corpus string, m gen.Manifest, snap map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, e := range m.SPACs {
		for _, f := range e.Filings {
			if _, ok := snap["filing/"+f.Accession]; !ok {
				continue
			}
			data, err := os.ReadFile(filepath.Join(corpus, f.Path))
			if err == nil {
				err = os.MkdirAll(filepath.Join(dir, filepath.Dir(f.Path)), 0o755)
			}
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, f.Path), data, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// runToEnd runs a spacd process to completion; it must exit 0.
func runToEnd(t *testing.T, cmd *exec.Cmd) time.Duration {
	t.Helper()
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd.Args, err, out)
	}
	return time.Since(start)
}

// killAfter starts cmd and SIGKILLs it after d (nothing is flushed or closed).
func killAfter(t *testing.T, cmd *exec.Cmd, d time.Duration) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(d)
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
}

// An ingest killed with SIGKILL part way (at 20, 50, 80 and 95% of a clean run's
// time) leaves filings stored but not folded. The next ingest of the same files folds them and
// the store then serves exactly what an uninterrupted ingest serves: the same profiles, events,
// tickers, facts, filings and index rows. The next start of the service folds them too: the
// store then serves what a clean ingest of the filings the killed run stored serves (and a
// further ingest completes it). Before the fold marks the second ingest found the stored
// filings unchanged and never folded them.
func TestIngestKilledIsRepaired(t *testing.T) {
	longtest.Skip(t, "kills spacd ingest four times and compares each store with a clean one")
	bin := buildSpacd(t)
	corpus, m := generatedCorpus(t, 40)
	root := t.TempDir()
	clean := filepath.Join(root, "clean")
	took := runToEnd(t, spacdCommand(bin, clean, nil, "ingest", corpus))
	want, _ := storeSnapshot(t, clean)
	partial := 0
	for i, kill := range []struct {
		fraction float64
		repair   string
	}{{0.2, "next ingest"}, {0.5, "start"}, {0.8, "next ingest"}, {0.95, "next ingest"}} {
		data := filepath.Join(root, string(rune('a'+i)))
		killAfter(t, spacdCommand(bin, data, nil, "ingest", corpus), time.Duration(kill.fraction*float64(took)))
		killed, marks := storeSnapshot(t, data)
		t.Logf("killed at %.0f%% of %s: %d filings, %d profiles stored, %d fold marks pending",
			100*kill.fraction, took.Round(time.Millisecond), countPrefix(killed, "filing/"), countPrefix(killed, "p/"), marks)
		if marks > 0 {
			partial++
		}
		switch kill.repair {
		case "next ingest":
			runToEnd(t, spacdCommand(bin, data, nil, "ingest", corpus))
		case "start":
			p := startProcess(t, bin, data, map[string]string{"SPACD_FIXTURES": "false"})
			p.kill(t) // serve folded the pending filings before it listened
			subset := storedSubset(t, corpus, m, killed)
			runToEnd(t, spacdCommand(bin, filepath.Join(root, "subset"), nil, "ingest", subset))
			wantSubset, _ := storeSnapshot(t, filepath.Join(root, "subset"))
			got, marks := storeSnapshot(t, data)
			if d := storetest.Diff(got, wantSubset); d != "" || marks != 0 {
				t.Errorf("after the start, %d marks pending, store differs from a clean ingest of the stored filings: %s", marks, d)
			}
			runToEnd(t, spacdCommand(bin, data, nil, "ingest", corpus))
		}
		got, marks := storeSnapshot(t, data)
		if d := storetest.Diff(got, want); d != "" || marks != 0 {
			t.Errorf("after the %s and an ingest, %d marks pending, store differs from a clean ingest: %s", kill.repair, marks, d)
		}
	}
	if partial == 0 {
		t.Error("no kill landed between storing and folding (all too early or too late); the repair was not exercised")
	}
}
