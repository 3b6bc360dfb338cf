package pipeline_test

import (
	"context"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

// minVerifiedFacts is a floor under the number of facts the committed corpus yields (measured:
// 2,817 with the extractors of this commit). A big drop means an extractor or the store lost facts.
const minVerifiedFacts = 2500

// TestIngestCorpus ingests the fixture corpus and checks the run summary.
func TestIngestCorpus(t *testing.T) {
	e, sum := corpusEnv(t)
	files := corpusFiles(t)
	m := manifest(t)
	if sum.Files != len(files) {
		t.Errorf("Files = %d, want %d (.txt files in the corpus)", sum.Files, len(files))
	}
	if sum.Filings != len(files) || sum.Changed != len(files) {
		t.Errorf("Filings = %d, Changed = %d, want %d each on a fresh store", sum.Filings, sum.Changed, len(files))
	}
	for _, ie := range sum.Errors {
		t.Errorf("unexpected ingest error: %s: %s", ie.Source, ie.Reason)
	}
	if len(m.SPACs) != 24 || sum.SPACs != len(m.SPACs) {
		t.Errorf("SPACs = %d, manifest lists %d, want 24", sum.SPACs, len(m.SPACs))
	}
	if got := len(allCIKs(t, e.store)); got != len(m.SPACs) {
		t.Errorf("EachCIK visits %d CIKs, want %d", got, len(m.SPACs))
	}
	if n, err := e.index.Count(context.Background()); err != nil || n != uint64(len(m.SPACs)) {
		t.Errorf("index Count = %d, %v; want %d", n, err, len(m.SPACs))
	}
	if sum.Facts < minVerifiedFacts {
		t.Errorf("Facts = %d, want at least %d", sum.Facts, minVerifiedFacts)
	}
}

// TestEveryStoredFactIsCited walks every fact of every SPAC in the store and checks its
// citation against the stored canonical text: the cited line holds the quote, the excerpt is
// that line trimmed (or a window of it around the quote), and the citation names the right filing.
func TestEveryStoredFactIsCited(t *testing.T) {
	e, sum := corpusEnv(t)
	ctx := context.Background()
	verified := 0
	for _, cik := range allCIKs(t, e.store) {
		facts, err := e.store.FactsOf(ctx, cik)
		if err != nil {
			t.Fatalf("FactsOf %s: %v", cik, err)
		}
		forms := filingForms(t, e.store, cik)
		for _, f := range facts {
			if checkFactCitation(t, e.store, cik, forms, f) {
				verified++
			}
		}
	}
	t.Logf("verified %d facts against their stored canonical lines", verified)
	if verified != sum.Facts {
		t.Errorf("verified %d facts, the ingest summary reported %d", verified, sum.Facts)
	}
	if verified < minVerifiedFacts {
		t.Errorf("verified only %d facts, want at least %d", verified, minVerifiedFacts)
	}
}

// filingForms maps the accessions of a SPAC's stored filings to their form types.
func filingForms(t *testing.T, store spac.FilingStore, cik spac.CIK) map[string]spac.Filing {
	t.Helper()
	filings, err := store.FilingsOf(context.Background(), cik)
	if err != nil {
		t.Fatalf("FilingsOf %s: %v", cik, err)
	}
	out := make(map[string]spac.Filing, len(filings))
	for _, f := range filings {
		out[f.Accession] = f
	}
	return out
}

// checkFactCitation reports whether f's citation holds against the store, failing t if not.
func checkFactCitation(t *testing.T, store spac.FilingStore, cik spac.CIK, filings map[string]spac.Filing, f spac.Fact) bool {
	t.Helper()
	c := f.Citation
	what := string(cik) + " " + f.Field + "=" + f.Value + " @ " + c.Accession
	filing, ok := filings[c.Accession]
	if !ok {
		t.Errorf("%s: cites a filing that is not one of the SPAC's", what)
		return false
	}
	if f.CIK != cik || c.Field != f.Field || c.Filing != filing.Form {
		t.Errorf("%s: identity mismatch: fact CIK %s, citation field %q form %q (filing form %q)", what, f.CIK, c.Field, c.Filing, filing.Form)
		return false
	}
	lines, err := store.Lines(context.Background(), c.Accession, c.Line, c.Line)
	if err != nil || len(lines) != 1 {
		t.Errorf("%s: Lines(%d, %d) = %d lines, %v", what, c.Line, c.Line, len(lines), err)
		return false
	}
	line := lines[0]
	if c.Quote == "" || !strings.Contains(line, c.Quote) {
		t.Errorf("%s: line %d %q does not hold quote %q", what, c.Line, line, c.Quote)
		return false
	}
	if !excerptOf(line, c.Quote, c.Excerpt) {
		t.Errorf("%s: excerpt %q is not line %d %q trimmed, nor a window of it showing the quote", what, c.Excerpt, c.Line, line)
		return false
	}
	return true
}

// excerptOf reports whether excerpt is line trimmed or, for a long line, a window of it that
// shows the quote, with "…" marking each cut (spac.Excerpt).
func excerptOf(line, quote, excerpt string) bool {
	line = strings.TrimSpace(line)
	if excerpt == line {
		return true
	}
	window, cutStart := strings.CutPrefix(excerpt, "…")
	window, cutEnd := strings.CutSuffix(window, "…")
	switch {
	case !cutStart && !cutEnd, window == "":
		return false
	case cutStart && !strings.HasSuffix(line, window) && !cutEnd:
		return false
	case cutEnd && !strings.HasPrefix(line, window) && !cutStart:
		return false
	}
	return strings.Contains(line, window) && strings.Contains(window, quote)
}

// TestExcerptOf pins the excerpt check itself, against spac.Excerpt's output on a long line.
func TestExcerptOf(t *testing.T) {
	long := strings.Repeat("lorem ipsum ", 60) + "a trust account of $250,000,000 was funded " + strings.Repeat("dolor sit ", 60)
	for _, tc := range []struct {
		name, line, quote, excerpt string
		want                       bool
	}{
		{"short line", "  Sponsor LLC  ", "Sponsor LLC", "Sponsor LLC", true},
		{"window from spac.Excerpt", long, "$250,000,000", spac.Excerpt(long, "$250,000,000"), true},
		{"head of a long line", long, "lorem", spac.Excerpt(long, "lorem"), true},
		{"other text", "Sponsor LLC", "Sponsor", "Other LLC", false},
		{"window without the quote", long, "$250,000,000", "…" + strings.Repeat("lorem ipsum ", 10) + "…", false},
		{"cut without a mark", long, "lorem", strings.Repeat("lorem ipsum ", 3), false},
	} {
		if got := excerptOf(tc.line, tc.quote, tc.excerpt); got != tc.want {
			t.Errorf("%s: excerptOf = %v, want %v (excerpt %q)", tc.name, got, tc.want, tc.excerpt)
		}
	}
}
