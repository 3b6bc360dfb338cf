package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest/backfill"
)

// On a terminal the progress is one bar per phase redrawn in place (carriage return, line
// cleared) with counts, percentage and ETA; a new phase starts a new line.
func TestProgressBar(t *testing.T) {
	var out bytes.Buffer
	p := newProgressPrinter(&out, "backfill", "bar")
	p.tellBackfill(backfill.Progress{Phase: "fetch", Done: 0, Total: 40, ETA: 4 * time.Second})
	p.tellBackfill(backfill.Progress{Phase: "fetch", Done: 40, Total: 40})
	p.tellBackfill(backfill.Progress{Phase: "done", Done: 40, Total: 40, Elapsed: 5 * time.Second})
	got := out.String()
	for _, want := range []string{
		"\r\033[Kfetch    [------------------------------] 0/40 filings (0%), ETA 4s",
		"\r\033[Kfetch    [##############################] 40/40 filings (100%), ETA 0s\n",
		"backfill done in 5s\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("bar output lacks %q:\n%q", want, got)
		}
	}
	if newProgressPrinter(&out, "backfill", "auto").mode != "lines" {
		t.Error("auto mode drew a bar on a writer that is no terminal")
	}
}
