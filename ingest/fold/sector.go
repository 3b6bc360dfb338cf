package fold

import (
	"strings"
	"unicode"

	spac "github.com/spacdata/spac"
)

// fileSector sets the row's sector, one of spac.Sectors:
//   - once the SPAC has a current or completed deal, its target's business as the filings about
//     the deal describe it (the latest description since the deal was announced whose line
//     names the target: a proxy also describes customers, competitors, companies the target
//     bought);
//   - else (and when no description of the target names a sector) the focus its filings state,
//     the latest that names a sector; a terminated deal's target no longer counts.
//
// It is cited to the words it was filed from (stated: the quote is the words, not the code).
func fileSector(p *spac.Profile, recs []record) {
	f, ok := targetSector(p, recs)
	if !ok {
		f, ok = statedFocus(recs)
	}
	if !ok {
		return
	}
	p.Sector, _ = spac.SectorOf(f.Value)
	var cs citations = p.Citations
	cs.set(stated(f, "sector"))
	p.Citations = cs.list()
}

// targetSector is the latest description of the deal's target that names a sector.
func targetSector(p *spac.Profile, recs []record) (spac.Fact, bool) {
	c := p.Combination
	if p.Target == "" || c == nil {
		return spac.Fact{}, false
	}
	since := c.AgreementDate
	if since == "" {
		since = firstFiledStating(recs, spac.FieldTarget, c.Target)
	}
	word := leadingWord(p.Target)
	for i := len(recs) - 1; i >= 0 && recs[i].filing.FiledAt >= since; i-- {
		if isPeriodic(recs[i].filing.BaseForm()) {
			continue
		}
		for _, f := range recs[i].all(spac.FieldTargetSector) {
			if _, ok := spac.SectorOf(f.Value); ok && word != "" && strings.Contains(strings.ToLower(f.Citation.Excerpt), word) {
				return f, true
			}
		}
	}
	return spac.Fact{}, false
}

// statedFocus is the latest stated focus that names a sector.
func statedFocus(recs []record) (spac.Fact, bool) {
	for i := len(recs) - 1; i >= 0; i-- {
		for _, f := range recs[i].all(spac.FieldSector) {
			if _, ok := spac.SectorOf(f.Value); ok {
				return f, true
			}
		}
	}
	return spac.Fact{}, false
}

// leadingWord is the first word of a company name, lower case ("rocket" of "Rocket Lab USA,
// Inc."): how the filings' sentences about it name it.
func leadingWord(name string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	w = strings.TrimFunc(strings.ToLower(w), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(w) < 3 {
		return ""
	}
	return w
}
