//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest/pipeline"
)

// TestIngestUnreadablePathsAreSkipped: a named pipe (opening it blocks until a writer
// comes), a dangling link and a path that does not exist are each recorded and skipped; the
// pipe used to hang the run and a missing path to end it before the paths after it. The run
// still exits 1, after its summary, naming the missing path.
func TestIngestUnreadablePathsAreSkipped(t *testing.T) {
	t.Parallel()
	dir, data := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string][]byte{"a-good.txt": fixture(t, goodFirst)})
	pipe := filepath.Join(dir, "b-pipe.txt")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	t.Cleanup(func() { unblockFIFO(pipe) })
	if err := os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "c-dangling.txt")); err != nil {
		t.Fatal(err)
	}
	later := t.TempDir()
	writeFiles(t, later, map[string][]byte{"e-good.txt": secondGood(t)})
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := cli(t, data, "ingest", "--json", dir, filepath.Join(dir, "d-missing.txt"), filepath.Join(later, "e-good.txt"))
		done <- result{out, err}
	}()
	var sum pipeline.Summary
	select {
	case r := <-done:
		if r.err == nil || !strings.Contains(r.err.Error(), "d-missing.txt") {
			t.Errorf("exit status: %v, want an error naming the missing path", r.err)
		}
		sum = decodeSummary(t, r.out, nil)
	case <-time.After(time.Minute):
		t.Fatal("spacd ingest hangs on a named pipe")
	}
	if sum.Filings != 2 {
		t.Errorf("%d filings ingested, want 2", sum.Filings)
	}
	want := map[string]string{"b-pipe.txt": "unsupported: not a regular file", "c-dangling.txt": "io: ", "d-missing.txt": "io: "}
	checkSkipped(t, "summary", sum.Errors, want)
	checkSkipped(t, "spacd errors", errorsCLI(t, data), want)
}

// unblockFIFO opens the pipe for writing, which releases a reader stuck opening it.
func unblockFIFO(path string) {
	if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
