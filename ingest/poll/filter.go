package poll

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
)

// candidate is one accession of interest. The feed lists a filing once per company involved
// (Filer and Subject of a 425, Issuer and Reporting of a Form 4), so it carries every CIK.
type candidate struct {
	accession string
	form      string
	ciks      []spac.CIK
	updated   time.Time
	attempts  int // failed polls so far
}

var accessionRe = regexp.MustCompile(`^\d{10}-\d{2}-\d{6}$`)

func normForm(f string) string { return strings.ToUpper(strings.TrimSpace(f)) }

// candidates groups the entries of interest by accession, adds the filings that failed on
// earlier polls, and orders them oldest first so filings reach the sink in filing order.
func (p *Poller) candidates(entries []edgar.FeedEntry, res *Result) []*candidate {
	byAcc := map[string]*candidate{}
	skipped := map[string]bool{}
	for _, e := range entries {
		if !accessionRe.MatchString(e.Accession) || e.CIK == "" || !p.forms[normForm(e.Form)] {
			skipped[e.Accession] = true
			continue
		}
		c := byAcc[e.Accession]
		if c == nil {
			c = &candidate{accession: e.Accession, form: e.Form}
			c.updated, _ = entryTime(e)
			byAcc[e.Accession] = c
		}
		if !slices.Contains(c.ciks, e.CIK) {
			c.ciks = append(c.ciks, e.CIK)
		}
	}
	for acc := range byAcc {
		delete(skipped, acc) // listed under a second company of interest
	}
	res.Skipped += len(skipped)
	for acc, c := range p.pending {
		if byAcc[acc] != nil {
			byAcc[acc].attempts = c.attempts
		} else {
			byAcc[acc] = c
		}
	}
	out := make([]*candidate, 0, len(byAcc))
	for _, c := range byAcc {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *candidate) int {
		if c := a.updated.Compare(b.updated); c != 0 {
			return c
		}
		return strings.Compare(a.accession, b.accession)
	})
	return out
}

// handle downloads and ingests one candidate unless it is not a SPAC's or is already stored.
func (p *Poller) handle(ctx context.Context, c *candidate, res *Result) {
	if done, _ := p.handled.Seen(ctx, c.accession); done {
		p.skipSeen(c, res)
		return
	}
	cik, ok, err := p.spacCIK(ctx, c.ciks)
	if err != nil {
		p.retryLater(ctx, c, err, res)
		return
	}
	if !ok {
		delete(p.pending, c.accession)
		res.Skipped++
		return
	}
	stored, err := p.seen.Seen(ctx, c.accession)
	if err != nil {
		p.retryLater(ctx, c, fmt.Errorf("poll: seen %s: %w", c.accession, err), res)
		return
	}
	if stored {
		p.handled.Add(c.accession)
		p.skipSeen(c, res)
		return
	}
	p.download(ctx, c, cik, res)
}

func (p *Poller) skipSeen(c *candidate, res *Result) {
	delete(p.pending, c.accession)
	res.Skipped++
	res.AlreadySeen++
}

// download fetches the full submission and hands it to the sink.
func (p *Poller) download(ctx context.Context, c *candidate, cik spac.CIK, res *Result) {
	u := p.archiveURL(cik, c.accession)
	data, err := p.get(ctx, u, p.cfg.MaxSubmissionBytes)
	if errors.Is(err, errTooLarge) {
		err = fmt.Errorf("%w: %w", ErrRejected, err)
	}
	if err == nil {
		res.Downloaded++
		if err = p.sink.Ingest(ctx, u, data); err != nil {
			err = fmt.Errorf("poll: ingest %s: %w", c.accession, err)
		}
	}
	switch {
	case err == nil:
		res.Ingested++
		p.handled.Add(c.accession)
		delete(p.pending, c.accession)
		p.log.Info("edgar filing ingested", "accession", c.accession, "form", c.form, "cik", cik)
	case errors.Is(err, ErrRejected):
		res.Errors = append(res.Errors, err)
		p.handled.Add(c.accession) // the same bytes would fail again
		delete(p.pending, c.accession)
	default:
		p.retryLater(ctx, c, err, res)
	}
}

