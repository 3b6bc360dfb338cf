package rule

import (
	"sort"
	"testing"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// periods runs rules over one 8-K Item 8.01 section and returns "field=value@period" facts.
func periods(t *testing.T, rules []*Rule, lines ...string) []string {
	t.Helper()
	b, err := NewBook(rules)
	if err != nil {
		t.Fatal(err)
	}
	r := extracttest.Filing("8-K", []string{"8.01"}, append([]string{"Item 8.01 Other Events."}, lines...)...)
	var out []string
	for _, f := range b.Run(doc.Build(r)) {
		out = append(out, f.Fact.Field+"="+f.Fact.Value+"@"+f.Fact.Period)
	}
	sort.Strings(out)
	return out
}

func TestLeadDatesTheParagraphsEvent(t *testing.T) {
	redeemed := &Rule{ID: "t.redeemed", Emit: One("shares_redeemed"), Pattern: `(?:On {p:date}, )?holders of {v:shares} redeemed`, Period: "p", Lead: true}
	got := periods(t, []*Rule{redeemed},
		// The paragraph opens with its event's date: the next sentences are of that event.
		"On March 3, 2024, the company held its meeting. At the meeting, holders of 1,000 shares redeemed them.",
		// A sentence that states its own date keeps it.
		"On April 9, 2024, holders of 2,000 shares redeemed them.",
		// A new paragraph (a line of its own) is not dated by the one before.
		"On May 2, 2024, the company held another meeting.",
		"At that meeting, holders of 3,000 shares redeemed them.",
	)
	want := []string{"shares_redeemed=1000@2024-03-03", "shares_redeemed=2000@2024-04-09", "shares_redeemed=3000@"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	// Without Lead the undated sentence keeps the filing's period.
	redeemed.Lead = false
	if got := periods(t, []*Rule{redeemed}, "On March 3, 2024, the company held its meeting. Then holders of 1,000 shares redeemed them."); len(got) != 1 || got[0] != "shares_redeemed=1000@" {
		t.Errorf("without Lead: %q", got)
	}
}

// TestOutPeriodOverridesTheRules: a production may date one of its values by a date of its
// own (a prior period's value in a sentence stating two periods).
func TestOutPeriodOverridesTheRules(t *testing.T) {
	pair := &Rule{ID: "t.pair", Gives: []string{"trust_balance"}, Period: "p",
		Pattern: `At {p:date} and {q:date}, the trust held {v:money} and {w:money}`,
		Produce: func(m *Match) []Out {
			cur, prior := m.Entities("v")[0], m.Entities("w")[0]
			o := m.Cite("trust_balance", "2.00", prior)
			o.Period = m.Entities("q")[0].Value
			return []Out{m.Cite("trust_balance", "1.00", cur), o}
		}}
	got := periods(t, []*Rule{pair}, "At June 30, 2024 and December 31, 2023, the trust held $1 and $2.")
	want := []string{"trust_balance=1.00@2024-06-30", "trust_balance=2.00@2023-12-31"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRecountedEventKeepsItsDate: a report's sentence that recounts an earlier event ("As
// previously disclosed, on <date>, ...") dates its values by that event, so they do not meet
// the reported event's (the filing's period); the date an earlier report was filed on is not
// the event's.
func TestRecountedEventKeepsItsDate(t *testing.T) {
	redeemed := &Rule{ID: "t.redeemed", Emit: One("shares_redeemed"), Pattern: `holders of {v:shares} redeemed`}
	got := periods(t, []*Rule{redeemed},
		"As previously disclosed, on February 9, 2023, the Company held a meeting at which holders of 1,000 shares redeemed them.",
		"As reported in the Form 8-K filed on March 1, 2023, on February 27, 2023, the Company held a meeting at which holders of 2,000 shares redeemed them.",
		"In connection with the second meeting, holders of 3,000 shares redeemed them.",
	)
	want := []string{"shares_redeemed=1000@2023-02-09", "shares_redeemed=2000@2023-02-27", "shares_redeemed=3000@"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
