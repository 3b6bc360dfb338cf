package news

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// manifestSPAC is the part of fixtures/corpus/MANIFEST.json the linker needs.
type manifestSPAC struct {
	CIK          spac.CIK `json:"cik"`
	Name         string   `json:"name"`
	OriginalName string   `json:"original_name"`
	Symbol       string   `json:"symbol"`
	Tickers      struct {
		Units, Shares, Warrants, Rights string
		Previous                        []string
	} `json:"tickers"`
}

// fixtureUniverse reads the fixture manifest, skipping when the corpus is not there.
func fixtureUniverse(t *testing.T) []Entity {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "fixtures", "corpus", "MANIFEST.json"))
	if err != nil {
		t.Skipf("fixture manifest not available: %v", err)
	}
	var m struct{ SPACs []manifestSPAC }
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	var out []Entity
	for _, s := range m.SPACs {
		e := EntityOf(spac.SPAC{CIK: s.CIK, Name: s.Name, Symbol: s.Symbol, Tickers: spac.Tickers{
			Shares: s.Tickers.Shares, Units: s.Tickers.Units, Warrants: s.Tickers.Warrants,
			Rights: s.Tickers.Rights, Previous: s.Tickers.Previous}})
		if s.OriginalName != "" && s.OriginalName != s.Name {
			e.Aliases = append(e.Aliases, s.OriginalName)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		t.Fatal("manifest lists no SPACs")
	}
	return out
}

// The fixture feed's GUIDs name the SPAC each item is about ("fixture-<cik>-<event>-<date>");
// the linker must find that SPAC in (nearly) every item from the text alone.
func TestFixtureFeedLinks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "fixtures", "news", "feed.xml"))
	if err != nil {
		t.Skipf("fixture feed not available: %v", err)
	}
	l := NewLinker(fixtureUniverse(t))
	h := newHarness(t, 0, Feed{Name: "fixture", Data: data})
	h.agg.SetLinker(l)
	r := h.agg.Poll(t.Context())
	if r.Err != nil || r.Fetched == 0 || r.Added != r.Fetched {
		t.Fatalf("poll of the fixture feed: %+v", r)
	}
	articles := h.drainNews()
	linked := 0
	for _, a := range articles {
		want, ok := guidCIK(t, data, a)
		if !ok {
			t.Errorf("no fixture guid for %q", a.Title)
			continue
		}
		if len(a.CIKs) > 1 {
			t.Logf("%q -> %v", a.Title, a.CIKs)
		}
		if slices.Contains(a.CIKs, want) {
			linked++
		} else {
			t.Logf("not linked to %s: %q -> %v", want, a.Title, a.CIKs)
		}
		if len(a.CIKs) > 0 && len(a.Symbols) == 0 {
			t.Errorf("%q linked without symbols", a.Title)
		}
	}
	if linked*10 < len(articles)*9 {
		t.Fatalf("linked %d of %d fixture articles to their SPAC, want at least 90%%", linked, len(articles))
	}
	t.Logf("linked %d of %d fixture articles", linked, len(articles))
}

// guidCIK finds the CIK in the GUID of the feed item a came from (matched by its link).
func guidCIK(t *testing.T, feed []byte, a spac.Article) (spac.CIK, bool) {
	t.Helper()
	items, err := rawItems(feed)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.Link == a.URL {
			parts := strings.Split(it.GUID, "-")
			if len(parts) > 1 {
				return spac.CIK(parts[1]), true
			}
		}
	}
	return "", false
}
