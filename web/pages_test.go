package web

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
)

// allSymbols lists every SPAC of the fixtures (with a key).
func allSymbols(t *testing.T) []string {
	t.Helper()
	var out []string
	err := world.db.EachProfile(context.Background(), func(p spac.Profile) error {
		out = append(out, p.Symbol)
		return nil
	})
	if err != nil || len(out) != 24 {
		t.Fatalf("profiles: %d, %v", len(out), err)
	}
	return out
}

func firstFiling(t *testing.T, symbol string) spac.FilingRef {
	t.Helper()
	cik, err := world.db.ResolveSymbol(context.Background(), symbol)
	if err != nil {
		t.Fatal(err)
	}
	p, err := world.db.Profile(context.Background(), cik)
	if err != nil || len(p.Filings) == 0 {
		t.Fatalf("%s: no filings (%v)", symbol, err)
	}
	return p.Filings[0]
}

// TestEveryPageIsValidHTML renders every kind of page, for anonymous and keyed visitors,
// errors included, through the validator.
func TestEveryPageIsValidHTML(t *testing.T) {
	acc := firstFiling(t, "BWLA").Accession
	pages := map[string]int{
		"/": 200, "/?status=searching&status=in_vote&sort=-trust_size": 200, "/?limit=2&page=2": 200,
		"/?min_trust=100000000.00&max_trust=249999999.99": 200, "/search?q=brightwater": 200, "/search?q=brigthwater": 200,
		"/search": 200, "/search?q=tessellate": 200, "/calendar": 200, "/calendar?from=2020-01-01&type=deadline": 200, "/news": 200,
		"/filings/" + acc: 200, "/filings/" + acc + "?line=40&quote=NYSE": 200, "/spac/NOPE": 404, "/?min_trust=ten": 400,
		"/alerts": 401,
	}
	for path, status := range pages {
		mustPage(t, path, "", status)
	}
	for _, sym := range allSymbols(t) {
		mustPage(t, "/spac/"+sym, world.key, 200)
	}
	for _, path := range []string{"/", "/alerts", "/alerts?kind=liquidation", "/calendar?symbol=KHAC", "/news?symbol=BWLA"} {
		mustPage(t, path, world.key, 200)
	}
}

var hrefRe = regexp.MustCompile(`href="(/filings/[^"]+)"`)

// TestEveryCitedValueOpensItsLine follows every link of every SPAC page to a filing line and
// checks that the filing view highlights that line and marks the quote on it.
func TestEveryCitedValueOpensItsLine(t *testing.T) {
	checked := map[string]bool{}
	symbols := allSymbols(t)
	for _, sym := range symbols {
		body := mustPage(t, "/spac/"+sym, world.key, 200)
		if strings.Contains(body, "(no citation)") {
			t.Errorf("%s: a value without a citation", sym)
		}
		for _, m := range hrefRe.FindAllStringSubmatch(body, -1) {
			href := html.UnescapeString(m[1])
			if checked[href] || !strings.Contains(href, "line=") {
				continue
			}
			checked[href] = true
			checkCitedLine(t, href)
		}
	}
	t.Logf("%d cited links followed to their lines", len(checked))
	if len(checked) < 500 {
		t.Errorf("only %d cited links followed; the fixtures have far more", len(checked))
	}
	docStatesCount(t, len(checked), len(symbols))
}

// docStatesCount keeps the figures docs/explorer.md gives for this test equal to what it
// measured: they drift with every fixture and rule added.
func docStatesCount(t *testing.T, links, pages int) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "explorer.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	want := fmt.Sprintf("follows all %s cited links of the %d SPAC pages", groupThousands(links), pages)
	if !strings.Contains(text, want) {
		stated := regexp.MustCompile(`follows all [\d,]+ cited links of the \d+ SPAC pages`).FindString(text)
		t.Errorf("docs/explorer.md says %q; this test %s", stated, want)
	}
}

func groupThousands(n int) string {
	return spac.GroupThousands(strconv.Itoa(n))
}

