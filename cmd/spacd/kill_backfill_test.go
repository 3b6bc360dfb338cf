package main

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll/polltest"
	"github.com/spacdata/spac/internal/longtest"
	"github.com/spacdata/spac/internal/storetest"
)

// A `spacd backfill` killed with SIGKILL while a request is in flight - reading an index, a
// company's submissions JSON, a filing in the middle of a SPAC, the first filing of a later
// SPAC - and run again completes: the fake EDGAR served no document twice and every filing
// once, and the store serves what an uninterrupted backfill's serves.
func TestBackfillKilledResumes(t *testing.T) {
	longtest.Skip(t, "kills spacd backfill at four requests and compares each store with a clean one")
	bin := buildSpacd(t)
	corpus, m := generatedCorpus(t, 6)
	root := t.TempDir()
	cleanFake := polltest.New(t)
	archiveManifest(t, cleanFake, corpus, m)
	clean := filepath.Join(root, "clean")
	runToEnd(t, spacdCommand(bin, clean, backfillEnv(clean, cleanFake.URL()), "backfill", "--since", "2020-01-01"))
	want, _ := storeSnapshot(t, clean)

	s := m.SPACs
	mid := s[1].Filings[len(s[1].Filings)/2]
	for name, path := range map[string]string{
		"index":       polltest.FullIndexPath(2021, 2, "form"),
		"submissions": "/submissions/CIK" + s[2].CIK + ".json",
		"mid-SPAC":    polltest.ArchivePath(spac.CIK(s[1].CIK), mid.Accession),
		"later SPAC":  polltest.ArchivePath(spac.CIK(s[4].CIK), s[4].Filings[0].Accession),
	} {
		t.Run(name, func(t *testing.T) {
			fake := polltest.New(t)
			paths := archiveManifest(t, fake, corpus, m)
			data := filepath.Join(root, name)
			env := backfillEnv(data, fake.URL())
			killAtRequest(t, fake, path, spacdCommand(bin, data, env, "backfill", "--since", "2020-01-01"))
			killed, marks := storeSnapshot(t, data)
			t.Logf("killed at %s: %d filings stored, %d fold marks pending", path, countPrefix(killed, "filing/"), marks)

			runToEnd(t, spacdCommand(bin, data, env, "backfill", "--since", "2020-01-01"))
			for p, n := range fake.ServedCounts() {
				if n > 1 {
					t.Errorf("%s served %d times", p, n)
				}
			}
			for _, p := range paths {
				if fake.Served(p) != 1 {
					t.Errorf("%s never fetched", p)
				}
			}
			got, marks := storeSnapshot(t, data)
			if d := storetest.Diff(got, want); d != "" || marks != 0 {
				t.Errorf("%d marks pending; store differs from an uninterrupted backfill: %s", marks, d)
			}
		})
	}
}

// killAtRequest starts cmd and SIGKILLs it while the fake holds its request of path; the
// request ends unanswered when the fake sees its connection closed.
func killAtRequest(t *testing.T, fake *polltest.Server, path string, c *exec.Cmd) {
	t.Helper()
	h := fake.Hold(path)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- c.Wait() }()
	select {
	case <-h.Arrived():
	case err := <-exited:
		t.Fatalf("spacd backfill exited (%v) before requesting %s", err, path)
	case <-time.After(liveTimeout):
		t.Fatalf("spacd backfill never requested %s", path)
	}
	_ = c.Process.Kill()
	<-exited
	select {
	case <-h.Gone():
	case <-time.After(liveTimeout):
		t.Fatalf("the fake never saw the killed process's connection close")
	}
}
