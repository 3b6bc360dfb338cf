package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// TestExclusiveRuleDisagreement: an exclusive rule that reads two different values of one
// field in one filing keeps neither; when both readings agree, or the rule is not exclusive
// (the first line wins), a value is kept.
func TestExclusiveRuleDisagreement(t *testing.T) {
	finding := func(line int, value string, exclusive bool) rule.Finding {
		return rule.Finding{Rule: "meeting.test", Priority: 9, Exclusive: exclusive,
			Fact: spac.Fact{Field: spac.FieldNewDeadline, Value: value, Citation: spac.Citation{Line: line}}}
	}
	cases := []struct {
		name      string
		exclusive bool
		values    []string
		want      []string
	}{
		{"exclusive, two deadlines", true, []string{"2024-04-22", "2024-10-22"}, nil},
		{"exclusive, one deadline twice", true, []string{"2024-08-03", "2024-08-03"}, []string{"2024-08-03"}},
		{"not exclusive: the first line wins", false, []string{"2024-04-22", "2024-10-22"}, []string{"2024-04-22"}},
	}
	for _, c := range cases {
		col := newCollector(doc.Current)
		for i, v := range c.values {
			col.add(finding(10+i, v, c.exclusive))
		}
		var got []string
		for _, f := range col.kept() {
			got = append(got, f.Fact.Value)
		}
		if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
			t.Errorf("%s: kept %q, want %q", c.name, got, c.want)
		}
	}
}