func checkCitedLine(t *testing.T, href string) {
	t.Helper()
	u, err := url.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	line, quote := u.Query().Get("line"), u.Query().Get("quote")
	if u.Fragment != "L"+line {
		t.Errorf("%s: fragment %q does not scroll to the line", href, u.Fragment)
	}
	r := get(t, u.RequestURI(), world.key)
	if r.status != http.StatusOK {
		t.Fatalf("%s: %d", href, r.status)
	}
	row := regexp.MustCompile(`<tr id="L` + line + `" class="cited">(.*)</tr>`).FindStringSubmatch(r.body)
	if row == nil {
		t.Errorf("%s: line %s is not highlighted", href, line)
		return
	}
	if quote != "" && !strings.Contains(row[1], "<mark>"+html.EscapeString(quote)+"</mark>") {
		t.Errorf("%s: the quote %q is not marked on line %s: %s", href, quote, line, row[1])
	}
}

// TestAnonymousSeesOnlyTheSample: an anonymous visitor cannot reach a SPAC page or a filing
// outside the sample by any page, and is told the sample is what is shown.
func TestAnonymousSeesOnlyTheSample(t *testing.T) {
	outside := firstFiling(t, "KHAC")
	for _, path := range []string{"/spac/KHAC", "/spac/0009900006", "/spac/khac", "/filings/" + outside.Accession,
		"/filings/" + outside.Accession + "?line=5", "/calendar?symbol=KHAC", "/news?symbol=KHAC"} {
		body := mustPage(t, path, "", http.StatusNotFound)
		if !strings.Contains(body, "not in the anonymous sample") || strings.Contains(body, "Kestrel Harbor") {
			t.Errorf("%s: %.600s", path, body)
		}
	}
	body := mustPage(t, "/", "", http.StatusOK)
	if !strings.Contains(body, `id="sample-note"`) || strings.Count(body, `<th scope="row"><a href="/spac/`) != 5 {
		t.Errorf("anonymous universe: want the 5 sample rows and the note")
	}
	if strings.Contains(mustPage(t, "/search?q=kestrel", "", 200), "/spac/KHAC") {
		t.Error("anonymous search finds a SPAC outside the sample")
	}
	if strings.Contains(mustPage(t, "/calendar?from=2000-01-01", "", 200), "/spac/KHAC") {
		t.Error("anonymous calendar lists a SPAC outside the sample")
	}
	mustPage(t, "/spac/KHAC", world.key, http.StatusOK)
	mustPage(t, "/filings/"+outside.Accession, world.key, http.StatusOK)
}

