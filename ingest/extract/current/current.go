// Package current extracts facts from 8-K current reports by item: 1.01 (business
// combination agreement), 1.02 (termination), 2.01 (de-SPAC closing), 5.03/5.07 (extension
// and shareholder votes), 8.01 (extension deposits, liquidation notices). IPO closings
// (8.01 / 3.02) are delegated to offering.Closing.
package current

import (
	"regexp"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/emit"
	"github.com/spacdata/spac/ingest/extract/merger"
	"github.com/spacdata/spac/ingest/extract/offering"
	t "github.com/spacdata/spac/ingest/extract/textutil"
)

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

var itemHeadingRe = re(`(?i)^Item\s*(\d\.\d\d)\b`)

// Items returns the 8-K items of r: the header's ITEM INFORMATION when present, otherwise
// the "Item 1.01" headings found in the text.
func Items(r *spac.RenderedFiling) []string {
	if len(r.Filing.Items) > 0 {
		return r.Filing.Items
	}
	e := emit.New(r)
	var items []string
	for _, m := range e.FindAll(itemHeadingRe) {
		if !slices.Contains(items, m.Group(1)) {
			items = append(items, m.Group(1))
		}
	}
	return items
}

// Extract returns the facts of an 8-K. Statuses are tried from the most to the least
// final (closed, liquidating, combination_announced, searching) since one filing sets one.
func Extract(r *spac.RenderedFiling) []spac.Fact {
	items := Items(r)
	has := func(it string) bool { return slices.Contains(items, it) }
	e := emit.New(r)
	e.ScopeTo(func(d spac.Document) bool {
		return d.Sequence <= 1 || strings.HasPrefix(strings.ToUpper(d.Type), "EX-99")
	})
	e.Header()
	if has("2.01") {
		closing(e)
	}
	if has("8.01") || has("7.01") {
		liquidation(e)
		extensionDeposit(e)
		tickerChange(e)
	}
	if has("1.01") {
		if line, quote := merger.Agreement(e); line > 0 {
			e.Status(spac.StatusCombinationAnnounced, line, quote)
		}
		merger.Terms(e)
	}
	if has("1.02") {
		termination(e)
	}
	if has("5.07") {
		meeting(e)
	}
	if has("5.03") || has("5.07") || has("8.01") {
		// Only a vote (5.07) or the charter amendment it approved (5.03) ends an extension
		// proxy's in_extension; a sponsor deposit under 8.01 alone changes no status.
		newDeadline(e, has("5.03") || has("5.07"))
	}
	facts := e.Facts()
	if (has("8.01") || has("3.02") || len(items) == 0) && !has("2.01") {
		facts = append(facts, offering.Closing(r)...)
	}
	return facts
}

var (
	terminationRe = re(`On (` + t.Date + `),? .{0,250}?((?:mutually agreed to )?terminat\w* (?:the |that certain )?(?:Business Combination Agreement|Merger Agreement|Agreement and Plan of Merger))`)
	closingRe     = re(`On (` + t.Date + `)(?: \(the ` + t.OpenQuote + `Closing Date` + t.CloseQuote + `\))?,? .{0,250}?(consummated the (?:previously announced )?(?:business combination|Business Combination|merger|Merger))`)
	newNameRe     = re(`changed its name (?:from .{0,120}? )?to ` + t.OpenQuote + `?(` + merger.Name + `)`)
	newTickerRe   = re(`(?:begin|commence|start|continue) trading on (?:the )?.{0,60}?under the (?:new )?(?:ticker |trading )?symbols? ` + t.OpenQuote + `([A-Z]{1,5}(?:\.[A-Z]+)?)` + t.CloseQuote)
)

// termination reads Item 1.02: the agreement is terminated and the SPAC searches again.
func termination(e *emit.Emitter) {
	if m, ok := e.Find(terminationRe); ok {
		e.Date(spac.FieldTerminationDate, m.Line, m.Group(1))
		e.Status(spac.StatusSearching, m.Line, m.Group(2))
	}
}

// closing reads Item 2.01: the business combination closed, maybe under a new name/ticker.
func closing(e *emit.Emitter) {
	if m, ok := e.Find(closingRe); ok {
		e.Date(spac.FieldClosingDate, m.Line, m.Group(1))
		e.Status(spac.StatusClosed, m.Line, m.Group(2))
	}
	if m, ok := e.Find(newNameRe); ok {
		e.Text(spac.FieldNewName, m.Line, merger.TrimName(m.Group(1)))
	}
	if m, ok := e.Find(newTickerRe); ok {
		e.Text(spac.FieldNewTicker, m.Line, m.Group(1))
	}
}

var tickerChangeRe = re(`(?i)((?:units|class a|shares|common stock|warrants|rights)[^.]{0,300}?)(?:trade|will trade|began trading|will begin trading) under the new (?:ticker |trading )?symbols (` + offering.SymbolList + `)`)

// tickerChange reads "units, Class A common stock and warrants ... trade under the new
// symbols "FHDAU", "FHDA" and "FHDAW"": the new tickers replace the old ones in the fold.
func tickerChange(e *emit.Emitter) {
	if m, ok := e.Find(tickerChangeRe); ok {
		offering.ComponentSymbols(e, m.Line, m.Group(1), m.Group(2))
	}
}
