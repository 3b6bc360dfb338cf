package backfill

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/edgar"
	"github.com/spacdata/spac/ingest/poll"
)

const (
	// maxIndexBytes bounds one index file (a quarterly form.idx is about 50 MB).
	maxIndexBytes = 256 << 20
	// maxTickersBytes bounds company_tickers.json (under 1 MB today).
	maxTickersBytes = 32 << 20
	// settleDays is how long after a day (or a quarter's end) EDGAR's index for it counts as
	// final: a daily index missing sooner may only be late, so it is asked for again next run.
	settleDays = 3
)

// strongForms are the forms of a SPAC's IPO and business combination: a company filing one
// is worth a submissions lookup whatever its name.
var strongForms = map[string]bool{"424B4": true, "425": true, "PREM14A": true, "DEFM14A": true}

// spacNameRe matches the words most SPAC names carry; a company so named filing any form of
// interest is looked up (a SPAC that listed before the window and never announced a deal files
// only reports and proxies).
var spacNameRe = regexp.MustCompile(`(?i)\b(acquisition|merger|spac|blank check|capital corp)`)

// discover returns the candidate CIKs: the tracked ones, and with discovery those the index
// files since Since and company_tickers.json point at. Each source read is saved with its
// candidates, so a resumed run reads it again only when it was not complete.
func (b *Backfill) discover(ctx context.Context, sum *Summary) ([]spac.CIK, error) {
	set := map[spac.CIK]bool{}
	for _, c := range b.cfg.CIKs {
		set[c] = true
	}
	if !b.cfg.Discover {
		return sortedCIKs(set), nil
	}
	done, err := load[[]spac.CIK](ctx, b.state, keyIndex)
	if err != nil {
		return nil, err
	}
	paths := indexPaths(b.cfg.Since, b.cfg.Now(), b.cfg.IndexKind)
	b.prog.phase("discover", len(paths)+1)
	for _, p := range paths {
		ciks, ok := done[p.path]
		if ok {
			b.prog.skip(1)
		} else {
			ciks, err = b.readIndex(ctx, p, sum)
			if err := b.check(err, sum); err != nil {
				return nil, err
			}
			b.prog.step(1)
		}
		for _, c := range ciks {
			set[c] = true
		}
	}
	ciks, err := b.readTickers(ctx)
	if err := b.check(err, sum); err != nil {
		return nil, err
	}
	for _, c := range ciks {
		set[c] = true
	}
	b.prog.step(1)
	sum.Candidates = len(set)
	return sortedCIKs(set), nil
}

// indexFile is one index to read: its path below the base URL, whether it is a daily one and
// the day (daily) or the quarter's first day.
type indexFile struct {
	path  string
	daily bool
	day   time.Time
}

// indexPaths lists the index files covering since..today: the quarterly full-index of every
// quarter that ended settleDays ago or more, the daily index of every weekday of the quarter
// after, up to yesterday (EDGAR publishes a day's index once the day ends).
func indexPaths(since, now time.Time, kind string) []indexFile {
	today := dayOf(now)
	since = dayOf(since)
	var out []indexFile
	for q := quarterStart(since); !q.After(today); q = q.AddDate(0, 3, 0) {
		end := q.AddDate(0, 3, -1)
		if !end.AddDate(0, 0, settleDays).After(today) {
			out = append(out, indexFile{path: fmt.Sprintf("/Archives/edgar/full-index/%d/QTR%d/%s.idx", q.Year(), quarterOf(q), kind), day: q})
			continue
		}
		for d := maxTime(q, since); d.Before(today) && !d.After(end); d = d.AddDate(0, 0, 1) {
			if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
				continue
			}
			out = append(out, indexFile{daily: true, day: d,
				path: fmt.Sprintf("/Archives/edgar/daily-index/%d/QTR%d/%s.%s.idx", d.Year(), quarterOf(d), kind, d.Format("20060102"))})
		}
	}
	return out
}

func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
func quarterOf(t time.Time) int { return (int(t.Month())-1)/3 + 1 }
func quarterStart(t time.Time) time.Time {
	return time.Date(t.Year(), time.Month(3*quarterOf(t)-2), 1, 0, 0, 0, 0, time.UTC)
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// readIndex fetches and parses one index file and saves its candidates. A daily index EDGAR
// does not have (a holiday) is saved as empty once the day is settleDays old; sooner it may
// only be late, so nothing is saved and the next run asks again.
func (b *Backfill) readIndex(ctx context.Context, f indexFile, sum *Summary) ([]spac.CIK, error) {
	body, err := b.cfg.Client.Get(ctx, b.cfg.BaseURL+f.path, maxIndexBytes)
	if f.daily && poll.IsNotFound(err) {
		if !f.day.AddDate(0, 0, settleDays).After(dayOf(b.cfg.Now())) {
			return nil, b.state.save(ctx, keyIndex+f.path, []spac.CIK{})
		}
		return nil, nil
	}
	if err != nil {
		return nil, fetchFailed(fmt.Errorf("backfill: index %s: %w", f.path, err))
	}
	kind := edgar.IndexForm
	if b.cfg.IndexKind == "company" {
		kind = edgar.IndexCompany
	}
	rows, err := edgar.ParseIndex(body, kind)
	if err != nil {
		return nil, fetchFailed(fmt.Errorf("backfill: index %s: %w", f.path, err))
	}
	sum.IndexFiles++
	ciks := b.indexCandidates(rows)
	b.log.Debug("edgar index read", "path", f.path, "rows", len(rows), "candidates", len(ciks))
	return ciks, b.state.save(ctx, keyIndex+f.path, ciks)
}

// indexCandidates keeps the filers of forms of interest dated since Since that filed a strong
// form or carry a SPAC-like name.
func (b *Backfill) indexCandidates(rows []edgar.IndexRow) []spac.CIK {
	since := b.cfg.Since.Format(time.DateOnly)
	set := map[spac.CIK]bool{}
	for _, r := range rows {
		form := normForm(r.Form)
		if r.CIK == "" || r.Date < since || !b.forms[form] {
			continue
		}
		if strongForms[form] || spacNameRe.MatchString(r.Company) {
			set[r.CIK] = true
		}
	}
	return sortedCIKs(set)
}

// readTickers reads company_tickers.json once: the listed companies with a SPAC-like title.
func (b *Backfill) readTickers(ctx context.Context) ([]spac.CIK, error) {
	done, err := load[[]spac.CIK](ctx, b.state, keyTickers)
	if err != nil {
		return nil, err
	}
	if ciks, ok := done[""]; ok {
		return ciks, nil
	}
	body, err := b.cfg.Client.Get(ctx, b.cfg.BaseURL+"/files/company_tickers.json", maxTickersBytes)
	if err != nil {
		return nil, fetchFailed(fmt.Errorf("backfill: company_tickers.json: %w", err))
	}
	tickers, err := edgar.ParseTickers(body)
	if err != nil {
		return nil, fetchFailed(fmt.Errorf("backfill: %w", err))
	}
	set := map[spac.CIK]bool{}
	for _, t := range tickers {
		if spacNameRe.MatchString(t.Title) {
			set[t.CIK] = true
		}
	}
	ciks := sortedCIKs(set)
	b.log.Info("company tickers read", "companies", len(tickers), "candidates", len(ciks))
	return ciks, b.state.save(ctx, keyTickers, ciks)
}
