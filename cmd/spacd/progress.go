package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/backfill"
	"github.com/spacdata/spac/ingest/pipeline"
)

// position is one step of a long command, whatever reports it (a backfill, the pipeline).
type position struct {
	Phase   string // "done" ends the run
	Unit    string // what Done and Total count
	Done    int
	Total   int
	Elapsed time.Duration // since the run started
	ETA     time.Duration // left in the phase; negative when unknown
}

// progressPrinter shows a command's progress: a bar redrawn in place on a terminal, else a
// plain line per phase and at most one every lineEvery.
type progressPrinter struct {
	w     *stderrGuard
	name  string // the command, e.g. "backfill"
	mode  string // "bar", "lines" or "off"
	phase string
	last  time.Time
}

const lineEvery = 10 * time.Second

// newProgressPrinter resolves mode "auto" to a bar when w is a terminal, else lines.
func newProgressPrinter(w io.Writer, name, mode string) *progressPrinter {
	if mode == "" || mode == "auto" {
		mode = "lines"
		if isTerminal(w) {
			mode = "bar"
		}
	}
	return &progressPrinter{w: guardOf(w), name: name, mode: mode}
}

// tellBackfill shows a backfill's position.
func (p *progressPrinter) tellBackfill(pr backfill.Progress) {
	p.tell(position{Phase: pr.Phase, Unit: backfillUnit(pr.Phase), Done: pr.Done, Total: pr.Total, Elapsed: time.Duration(pr.Elapsed), ETA: time.Duration(pr.ETA)})
}

func (p *progressPrinter) tell(pos position) {
	switch p.mode {
	case "bar":
		p.bar(pos)
	case "lines":
		if pos.Phase != p.phase || pos.Phase == "done" || time.Since(p.last) >= lineEvery {
			fmt.Fprintln(p.w, p.line(pos))
			p.last = time.Now()
		}
	}
	p.phase = pos.Phase
}

// bar redraws the bar at most ten times a second; a new phase starts a new line.
func (p *progressPrinter) bar(pos position) {
	newPhase := pos.Phase != p.phase
	if !newPhase && pos.Done < pos.Total && time.Since(p.last) < 100*time.Millisecond {
		return
	}
	if newPhase {
		p.w.endBar()
	}
	if pos.Phase == "done" {
		fmt.Fprintf(p.w, "%s done in %s\n", p.name, spac.Duration(pos.Elapsed))
		return
	}
	const width = 30
	filled := 0
	if pos.Total > 0 {
		filled = width * min(pos.Done, pos.Total) / pos.Total
	}
	p.w.draw(fmt.Sprintf("%-8s [%s%s] %s", pos.Phase, strings.Repeat("#", filled), strings.Repeat("-", width-filled), counts(pos)))
	p.last = time.Now()
}

// line is the plain-text form: "backfill fetch: 1234/5678 filings (21%), ETA 7m24s, 3m10s elapsed".
func (p *progressPrinter) line(pos position) string {
	if pos.Phase == "done" {
		return fmt.Sprintf("%s done in %s", p.name, spac.Duration(pos.Elapsed))
	}
	return fmt.Sprintf("%s %s: %s, %s elapsed", p.name, pos.Phase, counts(pos), pos.Elapsed.Round(time.Second))
}

func counts(pos position) string {
	pct := 100
	if pos.Total > 0 {
		pct = 100 * pos.Done / pos.Total
	}
	s := fmt.Sprintf("%d/%d %s (%d%%)", pos.Done, pos.Total, pos.Unit, pct)
	if pos.ETA >= 0 {
		s += fmt.Sprintf(", ETA %s", pos.ETA.Round(time.Second))
	}
	return s
}

func backfillUnit(phase string) string {
	switch phase {
	case "discover":
		return "sources"
	case "classify":
		return "companies"
	}
	return "filings"
}

// pipelineProgress turns the pipeline's counts into positions: it keeps the clock and
// estimates a phase's time left from its pace so far.
type pipelineProgress struct {
	printer *progressPrinter
	now     func() time.Time
	start   time.Time
	phase   string
	phaseAt time.Time
}

func newPipelineProgress(printer *progressPrinter, now func() time.Time) *pipelineProgress {
	t := now()
	return &pipelineProgress{printer: printer, now: now, start: t, phaseAt: t}
}

func (pp *pipelineProgress) tell(pr pipeline.Progress) {
	t := pp.now()
	if pr.Phase != pp.phase {
		pp.phase, pp.phaseAt = pr.Phase, t
	}
	eta := time.Duration(-1) // unknown before the first step
	switch {
	case pr.Done >= pr.Total:
		eta = 0
	case pr.Done > 0:
		eta = time.Duration(float64(t.Sub(pp.phaseAt)) / float64(pr.Done) * float64(pr.Total-pr.Done))
	}
	unit := "documents"
	if pr.Phase == pipeline.PhaseFold {
		unit = "SPACs"
	}
	pp.printer.tell(position{Phase: pr.Phase, Unit: unit, Done: pr.Done, Total: pr.Total, Elapsed: t.Sub(pp.start), ETA: eta})
}

// finish ends the run's progress with its "done" line.
func (pp *pipelineProgress) finish() {
	pp.printer.tell(position{Phase: "done", Elapsed: pp.now().Sub(pp.start)})
}

// pipelineProgressFor attaches a progress display (--progress) to the pipeline of a command.
func pipelineProgressFor(env *environment, p *pipeline.Pipeline, name string) *pipelineProgress {
	pp := newPipelineProgress(newProgressPrinter(env.stderr, name, flagString(env.flags, "progress")), time.Now)
	p.OnProgress = pp.tell
	return pp
}
