package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/ingest/backfill"
)

// On a terminal the progress is one bar per phase redrawn in place (carriage return, line
// cleared) with counts, percentage and ETA; a new phase starts a new line.
func TestProgressBar(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	p := newProgressPrinter(&out, "backfill", "bar")
	p.tellBackfill(backfill.Progress{Phase: "fetch", Done: 0, Total: 40, ETA: spac.Duration(4 * time.Second)})
	p.tellBackfill(backfill.Progress{Phase: "fetch", Done: 40, Total: 40})
	p.tellBackfill(backfill.Progress{Phase: "done", Done: 40, Total: 40, Elapsed: spac.Duration(5 * time.Second)})
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

// A log record written while a bar is drawn takes the bar's line (cleared first) and the bar
// is redrawn below it: the two never share a line.
func TestLogLineDuringBar(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	guard := guardOf(&out)
	p := newProgressPrinter(guard, "ingest", "bar")
	log := newLogger(config.LogConfig{Level: "info", Format: "text"}, guard)
	p.tell(position{Phase: "read", Unit: "documents", Done: 1, Total: 4, ETA: -1})
	log.Info("folding", "took", 1500*time.Millisecond)
	p.tell(position{Phase: "done", Elapsed: 2 * time.Second})
	bar := "read     [#######-----------------------] 1/4 documents (25%)"
	want := "\r\033[K" + bar + "\r\033[K" + `level=INFO msg=folding took=1.5s` + "\n" + bar + "\ningest done in 2s\n"
	if got := strings.ReplaceAll(out.String(), timeAttr(out.String()), ""); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// timeAttr is the time= attribute of a text log record (with its trailing space).
func timeAttr(s string) string {
	i := strings.Index(s, "time=")
	if i < 0 {
		return "\x00"
	}
	j := strings.Index(s[i:], " ")
	return s[i : i+j+1]
}
