package entity

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spacdata/spac/ingest/extract/textutil"
)

// everyClue runs every recogniser, whatever the text holds.
var everyClue = clues{true, true, true, true, true, true, true, true, true, true, true, true}

// TestCluesHideNoEntity: the clues only skip recognisers that cannot find anything, so every
// sentence of the rule corpora yields the same entities with the clues read as with every
// recogniser run. A recogniser whose pattern learns a new word (an exchange's old name) without
// its clue fails here, instead of silently missing that word in every filing.
func TestCluesHideNoEntity(t *testing.T) {
	texts := corpusTexts(t)
	if len(texts) < 500 {
		t.Fatalf("read %d corpus texts; the corpora moved?", len(texts))
	}
	for _, text := range texts {
		got, want := recognise(text, cluesOf(text)), recognise(text, everyClue)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("clues hide entities in %q:\n with clues %v\n all run    %v", text, got, want)
		}
	}
}

// corpusTexts are the example lines and table rows of the rule corpora, each line alone and
// each example's lines joined (a sentence wraps across lines).
func corpusTexts(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("..", "rules", "testdata", "*.corpus"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpora: %v", err)
	}
	var texts, example []string
	flush := func() {
		if len(example) > 1 {
			texts = append(texts, strings.Join(example, " "))
		}
		example = example[:0]
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if text, ok := strings.CutPrefix(line, "> "); ok {
				texts, example = append(texts, text), append(example, text)
				continue
			}
			if strings.HasPrefix(line, "|") {
				texts = append(texts, line)
				continue
			}
			flush()
		}
		flush()
		fh.Close()
	}
	return texts
}

// TestStartsFindTheRegexpsMatches: every recogniser's pattern, sought only where a match can
// begin (textutil.Starts), finds what the plain regexp finds in every corpus text, and the
// patterns that can be sought so are (but those with a literal prefix, which regexp seeks).
func TestStartsFindTheRegexpsMatches(t *testing.T) {
	patterns := map[string]*textutil.Starts{
		"money": moneyRe, "quantity": quantityRe, "count": countRe, "percent": percentRe,
		"duration": durationRe, "quoted ticker": quotedTickerRe, "paren ticker": parenTickerRe,
		"bare ticker": bareTickerRe, "exchange": exchangeRe, "org": orgRe, "parties": partiesRe,
	}
	texts := corpusTexts(t)
	for name, re := range patterns {
		if prefix, _ := re.LiteralPrefix(); prefix == "" && !textutil.Accelerated(re) {
			t.Errorf("%s: no first bytes known", name) // (a literal prefix regexp seeks itself)
		}
		for _, text := range texts {
			if got, want := re.FindAllStringSubmatchIndex(text, -1), re.Regexp.FindAllStringSubmatchIndex(text, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%s in %q: %v, the regexp %v", name, text, got, want)
			}
		}
	}
}
