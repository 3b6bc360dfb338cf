package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// notOwnListing vetoes, in a proxy, a listing that is not the SPAC's securities as they trade
// now: the combined company's (to come), one applied for or expected, one ended.
const notOwnListing = `|new symbols|combined company|post-combination|pubco|newco|following (?:the )?(?:closing|consummation|business combination)|after the (?:closing|business combination)|upon (?:the )?(?:closing|consummation)|\b(?:will|would|shall) (?:be )?(?:list|trade|quote)|\bintends?\b|\bapply\b|\bapplied\b|\bexpect|\banticipat`

// meetingListing: where an extension proxy (PRE/DEF 14A) says the SPAC's own securities trade,
// in its Q&A or market-price section: "Our units, Class A ordinary shares and warrants are
// listed on the Nasdaq Global Market under the symbols “ACMEU,” “ACME” and “ACMEW,”
// respectively". The prospectus rules (listing.go) read the same words in an offering; a
// merger proxy's listing is the combined company's and is left to merger.go. Part of the
// meeting family (meeting.go); corpus: testdata/meeting.corpus.
var meetingListing = []*rule.Rule{
	{
		ID: "meeting.proxy_class_symbols", Produce: pairSymbols, Gives: tickerFields,
		Pattern:  `(?i)(?P<classes>(?:units|class a|ordinary|common|shares|warrants|rights)` + classGap + `*?)under the (?:ticker |trading )?symbols (?P<syms>{ticker}(?:,? (?:and )?(?:{ticker}|` + bareSymbol + `)){1,3})`,
		Not:      otherSPAC + `|` + notListed + notOwnListing,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "meeting.proxy_listed_on", Emit: rule.One(spac.FieldExchange),
		// the verb may be the plain present ("Our units, Class A common stock and warrants
		// trade on the Nasdaq Capital Market"), the class "public" ("Our public units, public
		// shares and public warrants are each traded on the NYSE American")
		Pattern:  `(?i)\b(?:our|the company` + ap + `s|its) (?:public )?(?:units|class a|ordinary|common|shares|securities|warrants|rights)` + classGap + `{0,120}?\b(?:(?:are|is) (?:currently |each )?(?:listed|traded|quoted)|(?:currently )?trades?) on (?:the )?{v:exchange}`,
		Not:      otherSPAC + `|` + notListed + notOwnListing,
		Classes:  []doc.Class{doc.Proxy},
		NotKinds: notStated,
		Priority: 8,
	},
	{
		// the exchange whose rules the SPAC must keep: "we would not meet the continued listing
		// requirements of Nasdaq" (an extension's adjournment or redemption limit); the
		// combined company's or a target's listing is not the SPAC's
		ID: "meeting.exchange_continued_listing", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i)\bcontinued listing (?:requirements|standards|rules|criteria) of (?:the )?{v:exchange}`,
		Not:      otherSPAC + notOwnListing + `|\binitial\b|target`,
		Never:    `(?i)combined company|post-combination|pubco|newco`,
		Classes:  []doc.Class{doc.Proxy, doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 7,
	},
	{
		// the stock issuance proposal of a merger proxy names the exchange whose rules the SPAC,
		// listed there, must keep: "To approve, for purposes of complying with applicable listing
		// rules of the New York Stock Exchange, the issuance of more than 20% ...", "... with
		// Nasdaq Listing Rule 5635"; the combined company's listing is not read
		ID: "meeting.exchange_issuance_rules", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i)\bfor (?:the )?purposes? of complying with (?:the )?(?:applicable )?(?:provisions of )?(?:the )?(?:(?:listing )?rules of (?:the )?{v:exchange}|{v:exchange}(?: listing rules?| listed company manual| rules?)?\b)`,
		Not:      otherSPAC + notOwnListing,
		Never:    `(?i)combined company|post-combination|pubco|newco|holdco|\bto be listed\b|initial listing`,
		Classes:  []doc.Class{doc.Proxy, doc.MergerProxy, doc.Current, doc.Communication},
		NotKinds: notStated,
		Priority: 7,
	},
}
