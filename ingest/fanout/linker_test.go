package fanout

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/spacdata/spac"
)

// wire is a feed whose one article names the SPAC of listedSPAC.
var wire = []byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>wire</title>
<item><title>ABC Acquisition Corp sets a date for its vote</title><guid>wire-1</guid>
<pubDate>Tue, 05 Mar 2024 12:00:00 GMT</pubDate><description>Holders will vote in April.</description></item>
</channel></rss>`)

// pollWire polls the feed once and returns the CIKs its article was linked to; the article is
// pushed like a filing article.
func pollWire(t *testing.T, r *rig) []spac.CIK {
	t.Helper()
	if res := r.news.Poll(context.Background()); res.Err != nil || res.Added != 1 {
		t.Fatalf("poll: %+v", res)
	}
	arts, err := r.store.MemStore.Articles(context.Background(), spac.ArticleQuery{})
	if err != nil || len(arts) == 0 {
		t.Fatalf("no stored article (%v)", err)
	}
	if got := r.webhooks.types(); got[len(got)-1] != spac.WebhookNewsPublished {
		t.Errorf("the feed article was not sent to webhooks: %v", got)
	}
	for _, a := range arts {
		if a.Source == "wire" {
			return a.CIKs
		}
	}
	t.Fatal("the wire article was not stored")
	return nil
}

// The news linker knows the stored universe (Relink at start) and every SPAC a fold adds; a
// feed article naming a SPAC it does not know links to nothing.
func TestNewsLinkerFollowsTheUniverse(t *testing.T) {
	later := ipoDay.AddDate(0, 0, 5)
	t.Run("unknown SPAC", func(t *testing.T) {
		r := newRig(t, wire, later)
		if ciks := pollWire(t, r); len(ciks) != 0 {
			t.Errorf("linked to %v before the SPAC was known", ciks)
		}
	})
	t.Run("added by a fold", func(t *testing.T) {
		r := newRig(t, wire, later)
		r.f.OnFold(context.Background(), spac.Profile{}, listedSPAC(r.store))
		if ciks := pollWire(t, r); !slices.Equal(ciks, []spac.CIK{cik}) {
			t.Errorf("linked to %v, want %s", ciks, cik)
		}
	})
	t.Run("stored before start", func(t *testing.T) {
		r := newRig(t, wire, later)
		r.store.profiles = []spac.Profile{listedSPAC(r.store)}
		if err := r.f.Relink(context.Background()); err != nil {
			t.Fatal(err)
		}
		if ciks := pollWire(t, r); !slices.Equal(ciks, []spac.CIK{cik}) {
			t.Errorf("linked to %v, want %s", ciks, cik)
		}
	})
}

// Recomputed fires the time-based alerts of the stored profiles as of the given time (a lockup
// expiring in 9 days) and sends trust.recomputed with the refold count.
func TestRecomputedScansAndAnnounces(t *testing.T) {
	r := newRig(t, nil, ipoDay)
	p := listedSPAC(r.store)
	p.Status = spac.StatusClosed
	p.Combination = &spac.Combination{Lockups: []spac.Lockup{{Days: "180", Expires: "2024-06-10",
		Citations: []spac.Citation{cit("days", "S4", 70), {Field: "expires", Basis: spac.BasisDerived,
			Inputs: []spac.Citation{cit("days", "S4", 70), cit("closing_date", "C1", 5)}}}}}}
	r.store.profiles = []spac.Profile{p}
	now := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	if err := r.f.Recomputed(context.Background(), 7, now); err != nil {
		t.Fatal(err)
	}
	want := []string{spac.WebhookAlertEvent(spac.AlertLockupExpiry), spac.WebhookTrustRecomputed}
	if got := r.webhooks.types(); !slices.Equal(got, want) {
		t.Fatalf("webhooks %v, want %v", got, want)
	}
	if got := string(r.webhooks.events[1].Data); got != `{"at":"2024-06-01T00:00:00Z","spacs":7}` {
		t.Errorf("trust.recomputed data %s", got)
	}
	if topics := r.stream.topics(); !slices.Equal(topics, []string{spac.TopicAlerts}) {
		t.Errorf("streamed to %v, want the lockup alert", topics)
	}
}
