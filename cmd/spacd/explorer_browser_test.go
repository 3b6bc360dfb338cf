package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestExplorerInBrowser drives the explorer in headless Chromium (Debian's package, installed
// by scripts/ci-deps.sh) against a real spacd serve on the embedded fixtures: it clicks a
// SPAC's trust size and lands on the filing view with the cited line highlighted, in view,
// and the quote marked; it follows each input of a derived value the same way; and it writes
// screenshots of the universe, a SPAC page and a filing view (to $SPAC_SCREENSHOTS, else a
// temporary directory it names). Without Chromium it skips, unless SPAC_REQUIRE_BROWSER=1
// (CI sets it), where a missing browser fails.
func TestExplorerInBrowser(t *testing.T) {
	// Not parallel: it starts Chromium, and a child holds a copy of the parent's file
	// descriptors from fork to exec, Badger's directory lock included, so a parallel test that
	// closes and reopens its store in that window finds it locked. Sequential tests run before
	// the parallel ones start.
	chrome := chromiumPath(t)
	ts := startServer(t, nil)
	ctx := newBrowser(t, chrome)
	shots := screenshotDir(t)
	const symbol = "BWLA" // in the anonymous sample: the browser has no key
	profile := fetchProfile(t, ts, symbol)

	browse(t, ctx, chromedp.Navigate(ts.base+"/"), chromedp.WaitVisible(chromedp.CSS("#universe")))
	fitsTheWindow(t, ctx, "#universe")
	screenshot(t, ctx, filepath.Join(shots, "explorer-universe.png"))

	trust := citedField(t, profile.Citations, "trust_size")
	browse(t, ctx, chromedp.Navigate(ts.base+"/spac/"+symbol+"#trust"), chromedp.WaitVisible(chromedp.CSS("#trust-trust_size a.v")))
	screenshot(t, ctx, filepath.Join(shots, "explorer-spac.png"))
	browse(t, ctx, chromedp.Click(chromedp.CSS("#trust-trust_size a.v")))
	landsOnCitedLine(t, ctx, trust)
	screenshot(t, ctx, filepath.Join(shots, "explorer-filing.png"))

	derived := citedField(t, profile.Citations, "redeemed_pct")
	if derived.Basis != "derived" || len(derived.Inputs) < 2 {
		t.Fatalf("%s redeemed_pct is not derived from inputs: %+v", symbol, derived)
	}
	for i, in := range derived.Inputs {
		sel := chromedp.CSS(fmt.Sprintf("#trust-redeemed_pct .derivation li:nth-child(%d) a.in", i+1))
		browse(t, ctx, chromedp.Navigate(ts.base+"/spac/"+symbol), chromedp.WaitVisible(sel), chromedp.Click(sel))
		landsOnCitedLine(t, ctx, in)
	}
	browse(t, ctx, chromedp.Navigate(ts.base+"/news"), chromedp.WaitVisible(chromedp.CSS("#items a[href^='/spac/']")))
	screenshot(t, ctx, filepath.Join(shots, "explorer-news.png"))
	browse(t, ctx, chromedp.Navigate(ts.base+"/calendar?from=2020-01-01"), chromedp.WaitVisible(chromedp.CSS("#events a.v")))
	alertsWithKey(t, ctx, ts, filepath.Join(shots, "explorer-alerts.png"))
	docsShowEveryScreenshot(t, shots)
	t.Logf("screenshots in %s", shots)
}

// alertsWithKey opens the alerts page as an analyst does: anonymous, it asks for a key; the
// key entered in its form brings the visitor back to the alerts, whose cited figures show.
func alertsWithKey(t *testing.T, ctx context.Context, ts *testServer, shot string) {
	t.Helper()
	key := ts.createKey(t, "institutional")
	browse(t, ctx, chromedp.Navigate(ts.base+"/alerts"), chromedp.WaitVisible(chromedp.CSS("#key")),
		chromedp.SendKeys(chromedp.CSS("#key"), key), chromedp.Submit(chromedp.CSS("#key")),
		chromedp.WaitVisible(chromedp.CSS("#items a.v")))
	if loc := read(t, ctx, chromedp.Location()); !strings.HasSuffix(loc, "/alerts") {
		t.Errorf("the key form led to %s, want back to /alerts", loc)
	}
	screenshot(t, ctx, shot)
}

// docsShowEveryScreenshot fails when docs/explorer.md does not show a page this test
// photographs, so the pictures in docs/ are the ones the test takes.
func docsShowEveryScreenshot(t *testing.T, shots string) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "explorer.md"))
	if err != nil {
		t.Fatal(err)
	}
	taken, _ := filepath.Glob(filepath.Join(shots, "explorer-*.png"))
	for _, p := range taken {
		if name := filepath.Base(p); !strings.Contains(string(doc), "]("+name+")") {
			t.Errorf("docs/explorer.md does not show %s, which this test takes", name)
		}
	}
}

