package extract

import (
	"regexp/syntax"
	"testing"
)

// TestLinePatternsAreAnchored: a pattern tried on every line that begins with ^ must say so
// before its alternation (^(?:a|b), not ^a|^b), or Go's regexp tries every position of the line.
func TestLinePatternsAreAnchored(t *testing.T) {
	for name, pattern := range map[string]string{"coverDateRe": coverDateRe.String()} {
		re, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := syntax.Compile(re.Simplify())
		if err != nil {
			t.Fatal(err)
		}
		if prog.StartCond()&syntax.EmptyBeginText == 0 {
			t.Errorf("%s is not anchored as a whole: %s", name, pattern)
		}
	}
}
