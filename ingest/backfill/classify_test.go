package backfill_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/extracttest"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// filed is one synthetic filing: a minimal full submission in EDGAR's envelope.
type filed struct {
	acc, form, date string
	items           []string
}

// archiveCompany archives synthetic filings of one company and sets its current SIC.
func archiveCompany(t *testing.T, fake *polltest.Server, cik spac.CIK, name, sic string, filings ...filed) {
	t.Helper()
	for _, f := range filings {
		d := extracttest.Doc{Name: f.acc, Form: f.form, Accession: f.acc, Filed: f.date, CIK: string(cik), Company: name, Items: f.items}
		fake.Archive(f.acc, extracttest.Envelope(d, fmt.Sprintf("%s of %s filed %s.\n", f.form, name, f.date)))
	}
	fake.SetCompany(cik, polltest.Company{SIC: sic, Name: name})
}

const (
	pharmaCIK  = spac.CIK("0001111111") // an operating company that filed a 424B4
	orbitCIK   = spac.CIK("0002222222") // a former SPAC: SIC 3760 since its combination
	reverseCIK = spac.CIK("0003333333") // a shell that changed status without a SPAC IPO
)

func archiveOthers(t *testing.T, fake *polltest.Server) {
	archiveCompany(t, fake, pharmaCIK, "Acme Pharma Inc", "2834",
		filed{"0001111111-21-000001", "424B4", "2021-03-02", nil},
		filed{"0001111111-21-000002", "8-K", "2021-03-05", []string{"8.01"}})
	archiveCompany(t, fake, orbitCIK, "Orbit Acquisition Corp", "3760",
		filed{"0002222222-21-000001", "S-1", "2021-01-05", nil},
		filed{"0002222222-21-000002", "424B4", "2021-02-01", nil},
		filed{"0002222222-21-000003", "10-Q", "2021-05-10", nil},
		filed{"0002222222-22-000001", "8-K", "2022-03-01", []string{"2.01", "5.06", "9.01"}},
		filed{"0002222222-22-000002", "10-Q", "2022-05-10", nil})
	archiveCompany(t, fake, reverseCIK, "Reverse Merger Acquisition Holdings", "1000",
		filed{"0003333333-22-000001", "8-K", "2022-06-01", []string{"5.06"}},
		filed{"0003333333-22-000002", "10-Q", "2022-08-01", nil})
}

// Discovery looks up every company an index points at, once, but fetches only SPACs: a
// former SPAC (its SIC changed at the combination: a 424B4, then an 8-K with item 5.06) up to
// that 8-K, also when its IPO sits on an older submissions page; never an operating company,
// nor a shell whose status changed without a SPAC IPO.
func TestClassification(t *testing.T) {
	for _, recent := range []int{1000, 2} {
		t.Run(fmt.Sprintf("recent=%d", recent), func(t *testing.T) {
			fake, clock := polltest.New(t), newClock()
			fake.SetClock(clock.Now)
			fake.SetRecentLimit(recent)
			archiveOthers(t, fake)
			e := newEnv(t, fake, clock, 1000)
			sum := e.run(t, e.config(fake, clock))
			if sum.SPACs != 1 || sum.Fetched != 4 {
				t.Errorf("summary %+v; want one SPAC and its 4 filings up to the combination", sum)
			}
			for _, acc := range []string{"0002222222-21-000001", "0002222222-21-000002", "0002222222-21-000003", "0002222222-22-000001"} {
				if n := fake.Served(polltest.ArchivePath(orbitCIK, acc)); n != 1 {
					t.Errorf("%s fetched %d times, want once", acc, n)
				}
			}
			for cik, acc := range map[spac.CIK]string{orbitCIK: "0002222222-22-000002", pharmaCIK: "0001111111-21-000001", reverseCIK: "0003333333-22-000001"} {
				if n := fake.Count(polltest.ArchivePath(cik, acc)); n != 0 {
					t.Errorf("%s of %s fetched; not a SPAC's filing", acc, cik)
				}
			}
			for _, cik := range []spac.CIK{pharmaCIK, orbitCIK, reverseCIK} {
				if n := fake.Served("/submissions/CIK" + string(cik) + ".json"); n != 1 {
					t.Errorf("submissions of %s read %d times, want once", cik, n)
				}
			}
		})
	}
}

// Without discovery only the named CIKs are backfilled, whatever their SIC; a CIK classified
// as no SPAC by an earlier run is looked up again once it is named; a named former SPAC is
// kept up to its combination.
func TestTrackedCIKsOnly(t *testing.T) {
	fake, clock := polltest.New(t), newClock()
	fake.SetClock(clock.Now)
	archiveOthers(t, fake)
	e := newEnv(t, fake, clock, 1000)
	cfg := e.config(fake, clock)
	first := e.run(t, cfg)
	if first.SPACs != 1 {
		t.Fatalf("discovery: %+v", first)
	}
	cfg.Discover, cfg.CIKs = false, []spac.CIK{"1111111"}
	sum := e.run(t, cfg)
	if sum.SPACs != 1 || sum.Fetched != 2 || sum.Candidates != 0 {
		t.Errorf("summary %+v; want the tracked company's 2 filings", sum)
	}
	if n := fake.Served("/submissions/CIK" + string(pharmaCIK) + ".json"); n != 2 {
		t.Errorf("tracked company looked up %d times, want twice (again once tracked)", n)
	}
	if _, err := e.db.Profile(t.Context(), pharmaCIK); err != nil {
		t.Errorf("tracked company has no profile: %v", err)
	}

	// A tracked former SPAC is still kept up to its change of shell status.
	fresh := newEnv(t, fake, clock, 1000)
	cfg = fresh.config(fake, clock)
	cfg.Discover, cfg.CIKs = false, []spac.CIK{orbitCIK}
	if sum := fresh.run(t, cfg); sum.SPACs != 1 || sum.Fetched != 4 {
		t.Errorf("tracked former SPAC: %+v; want its 4 filings up to the combination", sum)
	}
	if n := fake.Count(polltest.ArchivePath(orbitCIK, "0002222222-22-000002")); n != 0 {
		t.Error("the operating company's 10-Q after the combination was fetched")
	}
}

func TestIndexFilesCoverTheWindow(t *testing.T) {
	fake, clock := polltest.New(t), newClock() // 2026-11-23, a Monday
	fake.SetClock(clock.Now)
	e := newEnv(t, fake, clock, 1000)
	cfg := e.config(fake, clock)
	cfg.Since = time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)
	e.run(t, cfg)
	var quarterly, daily []string
	for _, r := range fake.Log() {
		switch {
		case len(r.Path) > 27 && r.Path[:27] == "/Archives/edgar/full-index/":
			quarterly = append(quarterly, r.Path)
		case len(r.Path) > 28 && r.Path[:28] == "/Archives/edgar/daily-index/":
			daily = append(daily, r.Path)
		}
	}
	// 2026 Q2 and Q3 whole; Q4 day by day: the weekdays of October 1 to November 20.
	if len(quarterly) != 2 || quarterly[0] != polltest.FullIndexPath(2026, 2, "form") || quarterly[1] != polltest.FullIndexPath(2026, 3, "form") {
		t.Errorf("quarterly indexes %v", quarterly)
	}
	if len(daily) != 37 || daily[0] != polltest.DailyIndexPath(time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), "form") ||
		daily[36] != polltest.DailyIndexPath(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), "form") {
		t.Errorf("%d daily indexes, %v ... %v", len(daily), daily[:1], daily[len(daily)-1:])
	}
}
