package rule

import (
	"testing"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/extracttest"
)

// TestMemoRemembersRepeatedSentences: a sentence repeated word for word is masked once, and
// sentences that differ only in their entities are matched once; each occurrence still gives
// its own finding, cited on its own line, with its own value.
func TestMemoRemembersRepeatedSentences(t *testing.T) {
	r := &Rule{ID: "t.redeem", Emit: One("shares_redeemed"), Pattern: `holders of {v:shares} exercised their right to redeem`}
	book, err := NewBook([]*Rule{r})
	if err != nil {
		t.Fatal(err)
	}
	same := "The holders of 1,000 shares exercised their right to redeem."
	f := extracttest.Filing("8-K", []string{"8.01"}, "Item 8.01 Other Events.", same, "", same, "", "The holders of 2,000 shares exercised their right to redeem.")
	found := book.Run(doc.Build(f))
	if len(found) != 3 || found[0].Fact.Citation.Line == found[1].Fact.Citation.Line || found[2].Fact.Value != "2000" {
		t.Fatalf("findings = %+v", found)
	}
	if n, m := len(book.memo.masks), len(book.memo.m); n != 2 || m != 1 {
		t.Errorf("memo holds %d masked sentences and %d matches, want 2 and 1 (three sentences, two texts, one masked text)", n, m)
	}
}

// TestForgetEmptiesTheMemo: Forget leaves the memo of a book that has read sentences empty,
// and the book reads the same findings afterwards.
func TestForgetEmptiesTheMemo(t *testing.T) {
	r := &Rule{ID: "t.redeem", Emit: One("shares_redeemed"), Pattern: `holders of {v:shares} exercised their right to redeem`}
	book, err := NewBook([]*Rule{r})
	if err != nil {
		t.Fatal(err)
	}
	f := extracttest.Filing("8-K", []string{"8.01"}, "Item 8.01 Other Events.", "The holders of 1,000 shares exercised their right to redeem.")
	before := book.Run(doc.Build(f))
	if len(book.memo.masks) == 0 || len(book.memo.m) == 0 || len(book.memo.present) == 0 {
		t.Fatalf("memo after a run: %d masks, %d matches, %d sentences", len(book.memo.masks), len(book.memo.m), len(book.memo.present))
	}
	book.Forget()
	if n := len(book.memo.masks) + len(book.memo.m) + len(book.memo.present); n != 0 {
		t.Errorf("memo after Forget holds %d entries", n)
	}
	if after := book.Run(doc.Build(f)); len(after) != 1 || len(before) != 1 || after[0].Fact.Value != before[0].Fact.Value {
		t.Errorf("findings before %+v, after %+v", before, after)
	}
}
