package rule

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// run compiles rules and runs them over one 8-K Item 8.01 section holding lines.
func run(t *testing.T, rules []*Rule, lines ...string) []string {
	t.Helper()
	b, err := NewBook(rules)
	if err != nil {
		t.Fatal(err)
	}
	r := extracttest.Filing("8-K", []string{"8.01"}, append([]string{"Item 8.01 Other Events."}, lines...)...)
	var out []string
	for _, f := range b.Run(doc.Build(r)) {
		c := f.Fact.Citation
		if !strings.Contains(r.Line(c.Line), c.Quote) {
			t.Errorf("%s: quote %q not on line %d", f.Rule, c.Quote, c.Line)
		}
		out = append(out, fmt.Sprintf("%s=%s", f.Fact.Field, f.Fact.Value))
	}
	sort.Strings(out)
	return out
}

func TestCompileErrors(t *testing.T) {
	for name, r := range map[string]*Rule{
		"unknown kind":  {ID: "a", Emit: One("x"), Pattern: `{v:widget}`},
		"missing slot":  {ID: "b", Emit: One("x"), Pattern: `{w:money}`},
		"emits nothing": {ID: "c", Pattern: `{v:money}`},
		"bad regexp":    {ID: "d", Emit: One("x"), Pattern: `({v:money}`},
	} {
		if err := r.Compile(); err == nil {
			t.Errorf("%s: compiled", name)
		}
	}
	dup := []*Rule{{ID: "same", Emit: One("x"), Pattern: `{v:money}`}, {ID: "same", Emit: One("x"), Pattern: `{v:money}`}}
	if _, err := NewBook(dup); err == nil {
		t.Error("duplicate ids accepted")
	}
}

func TestRequirements(t *testing.T) {
	got := fmt.Sprint(requirements(`(?i)holders of {v:shares} (?:validly )?exercised (?:their|its) rights? to redeem`))
	if got != "[[holders of ] [exercised ] [their its] [ right] [ to redeem]]" {
		t.Errorf("requirements = %s", got)
	}
	// An alternative without a literal requires nothing; entity slots are not text.
	if got := requirements(`(?:{v:money}|per unit)`); len(got) != 0 {
		t.Errorf("requirements of an alternation with a bare slot = %v", got)
	}
}

func TestProduction(t *testing.T) {
	rules := []*Rule{
		{ID: "redeemed", Emit: Emit{"v": spac.FieldSharesRedeemed, "p": spac.FieldRedemptionPrice},
			Pattern: `(?i)holders of {v:shares} exercised their right to redeem .*?price of (?:approximately )?{p:money} per share`,
			Not:     `(?i)\bif\b`},
		{ID: "lockup", Emit: One(spac.FieldLockupDays + "|" + spac.FieldLockupMonths),
			Pattern: `(?i)not to transfer .*?(?:for|until) {v:duration} after the closing`},
		{ID: "status", Emit: One(spac.FieldStatus), Value: "liquidating",
			Pattern: `(?i)(?P<v>will redeem all of its public shares)`, Never: `(?i)\bif\b`},
		{ID: "parties", Emit: One(spac.FieldUnderwriter), Each: entity.Org,
			Pattern: `(?i)(?P<v>{org}(?: and {org})?) are acting as representatives`},
	}
	got := strings.Join(run(t, rules,
		"Holders of 968,617 Class A ordinary shares exercised their right to redeem at a redemption price of approximately $10.00 per share, and if they had not, nothing.",
		"If holders of 1,000 shares exercised their right to redeem at a price of $9.00 per share, more would remain.",
		"The Sponsor agreed not to transfer its shares until one year after the Closing, or if the price exceeds $12.00, earlier.",
		"Holders agreed not to transfer their shares for 180 days after the closing.",
		"The Company will redeem all of its public shares if the extension is not approved.",
		"The Company will redeem all of its public shares.",
		"Goldman Sachs & Co. LLC and Cantor Fitzgerald & Co. are acting as representatives of the underwriters.",
	), " ")
	want := "lockup_days=180 lockup_months=12 redemption_price=10.0000 shares_redeemed=968617 status=liquidating underwriter=Cantor Fitzgerald & Co. underwriter=Goldman Sachs & Co. LLC"
	if got != want {
		t.Errorf("facts\n got %s\nwant %s", got, want)
	}
}

func TestBefore(t *testing.T) {
	var before []string
	r := &Rule{ID: "units", Gives: []string{spac.FieldUnitsOffered}, Pattern: `(?i)(?:purchase|sold) (?:up to )?{v:units}`,
		Produce: func(m *Match) []Out {
			before = append(before, m.Before("v"))
			return nil
		}}
	run(t, []*Rule{r}, "The company sold 8,000,000 units.", "It granted an option to purchase up to 500,000 units.")
	want := "The company sold |It granted an option to purchase up to "
	if got := strings.Join(before, "|"); got != want {
		t.Errorf("Before = %q, want %q", got, want)
	}
}

