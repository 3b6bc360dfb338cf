package news

import (
	"slices"
	"strings"
	"time"

	"github.com/spacdata/spac"
)

// FromFiling writes the article for a notable filing of the SPAC p: an IPO (424B4, or the
// 8-K reporting the IPO closing), a business combination agreement (8-K 1.01), its termination
// (8-K 1.02), its closing (8-K 2.01), shareholder vote results (8-K 5.07), a liquidation notice,
// or a definitive merger proxy (DEFM14A). The title reads like a headline built from the
// profile's values; every citation the profile holds from that filing is attached, plus the
// citation of any other value the title uses. A filing that is not notable, or from which the
// profile cites nothing (nothing in the article could be cited), gives ok == false.
func FromFiling(p spac.Profile, f spac.Filing) (spac.Article, bool) {
	if f.Accession == "" {
		return spac.Article{}, false
	}
	cs := citationsOf(p, f.Accession)
	if len(cs) == 0 {
		return spac.Article{}, false
	}
	h := headlineFor(p, f, cs)
	if h.title == "" {
		return spac.Article{}, false
	}
	a := spac.Article{
		ID:          SourceFiling + "-" + f.Accession,
		Title:       h.title,
		URL:         f.ArchiveURL(),
		Source:      SourceFiling,
		PublishedAt: publishedAt(f),
		Summary:     summaryOf(f, h.lead, cs),
		CIKs:        []spac.CIK{cikOf(p, f)},
		Symbols:     []string{},
		Citations:   appendUnique(cs, h.extra...),
	}
	if p.Symbol != "" {
		a.Symbols = append(a.Symbols, strings.ToUpper(p.Symbol))
	}
	return a, true
}

// headline is an article title, the citation whose line leads the summary, and citations of
// values the title uses that come from other filings.
type headline struct {
	title string
	lead  spac.Citation
	extra []spac.Citation
}

func cikOf(p spac.Profile, f spac.Filing) spac.CIK {
	if p.CIK != "" {
		return p.CIK
	}
	return f.CIK
}

// publishedAt is when the filing became public: its acceptance time, else its filing date.
func publishedAt(f spac.Filing) time.Time {
	if !f.AcceptedAt.IsZero() {
		return f.AcceptedAt.UTC()
	}
	t, err := time.Parse(time.DateOnly, f.FiledAt)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// summaryOf quotes the filing line behind the headline. A table row ("10,120,000 | 1,377,860 |
// 2,140") says nothing read alone, so the first prose line of the filing's citations is quoted
// instead, or none.
func summaryOf(f spac.Filing, lead spac.Citation, cs []spac.Citation) string {
	excerpt := lead.Excerpt
	if isTableRow(excerpt) {
		excerpt = ""
		for _, c := range cs {
			if c.Accession == f.Accession && c.Excerpt != "" && !isTableRow(c.Excerpt) {
				excerpt = c.Excerpt
				break
			}
		}
	}
	s := "From the " + f.Form + " filed " + f.FiledAt + "."
	if excerpt != "" {
		s = "From the " + f.Form + " filed " + f.FiledAt + ": " + excerpt
	}
	return truncateRunes(s, maxSummaryRunes)
}

// isTableRow: canonical text writes a table row's cells joined by " | ".
func isTableRow(line string) bool { return strings.Contains(line, " | ") }

// citationsOf collects every citation in the profile that points into the filing accession.
// They are filtered as they are read: gathering all of a profile's citations first, for each
// of its filings, was a twentieth of the memory an ingest allocates.
func citationsOf(p spac.Profile, accession string) []spac.Citation {
	var out []spac.Citation
	add := func(cs ...spac.Citation) {
		for _, c := range cs {
			if c.Accession == accession {
				out = appendUnique(out, c)
			}
		}
	}
	add(p.SPAC.Citations...)
	add(p.Offering.Citations...)
	for _, t := range p.TrustSeries {
		add(t.Citations...)
	}
	for _, v := range p.Votes {
		add(v.Citations...)
	}
	for _, r := range p.Redemptions {
		add(r.Citations...)
	}
	for _, e := range p.Extensions {
		add(e.Citations...)
	}
	if c := p.Combination; c != nil {
		add(c.Citations...)
		add(c.PIPE.Citations...)
		add(c.FPA.Citations...)
		add(c.Earnout.Citations...)
		for _, l := range c.Lockups {
			add(l.Citations...)
		}
	}
	if p.Liquidation != nil {
		add(p.Liquidation.Citations...)
	}
	for _, s := range p.StatusHistory {
		add(s.Citation)
	}
	return out
}

// appendUnique appends the citations not already present (same field, line and quote).
func appendUnique(cs []spac.Citation, more ...spac.Citation) []spac.Citation {
	for _, c := range more {
		if !slices.ContainsFunc(cs, func(o spac.Citation) bool {
			return o.Field == c.Field && o.Accession == c.Accession && o.Line == c.Line && o.Quote == c.Quote
		}) {
			cs = append(cs, c)
		}
	}
	return cs
}

// citedField finds the citation of field among cs.
func citedField(cs []spac.Citation, field string) (spac.Citation, bool) {
	for _, c := range cs {
		if c.Field == field {
			return c, true
		}
	}
	return spac.Citation{}, false
}

// statusSet reports whether the filing set status s in the profile's history.
func statusSet(p spac.Profile, accession string, s spac.Status) (spac.Citation, bool) {
	for _, h := range p.StatusHistory {
		if h.Status == s && h.Citation.Accession == accession {
			return h.Citation, true
		}
	}
	return spac.Citation{}, false
}
