package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spacdata/spac/ingest/backfill"
)

// progressPrinter shows a backfill's progress: a bar redrawn in place on a terminal, else a
// plain line per phase and at most one every lineEvery.
type progressPrinter struct {
	w     io.Writer
	mode  string // "bar", "lines" or "off"
	phase string
	last  time.Time
	drawn bool // a bar is on the current line
}

const lineEvery = 10 * time.Second

// newProgressPrinter resolves mode "auto" to a bar when w is a terminal, else lines.
func newProgressPrinter(w io.Writer, mode string) *progressPrinter {
	if mode == "" || mode == "auto" {
		mode = "lines"
		if isTerminal(w) {
			mode = "bar"
		}
	}
	return &progressPrinter{w: w, mode: mode}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (p *progressPrinter) tell(pr backfill.Progress) {
	switch p.mode {
	case "bar":
		p.bar(pr)
	case "lines":
		if pr.Phase != p.phase || pr.Phase == "done" || time.Since(p.last) >= lineEvery {
			fmt.Fprintln(p.w, progressLine(pr))
			p.last = time.Now()
		}
	}
	p.phase = pr.Phase
}

// bar redraws the bar at most ten times a second; a new phase starts a new line.
func (p *progressPrinter) bar(pr backfill.Progress) {
	newPhase := pr.Phase != p.phase
	if !newPhase && pr.Done < pr.Total && time.Since(p.last) < 100*time.Millisecond {
		return
	}
	if newPhase && p.drawn {
		fmt.Fprintln(p.w)
	}
	if pr.Phase == "done" {
		fmt.Fprintf(p.w, "backfill done in %s\n", pr.Elapsed.Round(time.Second))
		p.drawn = false
		return
	}
	const width = 30
	filled := 0
	if pr.Total > 0 {
		filled = width * min(pr.Done, pr.Total) / pr.Total
	}
	fmt.Fprintf(p.w, "\r\033[K%-8s [%s%s] %s", pr.Phase, strings.Repeat("#", filled), strings.Repeat("-", width-filled), counts(pr))
	p.drawn, p.last = true, time.Now()
}

// progressLine is the plain-text form: "backfill fetch: 1234/5678 (21%), ETA 7m24s, 3m10s elapsed".
func progressLine(pr backfill.Progress) string {
	if pr.Phase == "done" {
		return fmt.Sprintf("backfill done in %s", pr.Elapsed.Round(time.Second))
	}
	return fmt.Sprintf("backfill %s: %s, %s elapsed", pr.Phase, counts(pr), pr.Elapsed.Round(time.Second))
}

func counts(pr backfill.Progress) string {
	pct := 100
	if pr.Total > 0 {
		pct = 100 * pr.Done / pr.Total
	}
	return fmt.Sprintf("%d/%d %s (%d%%), ETA %s", pr.Done, pr.Total, unit(pr.Phase), pct, pr.ETA.Round(time.Second))
}

func unit(phase string) string {
	switch phase {
	case "discover":
		return "sources"
	case "classify":
		return "companies"
	}
	return "filings"
}
