package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/index"
	"github.com/spacdata/spac/ingest/market"
	"github.com/spacdata/spac/ingest/pipeline"
	"github.com/spacdata/spac/kv"
)

// The tests serve the real thing: the embedded fixtures ingested by the real pipeline into
// an in-memory store and a Bleve index, the API server with the real access Guard, and the
// explorer's pages mounted on it. world is built once for the package.
var world struct {
	db      *kv.DB
	idx     *index.Index
	guard   *access.Guard
	srv     *api.Server
	ex      *Explorer
	handler http.Handler
	market  *market.Joiner
	key     string // an enterprise key's secret
	freeKey string
	sample  []spac.CIK
}

// testToday is the explorer's clock: the calendar's default window starts here.
var testToday = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "web-test-")
	if err != nil {
		panic(err)
	}
	code := 1
	if err := buildWorld(dir); err != nil {
		fmt.Fprintln(os.Stderr, "web tests: building the fixture store:", err)
	} else {
		code = m.Run()
		_ = world.guard.Close()
		_ = world.idx.Close()
		_ = world.db.Close()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

func buildWorld(dir string) error {
	ctx := context.Background()
	var err error
	if world.db, err = kv.Open(""); err != nil {
		return err
	}
	if world.idx, err = index.Open(dir + "/index"); err != nil {
		return err
	}
	p := &pipeline.Pipeline{Store: world.db, Index: world.idx}
	if _, err := p.IngestFS(ctx, fixtures.Corpus, "."); err != nil {
		return err
	}
	for _, s := range fixtures.SampleSymbols {
		cik, err := world.db.ResolveSymbol(ctx, s)
		if err != nil {
			return err
		}
		world.sample = append(world.sample, cik)
	}
	cfg := access.Config{}
	if err := cfg.SetLimits(spac.TierAnonymous, 0, 0); err != nil { // the tests make many requests
		return err
	}
	world.guard = access.New(cfg, world.db, world.db)
	if world.key, _, err = world.guard.Keys().Create(ctx, "web-test", spac.TierEnterprise); err != nil {
		return err
	}
	if world.freeKey, _, err = world.guard.Keys().Create(ctx, "web-test-free", spac.TierFree); err != nil {
		return err
	}
	if err := seedLists(ctx); err != nil {
		return err
	}
	quotes, err := market.Fixed("quotes.csv", fixtures.Quotes)
	if err != nil {
		return err
	}
	world.market = market.NewJoiner(quotes, func() time.Time { return testToday })
	world.idx.SetMarket(world.market)
	world.srv, world.handler, world.ex, err = serve(world.guard)
	return err
}

// seedLists stores one alert and one article for a sample SPAC (BWLA) and for one outside
// the sample (KHAC), each citing its profile's trust size (the pipeline alone fires none).
func seedLists(ctx context.Context) error {
	for i, sym := range []string{"BWLA", "KHAC"} {
		cik, err := world.db.ResolveSymbol(ctx, sym)
		if err != nil {
			return err
		}
		p, err := world.db.Profile(ctx, cik)
		if err != nil {
			return err
		}
		var cites []spac.Citation
		for _, c := range p.Citations {
			if c.Field == "trust_size" {
				cites = append(cites, c.WithField("trust"))
			}
		}
		when := testToday.Add(-time.Duration(i+1) * time.Hour)
		a := spac.Alert{ID: "alr_test_" + sym, Kind: spac.AlertHighRedemptions, Severity: "warn", Symbol: sym, CIK: cik,
			OccurredAt: "2026-11-20", FiredAt: when, Title: sym + ": trust after redemptions",
			Detail: map[string]string{"trust": p.TrustSize, "redeemed_pct": p.RedeemedPct}, Citations: cites}
		if _, err := world.db.PutAlert(ctx, a); err != nil {
			return err
		}
		art := spac.Article{ID: "art_test_" + sym, Title: p.Name + " in the news", URL: "https://news.example/" + sym,
			Source: "wire", PublishedAt: when, CIKs: []spac.CIK{cik}, Symbols: []string{sym}, Citations: []spac.Citation{}}
		if _, err := world.db.PutArticle(ctx, art); err != nil {
			return err
		}
	}
	return nil
}

// storeNews serves the stored articles as the news source, versioned (as spacd's newsSource).
type storeNews struct{ db *kv.DB }

func (n storeNews) Version(ctx context.Context) (string, error) { return n.db.ArticlesVersion(ctx) }

func (n storeNews) Articles(ctx context.Context, q spac.ArticleQuery) ([]spac.Article, error) {
	return n.db.Articles(ctx, q)
}

// serve builds the API server with the explorer mounted, as spacd serve does.
func serve(g api.Guard) (*api.Server, http.Handler, *Explorer, error) {
	srv := api.New(api.Deps{Filings: world.db, Profiles: world.db, Index: world.idx, Guard: g, Sample: world.sample,
		Live: api.Live{Alerts: world.db}, News: storeNews{world.db}, Market: world.market, Now: func() time.Time { return testToday }})
	ex := New(Deps{API: srv, Index: world.idx, Profiles: world.db, Filings: world.db, Alerts: world.db, News: storeNews{world.db},
		Version: "test"})
	return srv, srv.Handler(), ex, srv.MountPages(ex.Pages())
}

// response is a served page.
type response struct {
	status int
	header http.Header
	body   string
}

// get requests path; key, when set, is sent in the key cookie as a browser would.
func get(t testing.TB, path, key string, header ...string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if key != "" {
		req.AddCookie(&http.Cookie{Name: keyCookie, Value: key})
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return do(world.handler, req)
}

func do(h http.Handler, req *http.Request) response {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	return response{status: rec.Code, header: rec.Header(), body: string(body)}
}

// postForm posts a form from this site's own page (Sec-Fetch-Site: same-origin).
func postForm(t testing.TB, path string, form url.Values, header ...string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return do(world.handler, req)
}

// mustPage gets a page and fails unless it is a valid HTML page with the status.
func mustPage(t testing.TB, path, key string, status int) string {
	t.Helper()
	r := get(t, path, key)
	if r.status != status {
		t.Fatalf("GET %s: status %d, want %d; body:\n%.2000s", path, r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	if problems := checkHTML(r.body); len(problems) > 0 {
		t.Fatalf("GET %s: invalid HTML:\n%s", path, strings.Join(problems, "\n"))
	}
	return r.body
}