// TestKeyIsKeptInACookieOnly: a key entered in the form is checked by the Guard, kept in an
// HttpOnly SameSite=Strict cookie, and appears in no page and no URL.
func TestKeyIsKeptInACookieOnly(t *testing.T) {
	if b := mustPage(t, "/?key=spk_in_the_url&sort=name", "", http.StatusBadRequest); strings.Contains(b, "spk_in_the_url") {
		t.Error("a key put in the URL is written back into the page")
	}
	r := postForm(t, "/key", url.Values{"key": {world.key}, "back": {"/spac/BWLA?x=1"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/spac/BWLA?x=1" {
		t.Fatalf("POST /key: %d, Location %q", r.status, r.header.Get("Location"))
	}
	c := r.header.Get("Set-Cookie")
	for _, want := range []string{keyCookie + "=" + world.key, "HttpOnly", "SameSite=Strict", "Path=/"} {
		if !strings.Contains(c, want) {
			t.Errorf("Set-Cookie %q lacks %q", c, want)
		}
	}
	if strings.Contains(c, "Secure") {
		t.Errorf("Secure on a plain HTTP request: %q", c)
	}
	body := mustPage(t, "/", world.key, http.StatusOK)
	if strings.Count(body, `<th scope="row"><a href="/spac/`) != 24 || strings.Contains(body, world.key) {
		t.Error("with the key: want the 24 SPACs and never the key in the page")
	}
	if strings.Contains(body, `id="sample-note"`) || !strings.Contains(body, "Forget the saved key") {
		t.Error("with the key: no sample note, and a way to forget the key")
	}
	for name, h := range map[string][]string{"cross-site": {"Sec-Fetch-Site", "cross-site"}} {
		if r := postForm(t, "/key", url.Values{"key": {world.key}}, h...); r.status != http.StatusForbidden {
			t.Errorf("%s POST /key: %d", name, r.status)
		}
	}
	tls := httptest.NewRequest(http.MethodPost, "https://explorer.example/key", strings.NewReader(url.Values{"key": {world.key}}.Encode()))
	tls.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if c := do(world.handler, tls).header.Get("Set-Cookie"); !strings.Contains(c, "; Secure") {
		t.Errorf("over TLS the cookie must be Secure: %q", c)
	}
	if r := postForm(t, "/key", url.Values{"key": {"spk_wrong"}}); r.status != http.StatusUnauthorized || r.header.Get("Set-Cookie") != "" {
		t.Errorf("a wrong key: %d, Set-Cookie %q", r.status, r.header.Get("Set-Cookie"))
	}
	if r := postForm(t, "/key", url.Values{"key": {world.key}, "back": {"https://evil.example/"}}); r.header.Get("Location") != "/" {
		t.Errorf("back to another site: Location %q", r.header.Get("Location"))
	}
	r = postForm(t, "/key/forget", url.Values{"back": {"/calendar"}})
	if r.status != http.StatusSeeOther || !strings.Contains(r.header.Get("Set-Cookie"), "Max-Age=0") {
		t.Errorf("forget: %d, Set-Cookie %q", r.status, r.header.Get("Set-Cookie"))
	}
	if b := mustPage(t, "/", "spk_revoked_or_wrong", http.StatusUnauthorized); !strings.Contains(b, "Forget the saved key") {
		t.Error("a saved key that is not valid: the page must offer to forget it")
	}
}

// TestPagesAreCachedByDataVersion: a repeated request is answered 304; the tag differs by
// scope.
func TestPagesAreCachedByDataVersion(t *testing.T) {
	for _, path := range []string{"/", "/spac/BWLA", "/calendar", "/news", "/search?q=bw", "/filings/" + firstFiling(t, "BWLA").Accession} {
		r := get(t, path, "")
		tag := r.header.Get("ETag")
		if r.status != 200 || tag == "" || r.header.Get("Cache-Control") != "private, no-cache" {
			t.Fatalf("%s: %d, ETag %q, Cache-Control %q", path, r.status, tag, r.header.Get("Cache-Control"))
		}
		if again := get(t, path, "", "If-None-Match", tag); again.status != http.StatusNotModified || again.body != "" {
			t.Errorf("%s with If-None-Match: %d (%d bytes)", path, again.status, len(again.body))
		}
		if keyed := get(t, path, world.key); keyed.header.Get("ETag") == tag {
			t.Errorf("%s: the same ETag for the sample and the full universe", path)
		}
	}
}

// TestBadParametersAre400 names the parameter on an HTML error page.
func TestBadParametersAre400(t *testing.T) {
	acc := firstFiling(t, "BWLA").Accession
	for path, param := range map[string]string{
		"/?min_trust=ten": "min_trust", "/?status=floating": "status", "/?page=0": "page", "/?limit=501": "limit",
		"/?sort=color": "sort", "/?key=spk_x": "key", "/calendar?from=tomorrow": "from", "/filings/" + acc + "?line=0": "line",
		"/filings/" + acc + "?line=99999": "line", "/filings/not-an-accession": "accession",
		"/search?q=" + strings.Repeat("x", 201): "q",
	} {
		body := mustPage(t, path, world.key, http.StatusBadRequest)
		if !strings.Contains(body, "<code>"+param+"</code>") {
			t.Errorf("%s: the page does not name %s", path, param)
		}
	}
}

// TestPagesAreRateLimited: pages count against the caller's tier like API calls.
func TestPagesAreRateLimited(t *testing.T) {
	srv, h, _, err := serve(limitedGuard(t, 3))
	if err != nil || srv == nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if r := do(h, newGet("/")); r.status != http.StatusOK {
			t.Fatalf("request %d: %d", i+1, r.status)
		}
	}
	r := do(h, newGet("/"))
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" || !strings.Contains(r.body, "<h1>429") {
		t.Errorf("past the limit: %d, Retry-After %q", r.status, r.header.Get("Retry-After"))
	}
	if problems := checkHTML(r.body); len(problems) > 0 {
		t.Errorf("429 page: %v", problems)
	}
}

func newGet(path string) *http.Request { return httptest.NewRequest(http.MethodGet, path, nil) }

