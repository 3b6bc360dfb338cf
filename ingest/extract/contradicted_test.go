package extract

import (
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// TestContradictedEventDate: an event date that another sentence of the filing gives
// differently at the same rank is not kept (a release telling of two extensions); the same
// date twice, a lower-ranked other date, a higher rank that settles it, or two readings of one
// sentence keep a value, and amounts are not subject to the test.
func TestContradictedEventDate(t *testing.T) {
	type in struct {
		field, value, sentence string
		priority               int
	}
	cases := []struct {
		name string
		ins  []in
		want string // "" = nothing kept
	}{
		{"two deadlines, two sentences", []in{
			{spac.FieldNewDeadline, "2024-04-22", "s1", 10}, {spac.FieldNewDeadline, "2024-10-22", "s2", 10}}, ""},
		{"one deadline twice", []in{
			{spac.FieldNewDeadline, "2024-04-22", "s1", 10}, {spac.FieldNewDeadline, "2024-04-22", "s2", 10}}, "2024-04-22"},
		{"other date at a lower rank", []in{
			{spac.FieldMeetingDate, "2024-04-22", "s1", 10}, {spac.FieldMeetingDate, "2024-04-23", "s2", 9}}, "2024-04-22"},
		{"a higher rank settles it", []in{
			{spac.FieldLiquidationDate, "2024-04-22", "s1", 10}, {spac.FieldLiquidationDate, "2024-04-25", "s2", 10},
			{spac.FieldLiquidationDate, "2024-04-25", "s3", 12}}, "2024-04-25"},
		{"one sentence, two readings", []in{
			{spac.FieldRecordDate, "2024-04-22", "s1", 10}, {spac.FieldRecordDate, "2024-03-22", "s1", 10}}, "2024-04-22"},
		{"amounts are not tested", []in{
			{spac.FieldIPOGrossProceeds, "100000000.00", "s1", 10}, {spac.FieldIPOGrossProceeds, "15000000.00", "s2", 10}}, "100000000.00"},
	}
	for _, c := range cases {
		col := newCollector(doc.Current)
		for i, x := range c.ins {
			col.add(rule.Finding{Rule: "test.rule", Priority: x.priority, Sentence: x.sentence,
				Fact: spac.Fact{Field: x.field, Value: x.value, Citation: spac.Citation{Line: 10 + i}}})
		}
		got := ""
		if k := col.kept(); len(k) == 1 {
			got = k[0].Fact.Value
		} else if len(k) > 1 {
			t.Errorf("%s: kept %d findings", c.name, len(k))
			continue
		}
		if got != c.want {
			t.Errorf("%s: kept %q, want %q", c.name, got, c.want)
		}
	}
}