// Preceding gives the sentences before the match, nearest first, and no more than asked.
func TestPreceding(t *testing.T) {
	var got [][]string
	r := &Rule{ID: "units", Gives: []string{spac.FieldUnitsOffered}, Pattern: `(?i)^{v:units}$`,
		Produce: func(m *Match) []Out {
			got = append(got, m.Preceding(2))
			return nil
		}}
	run(t, []*Rule{r}, "Registered securities.", "Units, each consisting of one share and one warrant.", "9,000,000 units")
	want := "Units, each consisting of one share and one warrant.|Registered securities."
	if len(got) != 1 || strings.Join(got[0], "|") != want {
		t.Errorf("Preceding(2) = %q, want %q", got, want)
	}
}

func TestScope(t *testing.T) {
	r := &Rule{ID: "s", Emit: One("x"), Pattern: `{v:money}`, Classes: []doc.Class{doc.Current}, Items: []string{"5.07"}, NotKinds: []doc.Kind{doc.Risk}}
	in := &doc.Section{Kind: doc.Item, Item: "5.07", Items: []string{"5.07"}}
	other := &doc.Section{Kind: doc.Item, Item: "8.01", Items: []string{"8.01"}}
	if !r.Applies(doc.Current, in) || r.Applies(doc.Current, other) || r.Applies(doc.Proxy, in) {
		t.Error("item or class scope not applied")
	}
	r.Items, r.Classes = nil, nil
	if r.Applies(doc.Prospectus, &doc.Section{Kind: doc.Risk}) || !r.Applies(doc.Prospectus, &doc.Section{Kind: doc.Summary}) {
		t.Error("section kind scope not applied")
	}
}

func TestLiteralSet(t *testing.T) {
	lits := []string{"holders of", "redeem", "deem", "of", "trust account"}
	s := newLiteralSet(lits)
	marks := s.present("the holders of shares redeemed their shares", nil)
	var got []string
	for i, m := range marks {
		if m {
			got = append(got, lits[i])
		}
	}
	// Overlapping and nested literals are all found ("deem" inside "redeem").
	if strings.Join(got, "|") != "holders of|redeem|deem|of" {
		t.Errorf("present = %q", got)
	}
	// The memo gives the same marks for a sentence the first time (scanned) and the next
	// (remembered), whatever was marked before; a literal may begin at the sentence's start.
	lits = append(lits, textStart+"the holders")
	s = newLiteralSet(lits)
	mm := newMatchMemo()
	text := "The holders of the trust account"
	want := s.present(textStart+strings.ToLower(text), nil)
	for range 2 {
		if got, _ := mm.literals(s, mm.sentence(text), text, []bool{true, true, true, true, true, true}); !slices.Equal(got, want) || !got[0] || !got[5] {
			t.Errorf("memo literals = %v, present = %v", got, want)
		}
	}
}

func TestBranches(t *testing.T) {
	r := &Rule{ID: "b", Emit: One("ipo_date"), Pattern: `(?i)(?:closed its (?:IPO|offering)|^On {v:date}, the offering was consummated)`}
	book, err := NewBook([]*Rule{r})
	if err != nil {
		t.Fatal(err)
	}
	// Fixed parts are joined (the parser splits "IPO|offering" at no common prefix, but
	// "IPO|initial public offering" at "i"); "^" is the sentence's start.
	if got := fmt.Sprintf("%q", r.branches); got != `[[["closed its ipo" "closed its offering"]] [["\x00on "] [", the offering was consummated"]]]` {
		t.Errorf("branches = %s", got)
	}
	// A sentence with a literal of the branches' union (needs) but all of no branch.
	for text, want := range map[string]bool{
		"The Company closed its IPO.":                   true,
		"On May 2, 2025, the offering was consummated.": true,
		"Management closed its office on Friday.":       false,
		"On Friday, the offering was priced.":           false,
	} {
		if got := r.MayMatch(text); got != want {
			t.Errorf("MayMatch(%q) = %v, want %v", text, got, want)
		}
		// The book runs the same test over its literal automaton.
		marks := book.literals.present(textStart+strings.ToLower(text), nil)
		if got := r.admits(marks); got != want {
			t.Errorf("book admits %q = %v, want %v", text, got, want)
		}
	}
	// One word per branch stays one group; a branch with no literal admits everything.
	if got := branchesOf(`(?:consummated|completed|closed) the sale`); got != nil {
		t.Errorf("single-word alternation gives branches %v", got)
	}
	if got := branchesOf(`(?:{v:money}|per unit of the trust)`); got != nil {
		t.Errorf("a bare-slot branch gives branches %v", got)
	}
}

// TestLiteralSetFindsWhatContainsFinds: the automaton (rows near the start, children and
// failure moves deeper) marks exactly the literals strings.Contains finds, on random
// literals and texts over a small alphabet, where literals overlap and nest at every depth.
func TestLiteralSetFindsWhatContainsFinds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	word := func(max int) string {
		b := make([]byte, 1+r.IntN(max))
		for i := range b {
			b[i] = "abc d"[r.IntN(5)]
		}
		return string(b)
	}
	for range 20 {
		var lits []string
		for range 1 + r.IntN(300) {
			lits = append(lits, word(9))
		}
		s := newLiteralSet(lits)
		for range 200 {
			text := word(60)
			marks := s.present(text, nil)
			for id, lit := range lits {
				if marks[id] != strings.Contains(text, lit) {
					t.Fatalf("%q in %q: marked %v", lit, text, marks[id])
				}
			}
		}
	}
}