// limitedGuard is a Guard whose anonymous tier allows perMinute requests a minute.
func limitedGuard(t *testing.T, perMinute int) *access.Guard {
	t.Helper()
	cfg := access.Config{}
	if err := cfg.SetLimits(spac.TierAnonymous, perMinute, 0); err != nil {
		t.Fatal(err)
	}
	g := access.New(cfg, world.db, world.db)
	t.Cleanup(func() { _ = g.Close() })
	return g
}

var profileAnchorRe = regexp.MustCompile(`href="(/spac/[A-Z0-9.]+)#([a-z_.-]+)"`)

// TestUniverseDerivedValuesOpenTheirDerivation: a derived value in the universe table links
// to the row of the SPAC page that shows its formula and inputs.
func TestUniverseDerivedValuesOpenTheirDerivation(t *testing.T) {
	body := mustPage(t, "/?limit=100", world.key, http.StatusOK)
	links := profileAnchorRe.FindAllStringSubmatch(body, -1)
	if len(links) == 0 {
		t.Fatal("no derived value in the universe links to its derivation")
	}
	for _, m := range links {
		page := mustPage(t, m[1], world.key, http.StatusOK)
		if !regexp.MustCompile(`<tr id="` + regexp.QuoteMeta(m[2]) + `">.*class="derivation"`).MatchString(page) {
			t.Errorf("%s#%s: no derivation at the anchor", m[1], m[2])
		}
	}
}

// TestListsFollowTheAccessRules: news lists only the sample's articles for an anonymous
// visitor; alerts need a key and show each figure linked to its filing line.
func TestListsFollowTheAccessRules(t *testing.T) {
	anon := mustPage(t, "/news", "", http.StatusOK)
	if !strings.Contains(anon, `href="/spac/BWLA"`) || strings.Contains(anon, "KHAC") {
		t.Error("anonymous news: want BWLA's article and not KHAC's")
	}
	keyed := mustPage(t, "/news", world.key, http.StatusOK)
	if !strings.Contains(keyed, `href="/spac/KHAC"`) || !strings.Contains(keyed, `href="https://news.example/KHAC"`) {
		t.Error("keyed news: KHAC's article is missing")
	}
	if b := mustPage(t, "/alerts", "", http.StatusUnauthorized); !strings.Contains(b, "requires an API key") {
		t.Error("anonymous alerts: want the key requirement")
	}
	alerts := mustPage(t, "/alerts?symbol=BWLA", world.freeKey, http.StatusOK)
	if !strings.Contains(alerts, "BWLA: trust after redemptions") || strings.Contains(alerts, "KHAC") {
		t.Fatal("alerts of BWLA: want its alert only")
	}
	// Details are decimal strings grouped in thousands but given no unit (an alert does not
	// say which are money).
	link := regexp.MustCompile(`trust: <a class="v" href="([^"]+)"[^>]*>83,850,265.00</a>`).FindStringSubmatch(alerts)
	if link == nil {
		t.Fatalf("the alert's trust figure is not linked to its line:\n%s", alerts)
	}
	checkCitedLine(t, html.UnescapeString(link[1]))
	if !strings.Contains(alerts, "redeemed pct: 75.00 %<span class=\"uncited\"> (no citation)</span>") {
		t.Error("the alert's uncited redeemed % must be shown as a percentage, marked as uncited")
	}
}

// TestHeadServesTheHeaders: HEAD on a page gets the GET's headers and no body.
func TestHeadServesTheHeaders(t *testing.T) {
	ts := httptest.NewServer(world.handler) // net/http, not a recorder, drops a HEAD's body
	defer ts.Close()
	g := get(t, "/spac/BWLA", "")
	resp, err := http.Head(ts.URL + "/spac/BWLA")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.ContentLength != int64(len(g.body)) || resp.Header.Get("ETag") != g.header.Get("ETag") {
		t.Errorf("HEAD: %d, Content-Length %d, ETag %q (GET: %d bytes, %q)", resp.StatusCode, resp.ContentLength,
			resp.Header.Get("ETag"), len(g.body), g.header.Get("ETag"))
	}
}

