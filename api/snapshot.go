package api

import (
	"context"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/sahilm/fuzzy"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/internal/editdist"
)

// snapshot is data derived from every SPAC, built once per data version: the suggestion
// candidates, the flagged sample and the discover counts. It is built from the index's rows
// (in memory) and the store's counts, never by decoding every stored profile.
type snapshot struct {
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

// StoreCounter is implemented by a store that counts its profiles and filings without
// decoding them (kv.DB). Without it the counts come from a walk over every profile.
type StoreCounter interface {
	CountProfiles(ctx context.Context) (int, error)
	CountFilings(ctx context.Context) (int, error)
}

// snapshot returns the snapshot of this request's data version.
func (s *Server) snapshot(c *gin.Context) (*snapshot, error) {
	v, err := s.versionOf(c)
	if err != nil {
		return nil, err
	}
	ctx := context.WithoutCancel(c.Request.Context()) // other requests may wait for this build
	snap, err := s.cache.object(v, "snapshot", func() (any, error) { return s.buildSnapshot(ctx, v) })
	if err != nil {
		return nil, err
	}
	return snap.(*snapshot), nil
}

func (s *Server) buildSnapshot(ctx context.Context, v dataVersion) (*snapshot, error) {
	snap := &snapshot{}
	all, err := s.d.Index.Universe(ctx, spac.UniverseQuery{}) // every row (no limit)
	if err != nil {
		return nil, err
	}
	for _, r := range all.Rows {
		if r.Sample {
			snap.sample = append(snap.sample, r.CIK)
		}
		for _, t := range r.Tickers.All() {
			snap.candidates = append(snap.candidates, candidate{text: t, symbol: r.Symbol, cik: r.CIK, ticker: true})
		}
		if r.Name != "" {
			snap.candidates = append(snap.candidates, candidate{text: r.Name, symbol: r.Symbol, cik: r.CIK})
		}
	}
	for _, c := range snap.candidates {
		snap.texts = append(snap.texts, c.text)
	}
	if snap.profiles, snap.filings, err = s.storeCounts(ctx); err != nil {
		return nil, err
	}
	cal, err := s.calendarIndex(ctx, v)
	if err != nil {
		return nil, err
	}
	snap.events = len(cal.all)
	return snap, nil
}

// storeCounts counts the stored profiles and filings.
func (s *Server) storeCounts(ctx context.Context) (profiles, filings int, err error) {
	if sc, ok := s.d.Profiles.(StoreCounter); ok {
		if profiles, err = sc.CountProfiles(ctx); err != nil {
			return 0, 0, err
		}
		filings, err = sc.CountFilings(ctx)
		return profiles, filings, err
	}
	err = s.d.Profiles.EachProfile(ctx, func(p spac.Profile) error {
		profiles++
		filings += len(p.Filings)
		return nil
	})
	return profiles, filings, err
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
		snap, err := s.snapshot(c)
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
func (s *Server) suggest(c *gin.Context, asked string, sc scope) []string {
	snap, err := s.snapshot(c)
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
		if c.ticker && editdist.Levenshtein(up, c.text) <= 2 {
			add(c)
		}
	}
	for _, m := range fuzzy.Find(asked, snap.texts) {
		add(snap.candidates[m.Index])
	}
	return out
}

// unavailable logs a store failure and returns the 503 the client sees. A store call that
// failed because the client went away (its context was cancelled) is no store failure.
func unavailable(s *Server, c *gin.Context, err error) error {
	if code := spac.ErrorCode(err); code != spac.EINTERNAL || clientGone(c) {
		return err // a domain error with a meaning of its own, or the client's abort
	}
	s.log.ErrorContext(c.Request.Context(), "api: store", "route", c.GetString(routeKey), "err", err)
	return spac.Errorf(spac.EUNAVAILABLE, "the data store is unavailable; retry shortly")
}
