package backfill

import (
	"time"

	"github.com/spacdata/spac"
)

// Progress is a backfill's position, told to Config.OnProgress after every step. A phase's
// steps are index files (discover), candidate companies (classify) or filings of interest
// (fetch).
type Progress struct {
	Phase   string        `json:"phase"` // "discover", "classify", "fetch", "done"
	Done    int           `json:"done"`
	Total   int           `json:"total"`
	Elapsed spac.Duration `json:"elapsed"` // since the run started, "1m23.5s"
	// ETA estimates the time left in the phase from the time its steps have taken so far (a
	// step found done already costs nothing); before any step, from the request rate.
	ETA spac.Duration `json:"eta"`
}

// progress tracks the phases of one run.
type progress struct {
	now     func() time.Time
	rate    float64
	tell    func(Progress)
	start   time.Time
	cur     Progress
	phaseAt time.Time
	worked  int // steps of the phase that did work (not found done)
}

func newProgress(now func() time.Time, rate float64, tell func(Progress)) *progress {
	t := now()
	return &progress{now: now, rate: rate, tell: tell, start: t, phaseAt: t}
}

func (p *progress) phase(name string, total int) {
	p.cur = Progress{Phase: name, Total: total}
	p.phaseAt, p.worked = p.now(), 0
	p.report()
}

// step counts n steps that did work; skip counts n steps found done.
func (p *progress) step(n int) {
	p.worked += n
	p.cur.Done += n
	p.report()
}

func (p *progress) skip(n int) {
	p.cur.Done += n
	p.report()
}

func (p *progress) finish() {
	p.cur = Progress{Phase: "done", Done: p.cur.Done, Total: p.cur.Total}
	p.report()
}

func (p *progress) report() {
	now := p.now()
	p.cur.Elapsed = spac.Duration(now.Sub(p.start))
	left := max(0, p.cur.Total-p.cur.Done)
	switch {
	case left == 0:
		p.cur.ETA = 0
	case p.worked > 0:
		p.cur.ETA = spac.Duration(float64(now.Sub(p.phaseAt)) / float64(p.worked) * float64(left))
	case p.rate > 0:
		p.cur.ETA = spac.Duration(float64(left) / p.rate * float64(time.Second))
	}
	if p.tell != nil {
		p.tell(p.cur)
	}
}
