package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Liquidation: a SPAC that will not complete a business combination redeems all of its
// public shares (status liquidating, the date and the per-share amount), and the delisting
// that follows (the effective date, and the exchange a Form 25 / 25-NSE removes the class
// from). Corpus: testdata/liquidation.corpus.
//
// The charter's standing promise ("if we do not complete a business combination within 24
// months, we will redeem 100% of the public shares") and its echoes in extension notices and
// proxies use the same verbs as a decision; only the absence of a condition tells them apart.

// conditional vetoes the charter's promise and other wording of what would happen, not what
// will: a condition, a possibility, an offer to redeem what holders tender.
const conditional = `(?i)\b(?:if|unless|in the event|should|whether|may|might|could|would|absent|failing|otherwise|in such (?:case|event)|subject to (?:the )?(?:approval|stockholder|shareholder)|assuming|hypothetical|illustrat\w*)\b|not (?:be )?approved|tender|validly|properly|elect(?:s|ed|ing)? to redeem|exercised|(?:submitted|presented) for redemption|requested redemption`

// publicShares is the object of a redemption of the whole class: "all of its outstanding
// Class A ordinary shares", "all of the outstanding Public Shares", "all outstanding shares of
// Class A common stock" (never warrants).
const publicShares = `(?:of )?(?:its |the |our |their )?(?:issued and )?(?:then[- ])?(?:outstanding )?` +
	`(?:public shares|(?:public )?shares of (?:its )?(?:Class A )?(?:common stock|ordinary shares)|Class A (?:ordinary shares|common stock|shares)|ordinary shares|common stock)\b`

// decides are the verbs of a decision to redeem or liquidate.
const decides = `(?:will|shall|has determined to|determined to|has decided to|decided to|has elected to|elected to|has resolved to|resolved to|intends to|expects to|plans to)`

// cannotComplete states that the SPAC will not (or did not) complete its business combination.
const cannotComplete = `(?:will not|does not expect to|is unable to|was unable to|will be unable to|cannot|can ?not|did not|has not been able to|could not) (?:be able to )?(?:consummate|complete) (?:an|its|a|the) (?:initial )?business combination`

// itself is the filer as the subject of a past redemption ("the Company redeemed all ..."),
// never another SPAC recounted in a biography.
const itself = `(?:\bthe Company|\bwe|\bit|{org},? \((?:the )?[“"](?:Company|Registrant)[”"]\))`

// otherSPACs vetoes another blank check company's history told in a biography or track record.
const otherSPACs = `(?i)previously (?:sponsored|served|was)|prior (?:spac|blank check|special purpose)|formerly|track record|, which (?:redeemed|liquidated|dissolved)`

// gap is any text up to the next value that names no date, quantity or amount of its own.
const gap = `(?:[^⟦]|⟦(?:org|ticker|exchange) \d+⟧)`

// dissolves is a decision to wind the company up.
const dissolves = `(?:dissolve and liquidate|liquidate and dissolve|wind up and dissolve|dissolve and wind up|dissolve|liquidate|wind up)\b`

// withRedemption is the redemption of the whole public class a dissolution includes: "...,
// including the redemption of all of its outstanding ordinary shares".
const withRedemption = `\b(?:including|and|with|through) the redemption of all ` + publicShares

// liquidationAnnounced is a section that announces a liquidation: a decision to dissolve or
// to redeem all outstanding public shares, stated in a sentence with no "if" before the verb
// (the charter's promise, repeated in extension notices, is conditional). Liquidating the
// trust account's investments (to hold cash) and redeeming all shares holders tender are no
// liquidation. A price stated in a sentence of its own ("The Company estimates that the
// per-share redemption price ... will be approximately $10.47.") is the liquidation's only in
// such a section.
// (A dot inside a word - "(NYSE: ACME, ACME.U)" - ends no sentence.)
const liquidationAnnounced = `(?i)(?:^|[.!?]\s)(?:[^.!?i]|\Bi|i[^f.!?]|\.[^\s.!?]){0,250}?\b(?:` +
	`(?:intends|has determined|determined|has decided|decided|has resolved|resolved|has elected|elected) to (?:voluntarily )?` +
	`(?:dissolve|wind up|liquidate(?: and dissolve\b|,|\.| in accordance| the company\b| as soon as))` +
	`|(?:(?:intends|expects|has determined|determined|has decided|decided|has resolved|resolved|has elected|elected) to|will (?:instead |now |therefore |accordingly )?) ?redeem all (?:of )?(?:its|the|our) (?:issued and )?outstanding)`

