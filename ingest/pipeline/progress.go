package pipeline

// Phases of a run, as told to Pipeline.OnProgress.
const (
	PhaseRead = "read" // documents read, extracted and stored (Total: the documents of the run)
	PhaseFold = "fold" // SPACs folded into profiles and index rows (Total: the SPACs to fold)
)

// Progress is the position of a run in one phase. The pipeline reports counts only; the
// caller (a progress bar, a log) keeps the clock and estimates what is left.
type Progress struct {
	Phase string
	Done  int
	Total int
}

// tell reports a position when someone listens; a phase with nothing to do is not told.
func (p *Pipeline) tell(phase string, done, total int) {
	if p.OnProgress != nil && total > 0 {
		p.OnProgress(Progress{Phase: phase, Done: done, Total: total})
	}
}
