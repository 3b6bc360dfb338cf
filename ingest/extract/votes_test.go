package extract

import "testing"

func TestProposalOf(t *testing.T) {
	cases := []struct {
		label string
		want  proposal
	}{
		{"Proposal No. 1 – The Extension Amendment Proposal", proposalExtension},
		{"1. The Transaction Proposal - To consider and vote upon a proposal to approve the Merger Agreement", proposalCombination},
		{"2. The NYSE Proposal. To approve the issuance of shares in connection with the Business Combination", proposalSide},
		{"Proposal No. 2 – The Adjournment Proposal", proposalSide},
		{"Proposal 1: Approval of the business combination", proposalCombination},
		{"Each of the proposals was approved; the voting results are set forth below.", proposalUnknown},
		{"| 3. | Trust Amendment Proposal |", proposalExtension},
	}
	for _, c := range cases {
		if got := proposalOf(c.label); got != c.want {
			t.Errorf("proposalOf(%q) = %d, want %d", c.label, got, c.want)
		}
	}
}

func TestSplitStacked(t *testing.T) {
	h := func(f string) stackedToken { return stackedToken{head: true, field: f} }
	c := stackedToken{text: "1"}
	cases := []struct {
		name  string
		toks  []stackedToken
		heads int
	}{
		{"headings then counts", []stackedToken{h("for"), h("against"), h("abstain"), c, c, c}, 3},
		{"heading, count pairs", []stackedToken{h("for"), c, h("against"), c}, 2},
		{"a count missing", []stackedToken{h("for"), h("against"), h("abstain"), c, c}, 0},
		{"two rows of counts", []stackedToken{h("for"), h("against"), c, c, c, c}, 0},
		{"a heading among the counts", []stackedToken{h("for"), h("against"), c, h("abstain")}, 0},
	}
	for _, tc := range cases {
		heads, counts := splitStacked(tc.toks)
		if len(heads) != tc.heads || len(counts) != tc.heads {
			t.Errorf("%s: %d headings, %d counts; want %d of each", tc.name, len(heads), len(counts), tc.heads)
		}
	}
}
