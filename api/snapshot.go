package api

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/sahilm/fuzzy"

	"github.com/spacdata/spac"
)

// snapshot is data derived from every profile, rebuilt only when the watermark moves: the
// suggestion candidates, the flagged sample and the discover counts.
type snapshot struct {
	watermark  time.Time
	candidates []candidate
	texts      []string // candidates[i].text, for fuzzy
	sample     []spac.CIK
	profiles   int
	filings    int
	events     int
}

// candidate is one string a symbol lookup may have meant: a ticker or a name.
type candidate struct {
	text   string
	symbol string
	cik    spac.CIK
	ticker bool
}

// snapshot returns the current snapshot, rebuilding it when the data changed.
func (s *Server) snapshot(ctx context.Context) (*snapshot, error) {
	wm, err := s.d.Profiles.Watermark(ctx)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock() // held while rebuilding so concurrent requests build it once
	if s.snap != nil && s.snap.watermark.Equal(wm) {
		return s.snap, nil
	}
	snap, err := s.buildSnapshot(ctx, wm)
	if err != nil {
		return nil, err
	}
	s.snap = snap
	return snap, nil
}

func (s *Server) buildSnapshot(ctx context.Context, wm time.Time) (*snapshot, error) {
	snap := &snapshot{watermark: wm}
	err := s.d.Profiles.EachProfile(ctx, func(p spac.Profile) error {
		snap.profiles++
		snap.filings += len(p.Filings)
		if p.Sample {
			snap.sample = append(snap.sample, p.CIK)
		}
		for _, t := range p.Tickers.All() {
			snap.candidates = append(snap.candidates, candidate{text: t, symbol: p.Symbol, cik: p.CIK, ticker: true})
		}
		if p.Name != "" {
			snap.candidates = append(snap.candidates, candidate{text: p.Name, symbol: p.Symbol, cik: p.CIK})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	events, err := s.d.Profiles.Events(ctx, spac.EventQuery{})
	if err != nil {
		return nil, err
	}
	snap.events = len(events)
	for _, c := range snap.candidates {
		snap.texts = append(snap.texts, c.text)
	}
	return snap, nil
}

// scope is what a caller may see: everything, or the sample SPACs.
type scope struct {
	sample bool
	ciks   []spac.CIK
}

// noSuchCIK keeps a sample restriction non-empty when no sample is configured: an empty
// Restrict would mean "everything" to the index.
const noSuchCIK spac.CIK = "0000000000"

// scopeOf returns the caller's scope.
func (s *Server) scopeOf(c *gin.Context) (scope, error) {
	if !CallerFrom(c).Sample {
		return scope{}, nil
	}
	ciks := s.d.Sample
	if len(ciks) == 0 {
		snap, err := s.snapshot(c.Request.Context())
		if err != nil {
			return scope{}, unavailable(s, c, err)
		}
		ciks = snap.sample
	}
	if len(ciks) == 0 {
		ciks = []spac.CIK{noSuchCIK}
	}
	return scope{sample: true, ciks: ciks}, nil
}

// restrict is the index Restrict value: nil for the full universe.
func (sc scope) restrict() []spac.CIK {
	if !sc.sample {
		return nil
	}
	return sc.ciks
}

func (sc scope) allows(cik spac.CIK) bool { return !sc.sample || slices.Contains(sc.ciks, cik) }

// notInSample is the 404 of a sample caller asking for a SPAC outside the sample.
func notInSample(param, value string) error {
	return &spac.Error{Code: CodeNotInSample, Param: param, Message: value +
		" is not in the anonymous sample; send an API key (the free tier serves the full universe)"}
}

// maxSuggestions bounds the close matches of a 404.
const maxSuggestions = 5

// suggest returns symbols close to what was asked: tickers within two edits first, then
// fuzzy (subsequence) matches over tickers and names, best first, within the caller's scope.
func (s *Server) suggest(ctx context.Context, asked string, sc scope) []string {
	snap, err := s.snapshot(ctx)
	if err != nil || asked == "" {
		return nil
	}
	var out []string
	add := func(c candidate) {
		if sc.allows(c.cik) && c.symbol != "" && !slices.Contains(out, c.symbol) && len(out) < maxSuggestions {
			out = append(out, c.symbol)
		}
	}
	up := strings.ToUpper(asked)
	for _, c := range snap.candidates {
		if c.ticker && editDistance(up, c.text) <= 2 {
			add(c)
		}
	}
	for _, m := range fuzzy.Find(asked, snap.texts) {
		add(snap.candidates[m.Index])
	}
	return out
}

// editDistance is the Levenshtein distance of two short strings.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// unavailable logs a store failure and returns the 503 the client sees. A store call that
// failed because the client went away (its context was cancelled) is no store failure.
func unavailable(s *Server, c *gin.Context, err error) error {
	if code := spac.ErrorCode(err); code != spac.EINTERNAL || clientGone(c) {
		return err // a domain error with a meaning of its own, or the client's abort
	}
	s.log.Error("api: store", "request_id", requestIDOf(c), "route", c.GetString(routeKey), "err", err)
	return spac.Errorf(spac.EUNAVAILABLE, "the data store is unavailable; retry shortly")
}