// TestCachedContentFollowsScopeAndData: a page rendered for the full universe is never
// served to a sample visitor, and a change of the data renders the page anew.
func TestCachedContentFollowsScopeAndData(t *testing.T) {
	rows := func(body string) int { return strings.Count(body, `<th scope="row"><a href="/spac/`) }
	if full, anon := mustPage(t, "/?limit=100", world.key, 200), mustPage(t, "/?limit=100", "", 200); rows(full) != 24 || rows(anon) != 5 {
		t.Errorf("keyed then anonymous: %d and %d rows, want 24 and 5", rows(full), rows(anon))
	}
	ctx := context.Background()
	cik, _ := world.db.ResolveSymbol(ctx, "QLAB")
	p, err := world.db.Profile(ctx, cik)
	if err != nil {
		t.Fatal(err)
	}
	events, err := world.db.Events(ctx, spac.EventQuery{CIKs: []spac.CIK{cik}})
	if err != nil {
		t.Fatal(err)
	}
	before := mustPage(t, "/spac/QLAB", world.key, 200)
	changed := p
	changed.Sponsor = "Renamed Sponsor Holdings LLC"
	if err := world.db.PutProfile(ctx, changed, events); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = world.db.PutProfile(ctx, p, events) })
	after := mustPage(t, "/spac/QLAB", world.key, 200)
	if strings.Contains(before, "Renamed Sponsor") || !strings.Contains(after, "Renamed Sponsor Holdings LLC") {
		t.Error("the SPAC page did not follow the data change")
	}
}

// TestMarketValuesAreCitedAsSuch: the share price is shown as quoted from the quotes file
// (no filing line to open) and the yield with its formula and its three inputs.
func TestMarketValuesAreCitedAsSuch(t *testing.T) {
	body := mustPage(t, "/spac/BWLA", world.key, http.StatusOK)
	price := regexp.MustCompile(`<tr id="trust-price">.*?</tr>`).FindString(body)
	if !strings.Contains(price, `<span class="v" title="quoted from quotes.csv as of `) {
		t.Errorf("price: %s", price)
	}
	ytm := regexp.MustCompile(`<tr id="trust-ytm_pct">.*?</tr>`).FindString(body)
	want := "= (payout per share ÷ price − 1) × 365 ÷ days from today to the payout date × 100"
	if !strings.Contains(ytm, want) || strings.Count(ytm, "<li>") != 3 || !strings.Contains(ytm, "price: “") {
		t.Errorf("yield: %s", ytm)
	}
}

// TestSearchFindsFormerNames: a closed SPAC is found by the name it filed under before.
func TestSearchFindsFormerNames(t *testing.T) {
	body := mustPage(t, "/search?q=quarry+lane", world.key, http.StatusOK)
	row := regexp.MustCompile(`<tr><th scope="row"><a href="/spac/NMBA">NMBA</a></th>.*?</tr>`).FindString(body)
	if !strings.Contains(row, "Quarry Lane Acquisition Corp</a>") {
		t.Errorf("NMBA's former name is not shown (linked): %q", row)
	}
}

// The alerts page says newest first: its rows follow the dates it shows, whatever order the
// alerts fired in.
func TestAlertsPageIsNewestFirst(t *testing.T) {
	alerts := mustPage(t, "/alerts?limit=100", world.key, http.StatusOK)
	dates := regexp.MustCompile(`<tr>\s*<td>(\d{4}-\d{2}-\d{2})</td>`).FindAllStringSubmatch(alerts, -1)
	if len(dates) < 2 {
		t.Fatalf("alerts page: %d dated rows", len(dates))
	}
	for i := 1; i < len(dates); i++ {
		if dates[i][1] > dates[i-1][1] {
			t.Fatalf("alerts page out of order: %s after %s", dates[i][1], dates[i-1][1])
		}
	}
}

// The alerts page's figures are grouped in thousands like its titles ("IPO of 20,000,000
// units"): an analyst reads "units offered: 20,000,000", not "20000000".
func TestAlertsPageGroupsFigures(t *testing.T) {
	alerts := mustPage(t, "/alerts?limit=100", world.key, http.StatusOK)
	figures := regexp.MustCompile(`<a class="v[^"]*"[^>]*>([^<]*)</a>`).FindAllStringSubmatch(alerts, -1)
	if len(figures) == 0 {
		t.Fatal("alerts page: no cited figures")
	}
	ungrouped := regexp.MustCompile(`^-?\d{4,}(\.\d+)?$`)
	for _, f := range figures {
		if ungrouped.MatchString(f[1]) {
			t.Errorf("alerts page shows %q without thousands separators", f[1])
		}
	}
}
