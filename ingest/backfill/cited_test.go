package backfill_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// checkAllCited walks every citation of a profile: a stated one must sit on a line of its
// filing that holds its quote; a derived one must name its inputs, each cited the same way.
func checkAllCited(t *testing.T, e *env, p spac.Profile) {
	t.Helper()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		t.Fatal(err)
	}
	n := 0
	walkCitations(tree, func(c spac.Citation) {
		n++
		checkCitation(t, e, c)
	})
	if n == 0 {
		t.Error("the profile carries no citation")
	}
	t.Logf("%d citations checked", n)
}

// walkCitations calls fn with every object under a "citation" or "citations" key.
func walkCitations(v any, fn func(spac.Citation)) {
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			if k == "citation" || k == "citations" {
				for _, c := range asCitations(child) {
					fn(c)
				}
				continue
			}
			walkCitations(child, fn)
		}
	case []any:
		for _, child := range x {
			walkCitations(child, fn)
		}
	}
}

func asCitations(v any) []spac.Citation {
	raw, _ := json.Marshal(v)
	var many []spac.Citation
	if json.Unmarshal(raw, &many) == nil {
		return many
	}
	var one spac.Citation
	_ = json.Unmarshal(raw, &one)
	return []spac.Citation{one}
}

func checkCitation(t *testing.T, e *env, c spac.Citation) {
	t.Helper()
	if c.Line == 0 {
		if len(c.Inputs) == 0 {
			t.Errorf("%s (%s): neither a line nor inputs", c.Field, c.Accession)
		}
		for _, in := range c.Inputs {
			checkCitation(t, e, in)
		}
		return
	}
	lines, err := e.db.Lines(context.Background(), c.Accession, c.Line, c.Line)
	if err != nil || len(lines) != 1 {
		t.Errorf("%s: line %d of %s: %v", c.Field, c.Line, c.Accession, err)
		return
	}
	if c.Quote == "" || !strings.Contains(lines[0], c.Quote) {
		t.Errorf("%s: line %d of %s %q does not hold the quote %q", c.Field, c.Line, c.Accession, lines[0], c.Quote)
	}
}