// sharesCancelled is the redemption's effect a liquidation notice states: the public shares
// "will be deemed cancelled and will represent only the right to receive the redemption amount".
const sharesCancelled = `(?i)\bdeemed cancell?ed and (?:will )?represent only the right to receive\b`

// liquidationItems are the 8-K items a liquidation is announced under (a terminated merger
// agreement, a delisting notice or the charter amendment of an early wind-down beside 8.01).
var liquidationItems = []string{"8.01", "7.01", "5.07", "1.02", "3.01", "5.03"}

// delistingScope: the exchange's or issuer's Form 25, and the 8-K that announces the delisting.
var delistingScope = []doc.Class{doc.Delisting, doc.Current}

var liquidationNotices = []*rule.Rule{
	// status
	{
		ID: "liquidation.will_redeem_all", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)(?P<v>` + decides + ` (?:instead |accordingly |therefore |now )?(?:liquidate (?:its|the) trust account,? and )?redeem all ` + publicShares + `)`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 25,
	},
	{
		ID: "liquidation.redeemed_all", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)(?P<v>` + itself + ` (?:has )?redeemed all ` + publicShares + `)`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 25,
	},
	{
		// "will dissolve and liquidate because it will be unable to complete ...", and the
		// reverse order "will not consummate ... and will accordingly liquidate".
		ID: "liquidation.will_liquidate", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern: `(?i)(?P<v>` + cannotComplete + `[^⟦]{0,250}?\b` + decides + ` (?:instead |accordingly |therefore )?(?:dissolve|liquidate|wind up)\b` +
			`|` + decides + ` (?:dissolve and liquidate|liquidate and dissolve|dissolve|liquidate)\b[^⟦]{0,80}?\b(?:because|since|as) (?:it|the Company|we) ` + cannotComplete + `)`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 25,
	},
	{
		// A bulleted release states the decision on its own: "Accordingly, the Company
		// intends to dissolve and liquidate in accordance with its Articles."
		ID: "liquidation.intends_to_dissolve", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)(?P<v>\b(?:the Company|we|it) (?:intends|has determined|determined|has decided|decided|has resolved|resolved) to (?:voluntarily )?(?:dissolve and liquidate|liquidate and dissolve|wind up and dissolve|dissolve and wind up)\b)`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 25,
	},
	{
		// "... intends to dissolve and liquidate in accordance with its charter, including the
		// redemption of all of its outstanding ordinary shares": any section of an 8-K (one
		// whose body has no Item heading is still the announcement).
		ID: "liquidation.dissolve_with_redemption", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusLiquidating),
		Pattern:  `(?i)(?P<v>\b` + decides + ` (?:voluntarily )?` + dissolves + `)` + gap + `{0,250}?` + withRedemption,
		Never:    conditional,
		Classes:  current,
		NotKinds: notStated,
		Priority: 25,
	},
	{
		// A quarterly or annual report recounting the announcement (subsequent events): the
		// company's own announcement, with its date and price when the sentence gives them.
		ID:    "liquidation.reported_redemption",
		Emit:  rule.Emit{"v": spac.FieldStatus, "d": spac.FieldLiquidationDate, "p": spac.FieldLiquidationPrice},
		Value: string(spac.StatusLiquidating),
		Pattern: `(?i)\b(?:the Company|we) (?:announced|determined|decided) that,?[^⟦]{0,250}?\b(?P<v>(?:it|the Company|we) will redeem all ` + publicShares + `)` +
			`(?:` + gap + `{0,200}?\beffective as of (?:the close of business on )?{d:date})?` +
			`(?:[^⟦]{0,120}?\bat an? (?:estimated |anticipated )?per[- ]share redemption price of (?:approximately )?{p:money})?`,
		Never:    conditional,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 25,
	},

	// liquidation_date
	{
		ID: "liquidation.date_redeem_all", Produce: redemptionDate, Gives: []string{spac.FieldLiquidationDate},
		Pattern: `(?i)(?:\bredeem|` + itself + ` (?:has )?redeemed) all ` + publicShares + `(?P<gap>` + gap + `{0,200}?)\b(?:effective as of|effective|on or about|on or before|as of|on)\s+` +
			`(?:the close of business on\s+)?(?:or about\s+)?{v:date}`,
		Not:      conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The day the whole class is redeemed named by its defined term: "... intends to dissolve
		// and liquidate ..., including the redemption of all of its outstanding shares of Class
		// A common stock (the "public shares") that were included in the units issued in its
		// initial public offering on December 2, 2022 (the "Redemption Date")" - the date the
		// term defines, not the offering's.
		ID: "liquidation.date_defined_redemption_date", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)\b(?:redeem|redemption of) all ` + publicShares + gap + `{0,250}?\bon (?:or about )?{v:date},? \((?:the )?[“"](?:Final )?Redemption Date[”"]\)`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "As of the close of business on <date>, the Public Shares will be deemed cancelled
		// and will represent only the right to receive the redemption amount." (the public
		// subunits of a SPAC whose units hold subunits)
		ID: "liquidation.date_shares_cancelled", Emit: rule.One(spac.FieldLiquidationDate),
		// (also "..., on <date> or as soon as possible thereafter, the Public Shares will be ...")
		Pattern: `(?i)^(?:(?:Therefore|Accordingly|As a result|Consequently|Thus),?\s+)?(?:As of|On or about|On|Effective as of|At)\s+(?:the close of business\s+)?(?:on\s+)?(?:or (?:before|about)\s+)?{v:date},?\s+(?:or as (?:soon|promptly) as (?:reasonably )?(?:possible|practicable) thereafter,?\s+)?(?:all )?(?:the )?` +
			`(?:outstanding )?(?:public shares|public subunits|Class A (?:common stock|ordinary shares)|shares of Class A common stock|ordinary shares)\s+will\s+` +
			`(?:be deemed (?:cancell?ed|canceled)|(?:only )?represent (?:only )?the right to receive the redemption amount)`,
		Never:    conditional + `|merger|effective time|converted`,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "... the Company intends to dissolve and liquidate in accordance with its charter,
		// effective as of the close of business on <date>".
		ID: "liquidation.date_liquidate_effective", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)\b` + decides + ` (?:dissolve and liquidate|liquidate and dissolve|liquidate|dissolve)\b` + gap + `{0,120}?\beffective as of (?:the close of business on )?{v:date}`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "liquidation.date_shares_redeemed_on", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)^(?:All of )?(?:the )?(?:outstanding )?public shares will be redeemed (?:on or about|on|effective as of|as of) {v:date}`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		ID: "liquidation.date_redeemed_on", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)^On {v:date},? ` + itself + ` (?:has )?redeemed all ` + publicShares,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "... including the redemption of all of its outstanding public shares ..., as soon as
		// possible after <date> (the "Final Redemption Date")"
		ID: "liquidation.date_redeem_after", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)\b` + decides + ` (?:voluntarily )?` + dissolves + gap + `{0,250}?` + withRedemption + gap + `{0,250}?\bas (?:soon|promptly) as (?:reasonably )?(?:possible|practicable) (?:after|following|on or after) {v:date}`,
		Never:    conditional,
		Classes:  current,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the day of the whole class's redemption told after its price, as an expectation of
		// the notice's own act: "All outstanding public shares ... will be redeemed at a per-share
		// redemption price of approximately $10.10, such redemption expected to occur on <date>",
		// "The Company will redeem all of its public shares ...; the redemption is anticipated to
		// be completed on or about <date>". (A charter's "if ... would be redeemed" is vetoed.)
		ID: "liquidation.date_redemption_expected", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern: `(?i)(?:\bredeem all ` + publicShares + `|\ball ` + publicShares + `(?:[^⟦]|⟦org \d+⟧){0,160}? will be redeemed\b)(?:[^⟦]|⟦(?:org|ticker|exchange|money) \d+⟧){0,250}?` +
			`\b(?:such|the|this|which) redemption (?:is |being |will be )?(?:expected|anticipated|scheduled) to (?:occur|be (?:completed|made|effected|paid)|take place) (?:on or about|on|as of) {v:date}`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// The payment date, when a notice gives no other: below the redemption date.
		ID: "liquidation.date_paid", Emit: rule.One(spac.FieldLiquidationDate),
		Pattern:  `(?i)\bredemption amount\b[^⟦]{0,60}?\b(?:will be|is expected to be|to be) paid (?:on or about|on|beginning on) {v:date}`,
		Never:    conditional,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 5,
	},

	// liquidation_price
	{
		// An extension notice under Item 8.01 states the price holders who redeem would get:
		// a stated price is the liquidation's only in a section that announces one.
		ID: "liquidation.price_per_share", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)\b(?:per[- ]share redemption (?:price|amount)|redemption (?:price|amount) per (?:public )?share|(?:estimated|anticipated) redemption price)[^⟦]{0,80}?{v:money}`,
		Not:      conditional + `|(?:less than|up to|in excess of|more than)\s+⟦money \d+⟧$`,
		Never:    otherSPACs + `|\b(?:if|unless) (?:the|our|its|we|it|stockholders|shareholders|holders)\b|in connection with (?:the|its|our|a) (?:proposed )?(?:business combination|extension|closing|special meeting|extraordinary general meeting|annual meeting|vote)|(?:redeemed|redeem|redemptions?) (?:in connection with|at) (?:the|its|such) (?:extension|\w+ meeting|meeting)|extension (?:meeting|amendment|proposal)`,
		Within:   liquidationAnnounced + `|` + sharesCancelled,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// "expects to redeem its Class A ordinary shares at a redemption price of approximately
		// $11.21 per share": the company redeems its own class, holders do not elect.
		ID: "liquidation.price_redeem_at", Emit: rule.One(spac.FieldLiquidationPrice),
		// (and the redemption made: "The Company redeemed all of its outstanding public shares on
		// <date> at a redemption price of approximately $10.91 per share")
		Pattern:  `(?i)(?:\b` + decides + ` redeem|` + itself + ` (?:has )?redeemed) (?:all )?` + publicShares + `[^⟦]{0,150}?(?:⟦date \d+⟧[^⟦]{0,20}?)?\bat an? (?:estimated |anticipated )?(?:per[- ]share )?redemption price of (?:approximately )?{v:money}`,
		Not:      conditional + `|(?:less than|up to)\s+⟦money \d+⟧$`,
		Never:    otherSPACs,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 9,
	},

	{
		// the price the shares were redeemed at, in a section that announces the liquidation:
		// "... 22,367,351 of the Company's public shares were submitted to the transfer agent and
		// were redeemed on December 1, 2022 at a price of approximately $10.05 per share" (an
		// extension's redemptions are told in a section that announces none)
		ID: "liquidation.price_shares_redeemed_at", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)(?:\bpublic shares\b|⟦shares \d+⟧)[^⟦]{0,160}?\b(?:were|have been|had been) redeemed (?:on {date} )?at (?:a|the) (?:redemption )?price of (?:approximately |about )?{v:money} per (?:public )?share`,
		Never:    otherSPACs + `|\b(?:if|unless|would)\b|extension|business combination`,
		Within:   liquidationAnnounced,
		Classes:  current,
		Items:    liquidationItems,
		NotKinds: notStated,
		Priority: 9,
	},
	{
		// a price in a sentence of its own, in a section that announces the liquidation (any
		// section of an 8-K: one whose body has no Item heading too)
		ID: "liquidation.price_announced", Emit: rule.One(spac.FieldLiquidationPrice),
		Pattern:  `(?i)\b(?:per[- ]share redemption (?:price|amount)|redemption (?:price|amount) per (?:public )?share)[^⟦]{0,80}?\b(?:will|is expected to|is estimated to|is anticipated to) be (?:approximately |about )?{v:money}`,
		Not:      conditional + `|(?:less than|up to|in excess of|more than)\s+⟦money \d+⟧$`,
		Never:    otherSPACs + `|\b(?:if|unless)\b|extension|\bmeeting\b|business combination`,
		Within:   liquidationAnnounced,
		Classes:  current,
		NotKinds: notStated,
		Priority: 10,
	},

	// delisting_date
	{
		// The exchange's notice: "... intention to remove the entire class of the stated
		// securities from listing and registration on the Exchange at the opening of business
		// on <date>".
		ID: "liquidation.delisting_remove_on", Emit: rule.One(spac.FieldDelistingDate),
		Pattern:  `(?i)\bremove\b` + gap + `{0,200}?\bat the opening of business on {v:date}`,
		Not:      conditional,
		Classes:  delistingScope,
		Items:    liquidationItems,
		Priority: 10,
	},
	{
		// "The removal of ... will be effective at the opening of business on <date>", "the
		// delisting ... is expected to become effective ten days thereafter, on or about <date>"
		// (a withdrawal of registration, effective 90 days later, is not the delisting).
		ID: "liquidation.delisting_effective", Emit: rule.One(spac.FieldDelistingDate),
		Pattern: `(?i)\b(?:removal|delisting|withdrawal\b[^⟦]{0,80}?\bfrom listing)\b` + gap + `{0,200}?` +
			`\b(?:(?:will|shall|is expected to|are expected to|expected to|to) (?:be|become)|became|was|were|is|has become) effective\b` +
			`(?:[^⟦]|⟦duration \d+⟧){0,60}?\b(?:on(?: or about)?|as of) {v:date}`,
		Not:      conditional + `|suspen`,
		Classes:  delistingScope,
		Items:    liquidationItems,
		Priority: 10,
	},

	// exchange
	{
		// The Form 25 cover names the exchange the class is removed from: "Exchange: Nasdaq
		// Stock Market LLC".
		ID: "liquidation.form25_exchange", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i)(?:^|\s)Exchange:\s*{v:exchange}`,
		Classes:  []doc.Class{doc.Delisting},
		Priority: 10,
	},
	{
		// a release or 8-K tells who will delist the class: "The Company expects that the New
		// York Stock Exchange will file a Form 25 with the SEC", "Nasdaq filed a Form 25-NSE to
		// delist the Company's securities"; the exchange that removes the SPAC's class is the
		// one it is listed on (a combined company's listing is never delisted by a Form 25)
		ID: "liquidation.form25_filed_by", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i){v:exchange}(?: \([^)]{0,40}\))? (?:(?:will|intends to|expects to|plans to|is expected to|has|had) )?(?:file|filed|submit|submitted) (?:a |an |its )?(?:notification of removal from listing (?:and/or registration )?on )?form 25`,
		Not:      `(?i)\b(?:if|unless|in the event|may|might|could|would)\b`,
		Classes:  []doc.Class{doc.Current, doc.Communication, doc.Periodic},
		Priority: 8,
	},
	{
		ID: "liquidation.form25_exchange_notifies", Emit: rule.One(spac.FieldExchange),
		Pattern:  `(?i){v:exchange}(?: \([^)]{0,40}\))? hereby notifies`,
		Classes:  []doc.Class{doc.Delisting},
		Priority: 9,
	},
}

// otherEvent names, between the redemption and a date, an event other than the redemption the
// date then belongs to: the offering, the deadline, the last trading day, a Form 25 or 15.
var otherEvent = textutil.MustStarts(`(?i)(?:offering|consummated|closed|held|meeting|dated|filed|account|balance|record|trading)\W*$|form 25|form 15|delist|deregist|suspen|cease trading|stop trading|day of trading|trading day|deadline|termination date|record date|extend|extension`)

// redemptionDate reads the date of "redeem all <public shares> ... effective as of <date>"
// unless the words between speak of another event.
func redemptionDate(m *rule.Match) []rule.Out {
	if otherEvent.MatchString(m.Text("gap")) {
		return nil
	}
	var out []rule.Out
	for _, e := range m.Entities("v") {
		out = append(out, m.Cite(spac.FieldLiquidationDate, e.Value, e))
	}
	return out
}
