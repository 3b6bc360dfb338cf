package fanout

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/news"
	"github.com/spacdata/spac/ingest/pipeline"
)

const (
	cik       spac.CIK = "0001234567"
	ipoAcc             = "0001234567-24-000001" // the 424B4: notable, an article
	quarterly          = "0001234567-24-000002" // a 10-Q: not notable, no article
)

var ipoDay = time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)

func cit(field, accession string, line int) spac.Citation {
	return spac.Citation{Field: field, Filing: "424B4", Accession: accession, Line: line, Basis: spac.BasisStated}
}

// listedSPAC is the profile of a SPAC after its IPO prospectus and a 10-Q were folded, and the
// store holding both filings.
func listedSPAC(s *memStore) spac.Profile {
	p := spac.Profile{SPAC: spac.SPAC{CIK: cik, Symbol: "ABCU", Name: "ABC Acquisition Corp", Status: spac.StatusSearching}}
	p.IPODate = ipoDay.Format(time.DateOnly)
	p.Citations = []spac.Citation{cit("ipo_date", ipoAcc, 40)}
	p.Offering = spac.Offering{UnitsOffered: "25000000", UnitPrice: "10.00", GrossProceeds: "250000000.00",
		Citations: []spac.Citation{cit("units_offered", ipoAcc, 42), cit("gross_proceeds", ipoAcc, 42)}}
	p.Filings = []spac.FilingRef{
		{Accession: ipoAcc, Form: "424B4", FiledAt: p.IPODate},
		{Accession: quarterly, Form: "10-Q", FiledAt: "2024-03-20"},
	}
	s.filings[ipoAcc] = spac.Filing{Accession: ipoAcc, Form: "424B4", FiledAt: p.IPODate, CIK: cik, CompanyName: p.Name}
	s.filings[quarterly] = spac.Filing{Accession: quarterly, Form: "10-Q", FiledAt: "2024-03-20", CIK: cik, CompanyName: p.Name}
	return p
}

// A live fold of a new SPAC: each new filing is a filing.ingested webhook, the prospectus an
// article (stored, streamed, news.published), the IPO a new_ipo alert (stored, streamed,
// alert.new_ipo) - in that order; folding the same profile again pushes nothing.
func TestLiveFoldPushesFilingsArticlesAndAlerts(t *testing.T) {
	r := newRig(t, nil, ipoDay.AddDate(0, 0, 1))
	cur := listedSPAC(r.store)
	r.f.OnFold(context.Background(), spac.Profile{}, cur)

	want := []string{"filing.ingested", "news.published", "filing.ingested", "alert.new_ipo"}
	if got := r.webhooks.types(); !slices.Equal(got, want) {
		t.Fatalf("webhooks %v, want %v", got, want)
	}
	var ref spac.FilingRef
	if err := json.Unmarshal(r.webhooks.events[0].Data, &ref); err != nil || ref.Accession != ipoAcc {
		t.Errorf("first filing.ingested carries %s (%v), want %s", ref.Accession, err, ipoAcc)
	}
	stored := r.store.storedAlerts()
	if len(stored) != 1 || stored[0].Kind != spac.AlertNewIPO || stored[0].Historical {
		t.Fatalf("stored alerts %+v, want one live new_ipo", stored)
	}
	events := r.stream.all()
	if len(events) != 2 || events[0].Topic != spac.TopicNews || events[1].Topic != spac.TopicAlerts {
		t.Fatalf("streamed to %v, want an article on news then an alert on alerts", r.stream.topics())
	}
	var streamed spac.Alert
	if err := json.Unmarshal(events[1].Event.Data, &streamed); err != nil || streamed.ID != stored[0].ID {
		t.Errorf("streamed alert %q (%v), stored %q", streamed.ID, err, stored[0].ID)
	}
	art, err := r.store.ArticleByID(context.Background(), news.SourceFiling+"-"+ipoAcc)
	if err != nil || !slices.Equal(events[0].Event.Symbols, []string{"ABCU"}) || events[0].Event.Type != spac.StreamTypeArticle {
		t.Errorf("article %+v (%v), streamed as %+v", art, err, events[0].Event)
	}

	r.f.OnFold(context.Background(), cur, cur)
	if n, m := len(r.webhooks.types()), len(r.stream.all()); n != len(want) || m != 2 {
		t.Errorf("an unchanged refold pushed again: %d webhooks, %d stream events", n, m)
	}
}

// A historical fold (a backfill) stores the article and the alert, marked historical, and
// pushes nothing anywhere, however recent the event.
func TestHistoricalFoldStoresAndPushesNothing(t *testing.T) {
	r := newRig(t, nil, ipoDay.AddDate(0, 0, 1))
	r.f.OnFold(pipeline.WithHistorical(context.Background()), spac.Profile{}, listedSPAC(r.store))

	if got := r.webhooks.types(); len(got) != 0 {
		t.Errorf("historical fold sent webhooks %v", got)
	}
	if got := r.stream.all(); len(got) != 0 {
		t.Errorf("historical fold streamed to %v", r.stream.topics())
	}
	stored := r.store.storedAlerts()
	if len(stored) != 1 || !stored[0].Historical {
		t.Errorf("stored alerts %+v, want one historical new_ipo", stored)
	}
	if _, err := r.store.ArticleByID(context.Background(), news.SourceFiling+"-"+ipoAcc); err != nil {
		t.Errorf("the prospectus article was not stored: %v", err)
	}
}

// The injected clock decides what is news: found 60 days after the IPO (beyond the 30-day
// window) the alert is stored as history and not pushed; the filings are still new to the
// service, so their webhooks and article still go out.
func TestAlertOlderThanTheWindowIsNotPushed(t *testing.T) {
	r := newRig(t, nil, ipoDay.AddDate(0, 0, 60))
	r.f.OnFold(context.Background(), spac.Profile{}, listedSPAC(r.store))

	want := []string{"filing.ingested", "news.published", "filing.ingested"}
	if got := r.webhooks.types(); !slices.Equal(got, want) {
		t.Errorf("webhooks %v, want %v (no alert)", got, want)
	}
	if events := r.stream.all(); len(events) != 1 || events[0].Topic != spac.TopicNews {
		t.Errorf("streamed to %v, want the article only", r.stream.topics())
	}
	if stored := r.store.storedAlerts(); len(stored) != 1 || !stored[0].Historical {
		t.Errorf("stored alerts %+v, want one historical new_ipo", stored)
	}
}