// retryLater records err and keeps c for the next poll, up to MaxAttempts failed polls.
// A cancelled poll does not count as an attempt.
func (p *Poller) retryLater(ctx context.Context, c *candidate, err error, res *Result) {
	res.Errors = append(res.Errors, err)
	if ctx.Err() == nil {
		c.attempts++
	}
	if c.attempts >= p.cfg.MaxAttempts {
		p.log.Error("edgar filing given up", "accession", c.accession, "attempts", c.attempts, "err", err)
		p.handled.Add(c.accession) // the feed may list it again; do not start over
		delete(p.pending, c.accession)
		return
	}
	p.pending[c.accession] = c
}

func (p *Poller) archiveURL(cik spac.CIK, accession string) string {
	unpadded := strings.TrimLeft(string(cik), "0")
	if unpadded == "" {
		unpadded = "0"
	}
	return fmt.Sprintf("%s/Archives/edgar/data/%s/%s.txt", p.cfg.BaseURL, unpadded, accession)
}

// spacCIK returns the first of ciks that is tracked or a SPAC. The Atom feed carries no SIC
// code, so an unknown CIK is looked up once in its submissions JSON and remembered.
func (p *Poller) spacCIK(ctx context.Context, ciks []spac.CIK) (spac.CIK, bool, error) {
	var unknown []spac.CIK
	for _, c := range ciks {
		isSPAC, known := p.spacs.lookup(c)
		if isSPAC {
			return c, true, nil
		}
		if !known {
			unknown = append(unknown, c)
		}
	}
	for _, c := range unknown {
		isSPAC, err := p.learnSIC(ctx, c)
		if err != nil {
			return "", false, err
		}
		if isSPAC {
			return c, true, nil
		}
	}
	return "", false, nil
}

// learnSIC fetches the submissions JSON of cik and remembers whether its SIC is 6770.
func (p *Poller) learnSIC(ctx context.Context, cik spac.CIK) (bool, error) {
	u := fmt.Sprintf("%s/submissions/CIK%s.json", p.cfg.SubmissionsBaseURL, cik)
	body, err := p.get(ctx, u, maxSubmissionsJSONBytes)
	if err != nil {
		return false, fmt.Errorf("poll: SIC of %s: %w", cik, err)
	}
	sub, err := edgar.ParseSubmissions(body)
	if err != nil {
		return false, fmt.Errorf("poll: SIC of %s: %w", cik, err)
	}
	isSPAC := strings.TrimSpace(sub.SIC) == spacSIC
	p.spacs.learn(cik, isSPAC)
	p.log.Debug("edgar company classified", "cik", cik, "sic", sub.SIC, "spac", isSPAC)
	return isSPAC, nil
}

// spacSIC is the SEC's "Blank Checks" industry code.
const spacSIC = "6770"

// spacSet remembers which CIKs are SPACs (tracked or SIC 6770) and which are not.
type spacSet struct {
	mu      sync.Mutex
	known   map[spac.CIK]bool
	learned map[spac.CIK]bool // from submissions lookups (persisted), not from Track
}

func newSPACSet() *spacSet {
	return &spacSet{known: map[spac.CIK]bool{}, learned: map[spac.CIK]bool{}}
}

func (s *spacSet) track(c spac.CIK) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.known[c] = true
}

func (s *spacSet) learn(c spac.CIK, isSPAC bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.known[c] = isSPAC
	if len(s.learned) < maxLearned {
		s.learned[c] = isSPAC
	}
}

// restore adds persisted lookups without overriding what is already known (tracked CIKs).
func (s *spacSet) restore(m map[spac.CIK]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c, v := range m {
		if _, ok := s.known[c]; !ok {
			s.known[c] = v
		}
		if len(s.learned) < maxLearned {
			s.learned[c] = v
		}
	}
}

func (s *spacSet) learnedCopy() map[spac.CIK]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[spac.CIK]bool, len(s.learned))
	for c, v := range s.learned {
		out[c] = v
	}
	return out
}

// maxLearned bounds the persisted SIC lookups (each is a request saved on restart).
const maxLearned = 200_000

// lookup reports whether c is a SPAC and whether that is known at all.
func (s *spacSet) lookup(c spac.CIK) (isSPAC, known bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	isSPAC, known = s.known[c]
	return isSPAC, known
}
