package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// TestOncePerStatement: in an 8-K, one line's deadline read by two rules at two periods (the
// filing's and the event's) is one fact; two events' deadlines on two lines stay two; a
// periodic report's equal values of two periods on one line stay two.
func TestOncePerStatement(t *testing.T) {
	finding := func(rule_ string, prio, line int, period, value string) rule.Finding {
		return rule.Finding{Rule: rule_, Priority: prio,
			Fact: spac.Fact{Field: spac.FieldNewDeadline, Value: value, Period: period, Citation: spac.Citation{Line: line}}}
	}
	cases := []struct {
		name  string
		class doc.Class
		found []rule.Finding
		want  int
	}{
		{"one statement, two periods", doc.Current, []rule.Finding{
			finding("a", 10, 12, "2024-11-26", "2024-12-02"), finding("b", 9, 12, "2024-10-30", "2024-12-02")}, 1},
		{"two events on two lines", doc.Current, []rule.Finding{
			finding("a", 10, 12, "2024-11-26", "2024-11-02"), finding("b", 9, 14, "2024-10-30", "2024-12-02"),
			finding("b", 9, 15, "2024-11-25", "2025-01-02")}, 3},
		{"a report's two periods", doc.Periodic, []rule.Finding{
			finding("a", 10, 12, "2024-06-30", "2024-12-02"), finding("a", 10, 12, "2023-12-31", "2024-12-02")}, 2},
	}
	for _, c := range cases {
		col := newCollector(c.class)
		for _, f := range c.found {
			col.add(f)
		}
		if got := col.kept(); len(got) != c.want {
			t.Errorf("%s: kept %d findings, want %d", c.name, len(got), c.want)
		} else if c.want == 1 && got[0].Rule != "a" {
			t.Errorf("%s: kept rule %s, want the higher-ranked a", c.name, got[0].Rule)
		}
	}
}
