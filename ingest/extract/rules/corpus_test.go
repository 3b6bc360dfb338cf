package rules_test

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/extracttest"
	"github.com/spacdata/spac/ingest/extract/rules"
)

// TestCorpus runs every example of every family's corpus through the whole extractor (the
// structured readers and all rules, not one rule alone): each listed field must give exactly
// the listed values, each field marked "-" nothing, and every fact must be cited.
func TestCorpus(t *testing.T) {
	for family := range rules.Families() {
		t.Run(family, func(t *testing.T) {
			examples := readCorpus(t, family)
			failed := 0
			for _, ex := range examples {
				if !checkExample(t, ex) {
					failed++
				}
			}
			t.Logf("%s: %d/%d examples pass", family, len(examples)-failed, len(examples))
		})
	}
}

func readCorpus(t *testing.T, family string) []extracttest.Example {
	t.Helper()
	examples, err := extracttest.ReadCorpus(filepath.Join("testdata", family+".corpus"))
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) == 0 {
		t.Fatalf("%s corpus has no examples", family)
	}
	return examples
}

// checkExample runs one example and reports whether it passed.
func checkExample(t *testing.T, ex extracttest.Example) bool {
	t.Helper()
	r := ex.Filing()
	found := extract.Explain(r)
	got := map[string][]string{}
	rulesOf := map[string][]string{}
	for _, f := range found {
		if strings.HasPrefix(f.Rule, "header.") {
			continue // the SGML header is the example's synthetic context, not its text
		}
		for _, field := range corpusFields(f.Fact) {
			got[field] = append(got[field], f.Fact.Value)
			rulesOf[field] = append(rulesOf[field], f.Rule)
		}
	}
	ok := true
	for field, want := range ex.Want {
		if !sameSet(got[field], want) {
			t.Errorf("%s: %s = %q (rules %q), want %q", ex.Source, field, got[field], rulesOf[field], want)
			ok = false
		}
	}
	for _, field := range ex.Absent {
		if len(got[field]) > 0 {
			t.Errorf("%s: %s = %q (rules %q), want none", ex.Source, field, got[field], rulesOf[field])
			ok = false
		}
	}
	facts := extract.Facts(r)
	extracttest.CheckCited(t, r, facts)
	return ok
}

// corpusFields are the names a corpus may expect a fact under: its field, and for a fact of
// a party also "field[party]" ("lockup_months[sponsor] = 12").
func corpusFields(f spac.Fact) []string {
	if f.Party == "" {
		return []string{f.Field}
	}
	return []string{f.Field, f.Field + "[" + f.Party + "]"}
}

func sameSet(got, want []string) bool {
	a, b := slices.Clone(got), slices.Clone(want)
	sort.Strings(a)
	sort.Strings(b)
	return strings.Join(slices.Compact(a), "\x00") == strings.Join(slices.Compact(b), "\x00")
}

// TestEveryRuleHasExamples: every rule fires, with a value the example expects, on at least
// one example of the corpora, and every field a rule emits has a negative example (a field
// marked "-") of the rule's own family; every field of a family has three positive examples.
func TestEveryRuleHasExamples(t *testing.T) {
	fired := map[string]bool{}
	negatives := map[string]map[string]bool{} // family -> fields with a negative
	positives := map[string]map[string]int{}  // family -> field -> positive examples
	nRules, nExamples := 0, 0
	for family := range rules.Families() {
		negatives[family], positives[family] = map[string]bool{}, map[string]int{}
		examples := readCorpus(t, family)
		nRules, nExamples = nRules+len(rules.Families()[family]), nExamples+len(examples)
		for _, ex := range examples {
			for _, f := range ex.Absent {
				negatives[family][f] = true
			}
			for field := range ex.Want {
				positives[family][field]++
			}
			for _, f := range extract.Explain(ex.Filing()) {
				for _, field := range corpusFields(f.Fact) {
					if slices.Contains(ex.Want[field], f.Fact.Value) {
						fired[f.Rule] = true
					}
				}
			}
		}
	}
	// docs/extraction.md states no counts (they drift with every rule); this is where they are.
	t.Logf("%d rules in %d families, %d corpus examples", nRules, len(rules.Families()), nExamples)
	for family, list := range rules.Families() {
		for _, r := range list {
			if !fired[r.ID] {
				t.Errorf("rule %s fires on no example of the corpora", r.ID)
			}
			for _, field := range r.Fields() {
				if !negatives[family][field] {
					t.Errorf("rule %s: field %s has no negative example in %s.corpus", r.ID, field, family)
				}
			}
		}
		for field, n := range positives[family] {
			if n < 3 {
				t.Errorf("%s.corpus: field %s has %d positive examples, want 3 or more", family, field, n)
			}
		}
	}
}

// TestPrefilterAdmitsEveryMatch: the literal prefilter only saves time; it must let through
// every sentence of the corpora that a rule's pattern matches.
func TestPrefilterAdmitsEveryMatch(t *testing.T) {
	checked := 0
	for family := range rules.Families() {
		for _, ex := range readCorpus(t, family) {
			for _, s := range doc.Build(ex.Filing()).Sentences {
				masked := entity.Mask(s.Text).Text
				for _, r := range rules.Book().Rules() {
					if r.Matches(masked) {
						checked++
						if !r.MayMatch(s.Text) {
							t.Errorf("%s: rule %s matches %q but its prefilter refuses it", ex.Source, r.ID, s.Text)
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d matches checked", checked)
	}
	t.Logf("%d matching sentences admitted", checked)
}
