package backfill

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
)

const (
	spacSIC = "6770" // the SEC's "Blank Checks"
	// maxSubmissionsBytes bounds a submissions JSON document or page.
	maxSubmissionsBytes = 64 << 20
)

// classifyAll looks every candidate up in its submissions JSON (once: the answer is saved)
// and returns the SPACs with their filings of interest, by CIK.
func (b *Backfill) classifyAll(ctx context.Context, candidates []spac.CIK, sum *Summary) ([]*company, error) {
	known, err := load[*company](ctx, b.state, keyCompany)
	if err != nil {
		return nil, err
	}
	b.prog.phase("classify", len(candidates))
	var spacs []*company
	for _, cik := range candidates {
		c := known[string(cik)]
		if c != nil && !c.SPAC && slices.Contains(b.cfg.CIKs, cik) {
			c = nil // looked up before it was tracked: look again, as a SPAC
		}
		if c != nil && len(c.PagesLeft) == 0 {
			b.prog.skip(1)
		} else {
			c, err = b.classify(ctx, cik, c)
			if err := b.check(err, sum); err != nil {
				return nil, err
			}
			b.prog.step(1)
		}
		if c != nil && c.SPAC {
			spacs = append(spacs, c)
			sum.SPACs++
			sum.Filings += len(c.Filings)
		}
	}
	return spacs, nil
}

// classify reads cik's submissions JSON (unless c holds it already) and, for a SPAC, its older
// pages, saving after each document. It returns nil with a fetchError when EDGAR failed.
func (b *Backfill) classify(ctx context.Context, cik spac.CIK, c *company) (*company, error) {
	if c == nil {
		sub, err := b.submissions(ctx, cik)
		if err != nil {
			return nil, err
		}
		c = b.judge(cik, sub)
		if err := b.state.save(ctx, keyCompany+string(cik), c); err != nil {
			return nil, err
		}
		b.log.Debug("edgar company classified", "cik", cik, "spac", c.SPAC, "why", c.Why)
	}
	for len(c.PagesLeft) > 0 {
		if err := b.readPage(ctx, c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (b *Backfill) submissions(ctx context.Context, cik spac.CIK) (*edgar.Submissions, error) {
	body, err := b.cfg.Client.Get(ctx, fmt.Sprintf("%s/submissions/CIK%s.json", b.cfg.SubmissionsBaseURL, cik), maxSubmissionsBytes)
	if err != nil {
		return nil, fetchFailed(fmt.Errorf("backfill: submissions of %s: %w", cik, err))
	}
	sub, err := edgar.ParseSubmissions(body)
	if err != nil {
		return nil, fetchFailed(fmt.Errorf("backfill: submissions of %s: %w", cik, err))
	}
	return sub, nil
}

// judge decides from the submissions JSON whether cik is a SPAC: SIC 6770; a former SPAC -
// one whose SIC changed at its business combination, seen as a 424B4 (its IPO) followed by an
// 8-K reporting item 5.06 (change in shell company status), whose filings after that 8-K are
// the operating company's and are left out; or a CIK the caller tracks. A former SPAC whose
// 424B4 may sit on older pages stays one until they are read.
func (b *Backfill) judge(cik spac.CIK, sub *edgar.Submissions) *company {
	c := &company{CIK: cik, Name: sub.Name}
	shell := shellChange(sub.Recent)
	tracked := slices.Contains(b.cfg.CIKs, cik)
	switch {
	case strings.TrimSpace(sub.SIC) == spacSIC:
		c.SPAC, c.Why = true, "sic "+spacSIC
	case shell != "":
		c.SPAC, c.Until = true, shell
		c.Why = "former SPAC: shell company status changed " + shell
	case tracked:
		c.SPAC, c.Why = true, "tracked"
	default:
		c.Why = "sic " + sub.SIC
		return c
	}
	c.Filings = b.ofInterest(sub.Recent, c.Until)
	for _, f := range sub.Files {
		if c.Until == "" || f.FilingFrom <= c.Until {
			c.PagesLeft = append(c.PagesLeft, f.Name)
		}
	}
	if len(c.PagesLeft) > b.cfg.MaxPages {
		c.PagesLeft = c.PagesLeft[:b.cfg.MaxPages]
	}
	b.confirm(c, tracked)
	return c
}

// shellChange is the date of the 8-K reporting item 5.06 that ended a shell's life: the first
// one filed after the 424B4 when rows hold one, else the first one ("" when none; the 424B4 may
// be on an older page). rows are newest first.
func shellChange(rows []edgar.SubmissionRow) string {
	ipo, first := "", ""
	for i := len(rows) - 1; i >= 0; i-- {
		r := rows[i]
		form := normForm(r.Form)
		if form == "424B4" && ipo == "" {
			ipo = r.FilingDate
		}
		if form != "8-K" || !slices.Contains(r.Items, "5.06") {
			continue
		}
		if ipo != "" && r.FilingDate >= ipo {
			return r.FilingDate
		}
		if first == "" {
			first = r.FilingDate
		}
	}
	return first
}

// confirm settles a former SPAC whose IPO is not among the filings read: it stays one while
// older pages remain; once they are read without a 424B4 it is no SPAC, unless tracked (then
// it is kept up to its change of shell status all the same).
func (b *Backfill) confirm(c *company, tracked bool) {
	if c.Until == "" || len(c.PagesLeft) > 0 || tracked {
		return
	}
	if slices.ContainsFunc(c.Filings, func(f filingRef) bool { return normForm(f.Form) == "424B4" }) {
		return
	}
	c.SPAC, c.Filings, c.Why = false, nil, "no 424B4 before its change of shell status"
}

// ofInterest keeps the rows of a form of interest dated until until (when set), oldest first.
func (b *Backfill) ofInterest(rows []edgar.SubmissionRow, until string) []filingRef {
	var out []filingRef
	for i := len(rows) - 1; i >= 0; i-- {
		r := rows[i]
		if b.forms[normForm(r.Form)] && (until == "" || r.FilingDate <= until) && r.Accession != "" {
			out = append(out, filingRef{Accession: r.Accession, Form: r.Form, Date: r.FilingDate})
		}
	}
	return out
}

// readPage reads the next older submissions page of c, adds its filings of interest and saves c.
func (b *Backfill) readPage(ctx context.Context, c *company) error {
	name := c.PagesLeft[0]
	body, err := b.cfg.Client.Get(ctx, b.cfg.SubmissionsBaseURL+"/submissions/"+name, maxSubmissionsBytes)
	if err != nil {
		return fetchFailed(fmt.Errorf("backfill: submissions page %s: %w", name, err))
	}
	rows, err := edgar.ParseSubmissionsPage(body)
	if err != nil {
		return fetchFailed(fmt.Errorf("backfill: %w", err))
	}
	older := b.ofInterest(rows, c.Until)
	c.Filings = append(older, c.Filings...)
	c.PagesLeft = c.PagesLeft[1:]
	slices.SortStableFunc(c.Filings, func(x, y filingRef) int { return strings.Compare(x.Date, y.Date) })
	c.Filings = slices.CompactFunc(c.Filings, func(x, y filingRef) bool { return x.Accession == y.Accession })
	b.confirm(c, slices.Contains(b.cfg.CIKs, c.CIK))
	return b.state.save(ctx, keyCompany+string(c.CIK), c)
}
