package backfill

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll"
)

// Progress is kept under these state keys (st/ in kv), each written once a step is complete,
// so a run killed anywhere resumes where it stopped and asks EDGAR nothing twice:
//
//	backfill/index/<path>   CIKs of interest an index file listed (the file was read)
//	backfill/tickers        CIKs of interest company_tickers.json listed (it was read)
//	backfill/co/<cik>       a company's classification and, for a SPAC, its filings of interest
//	                        and the older submissions pages still to read
//	backfill/skip/<acc>     a filing that will not be fetched again: gone (404), too large, or
//	                        rejected by the pipeline
//
// A filing downloaded but not yet stored waits in the spool directory; a stored one is found
// in the store itself.
const (
	keyPrefix  = "backfill/"
	keyIndex   = keyPrefix + "index/"
	keyTickers = keyPrefix + "tickers"
	keyCompany = keyPrefix + "co/"
	keySkip    = keyPrefix + "skip/"
)

// company is what the backfill learned of one CIK from its submissions JSON.
type company struct {
	CIK  spac.CIK `json:"cik"`
	SPAC bool     `json:"spac"`
	Why  string   `json:"why"` // "sic 6770", "tracked", "former SPAC ...", "sic 3760"
	Name string   `json:"name,omitempty"`
	// Until is the last filing date kept for a former SPAC: its change of shell status (the
	// business combination); later filings are the operating company's.
	Until     string      `json:"until,omitempty"`
	Filings   []filingRef `json:"filings,omitempty"`    // of interest, oldest first
	PagesLeft []string    `json:"pages_left,omitempty"` // older submissions pages not read yet
}

// filingRef is one filing of interest of a SPAC.
type filingRef struct {
	Accession string `json:"accession"`
	Form      string `json:"form"`
	Date      string `json:"date"`
}

// state reads and writes the backfill's progress.
type state struct {
	store poll.StateStore
}

func (s state) save(ctx context.Context, key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := s.store.SaveState(context.WithoutCancel(ctx), key, data); err != nil {
		return fmt.Errorf("backfill: save %s: %w", key, err)
	}
	return nil
}

// load decodes every value under prefix into a map keyed by the rest of the key.
func load[T any](ctx context.Context, s state, prefix string) (map[string]T, error) {
	raw, err := s.store.LoadState(ctx, prefix)
	if err != nil {
		return nil, fmt.Errorf("backfill: load %s: %w", prefix, err)
	}
	out := make(map[string]T, len(raw))
	for k, v := range raw {
		var t T
		if err := json.Unmarshal(v, &t); err != nil {
			return nil, fmt.Errorf("backfill: state %s unreadable: %w", k, err)
		}
		out[strings.TrimPrefix(k, prefix)] = t
	}
	return out, nil
}

// sortedCIKs returns the keys of a CIK set in order.
func sortedCIKs(set map[spac.CIK]bool) []spac.CIK {
	out := make([]spac.CIK, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