// fitsTheWindow fails when the table is wider than its scroll box at the browser's 1280 px:
// columns an analyst must scroll sideways to see are clipped.
func fitsTheWindow(t *testing.T, ctx context.Context, table string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const t = document.querySelector(%q); return [t.scrollWidth, t.parentElement.clientWidth] })()`, table)
	w := read(t, ctx, chromedp.Evaluate[[]int](js))
	if len(w) != 2 || w[0] > w[1] {
		t.Errorf("%s is %v px wide in a box of %v px at a 1280 px window: columns are clipped", table, w[0], w[1])
	}
}

// chromiumPath is Debian's Chromium, or a skip (a failure where CI requires the browser).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "chromium"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("SPAC_REQUIRE_BROWSER") == "1" {
		t.Fatal("SPAC_REQUIRE_BROWSER=1 but Chromium is not installed: run scripts/ci-deps.sh")
	}
	t.Skip("Chromium is not installed (scripts/ci-deps.sh installs it); skipping the browser test")
	return ""
}

// newBrowser starts headless Chromium with a fresh profile and the flags this machine's
// closed network needs (no QUIC, no background or update traffic).
func newBrowser(t *testing.T, chrome string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chrome), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("hide-scrollbars", true),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	return ctx
}

func browse(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// read runs one action returning a value.
func read[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	return v
}

// landsOnCitedLine checks the page the browser is on: the filing view of the citation's
// accession, scrolled to its line, which is highlighted, in view, and marks the quote.
func landsOnCitedLine(t *testing.T, ctx context.Context, c cited) {
	t.Helper()
	browse(t, ctx, chromedp.WaitVisible(chromedp.CSS("tr.cited")))
	loc := read(t, ctx, chromedp.Location())
	id := read(t, ctx, chromedp.Evaluate[string](`document.querySelector("tr.cited").id`))
	line := read(t, ctx, chromedp.Text(chromedp.CSS("tr.cited")))
	mark := read(t, ctx, chromedp.Evaluate[string](`(() => { const m = document.querySelector("tr.cited mark"); return m ? m.textContent : "" })()`))
	inView := read(t, ctx, chromedp.Evaluate[bool](`(() => { const r = document.querySelector("tr.cited").getBoundingClientRect();
		return r.top >= 0 && r.bottom <= window.innerHeight })()`))
	want := "L" + strconv.Itoa(c.Line)
	if !strings.Contains(loc, "/filings/"+c.Accession+"?") || !strings.HasSuffix(loc, "#"+want) {
		t.Errorf("%s: landed on %s, want the filing %s at #%s", c.Field, loc, c.Accession, want)
	}
	if id != want || mark != c.Quote || !strings.Contains(line, c.Quote) || !inView {
		t.Errorf("%s: highlighted %q (want %s), marked %q (want %q), in view %v; line: %.200s", c.Field, id, want, mark, c.Quote, inView, line)
	}
}

// screenshot writes the viewport as a PNG and checks it decodes.
func screenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	buf := read(t, ctx, chromedp.CaptureScreenshot())
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil || img.Bounds().Dx() < 600 {
		t.Fatalf("%s: not a screenshot (%v)", path, err)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// screenshotDir is $SPAC_SCREENSHOTS, else a new temporary directory left for the reader.
func screenshotDir(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("SPAC_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	d, err := os.MkdirTemp("", "spac-explorer-screenshots-")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// cited is a citation as the API serves it.
type cited struct {
	Field     string  `json:"field"`
	Accession string  `json:"accession"`
	Line      int     `json:"line"`
	Quote     string  `json:"quote"`
	Basis     string  `json:"basis"`
	Inputs    []cited `json:"inputs"`
}

type explorerProfile struct {
	Citations []cited `json:"citations"`
}

// fetchProfile reads the profile as the API serves it: the citations the pages must link.
func fetchProfile(t *testing.T, ts *testServer, symbol string) explorerProfile {
	t.Helper()
	resp, err := ts.client.Get(ts.base + "/v1/spac/" + symbol)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var p explorerProfile
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&p) != nil {
		t.Fatalf("GET /v1/spac/%s: %d", symbol, resp.StatusCode)
	}
	return p
}

func citedField(t *testing.T, cs []cited, field string) cited {
	t.Helper()
	for _, c := range cs {
		if c.Field == field {
			return c
		}
	}
	t.Fatalf("no citation of %s", field)
	return cited{}
}
