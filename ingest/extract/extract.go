// Package extract chooses the fact extractors for a filing by its form (and 8-K items) and
// merges their facts. Every fact carries a citation whose line holds its quote.
package extract

import (
	"regexp"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/current"
	"github.com/spacdata/spac/ingest/extract/delisting"
	"github.com/spacdata/spac/ingest/extract/emit"
	"github.com/spacdata/spac/ingest/extract/merger"
	"github.com/spacdata/spac/ingest/extract/offering"
	"github.com/spacdata/spac/ingest/extract/periodic"
	"github.com/spacdata/spac/ingest/extract/proxy"
)

type extractor func(*spac.RenderedFiling) []spac.Fact

// byForm maps a base form (amendment suffix removed) to its extractor.
var byForm = map[string]extractor{
	"S-1": offering.Prospectus, "F-1": offering.Prospectus, "424B4": offering.Prospectus,
	"424B1": prospectus424, "424B3": prospectus424,
	"8-K":  current.Extract,
	"10-Q": periodic.Extract, "10-K": periodic.Extract, "10-KT": periodic.Extract,
	"PRE 14A": proxy.Extract, "DEF 14A": proxy.Extract, "DEFA14A": proxy.Extract,
	"PREM14A": proxy.Extract, "DEFM14A": proxy.Extract, "DEFR14A": proxy.Extract,
	"S-4": merger.Extract, "F-4": merger.Extract, "425": merger.Extract,
	"25": delisting.Delisting, "25-NSE": delisting.Delisting,
	"15-12G": delisting.Deregistration, "15-12B": delisting.Deregistration,
	"15-15D": delisting.Deregistration,
	"RW":     delisting.Withdrawal,
}

// Supported reports whether Facts has an extractor for the form ("S-1/A" counts as "S-1").
func Supported(form string) bool {
	_, ok := byForm[spac.Filing{Form: form}.BaseForm()]
	return ok
}

// Facts extracts the cited facts of a rendered filing; unsupported forms yield none.
// Identical facts (same field, value and period) are kept once, first citation wins.
func Facts(r *spac.RenderedFiling) []spac.Fact {
	if r == nil {
		return nil
	}
	fn, ok := byForm[r.Filing.BaseForm()]
	if !ok {
		return nil
	}
	return dedupe(fn(r))
}

func dedupe(facts []spac.Fact) []spac.Fact {
	type key struct{ field, value, period string }
	seen := map[key]bool{}
	out := make([]spac.Fact, 0, len(facts))
	for _, f := range facts {
		k := key{f.Field, f.Value, f.Period}
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

var ipoProspectusRe = regexp.MustCompile(`(?i)this is (?:an|the) initial public offering of our securities|blank check company`)

// prospectus424 reads a 424B1/424B3: an IPO prospectus (as 424B4), otherwise a merger
// prospectus after S-4 effectiveness, which is read like a merger proxy.
func prospectus424(r *spac.RenderedFiling) []spac.Fact {
	e := emit.New(r)
	if _, ok := e.Find(ipoProspectusRe); ok {
		if _, merging := e.Find(mergerProspectusRe); !merging {
			return offering.Prospectus(r)
		}
	}
	return proxy.Extract(r)
}

var mergerProspectusRe = regexp.MustCompile(`(?i)(?:special|extraordinary general|annual) meeting.{0,200}?business combination proposal|Business Combination Agreement`)
