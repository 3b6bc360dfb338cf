package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// Merger: the business combination: the agreement (date, target; this file), its financing (PIPE,
// forward purchase), earnout, lock-ups and minimum cash, and its end (closing with a new
// name and ticker, or termination). Corpus: testdata/merger.corpus. The productions that
// pick the target among an agreement's parties are at the end of this file; those that read
// symbols (the new listing's, the SPAC's own) are in symbols.go and symbols_release.go.

const (
	agreementName = `(?:business combination agreement|agreement and plan of (?:merger|reorganization)|merger agreement|share exchange agreement|combination agreement|arrangement agreement|definitive agreement)`

	// notPIPE vetoes financing that is not the PIPE: forward purchases, the SPAC's IPO, notes.
	notPIPE = `(?i)forward (?:share )?purchase|initial public offering|\bIPO\b|promissory|convertible note|working capital|backstop|non-redemption`

	// notCommitted vetoes financing not (yet) committed: caps, intentions, options.
	notCommitted = `|\bup to\b|\bseek\w*|\bintends?\b|\bmay\b|not to exceed|shall not exceed|\bnot obligated`

	// notTheAgreement vetoes an agreement that amends, joins or ends the business combination
	// agreement: its date is not the agreement's.
	notTheAgreement = `(?i)amendment(?: no\.)? \d|amended and restated|terminat|\b(?:amendment|joinder|waiver|supplement|assignment)s? (?:no\. ?\w+ )?(?:to|of)\b[^⟦]{0,40}$`

	// announcedOn: the day a release announced the agreement, or a report about it was filed,
	// is not the day the agreement was entered into ("As announced on <date>, X and Y have
	// entered into", "in a Current Report on Form 8-K filed on <date>, X entered into").
	// Only the date right before the act counts: "filed with the SEC on <date1>, on <date2>, X
	// entered into" keeps date2.
	// The filer may be named between ("filed with the Securities and Exchange Commission (the
	// “SEC”) by SBG on June 21, 2021, SBG entered into").
	announcedOn = `(?i)\b(?:announced|disclosed|reported|filed|furnished|published|issued)(?: with the (?:sec|securities and exchange commission)(?: \([^)]{0,20}\))?)?(?: by [^⟦,.;]{1,40}?)? on ⟦date \d+⟧,? ` + notDate + `*?(?:entered into|executed|signed) [^⟦]*$`

	// agreementDatedAfter is an agreement's own date right after its name and defined term:
	// "(the “Business Combination Agreement”), dated as of <date>".
	agreementDatedAfter = `(?: \([^)]*\))?,? (?:(?:was|is) )?dated(?: effective)?(?: as of)? ⟦date \d+⟧`

	// biography vetoes a management team's record: another company's agreement.
	biography = `(?i)\b(?:mr|ms|mrs|dr)\.? [a-z]+,? (?:\w+ )?(?:served|serves|was|is|has been|had been)\b|\b(?:he|she) (?:served|serves|was|is|has been|had been)\b|\b(?:served|serving|serves) as\b|track record|predecessor|prior (?:spac|blank check|special purpose)`

	// dealDateline is a press release's "CITY, <date> (WIRE) --" opening.
	dealDateline = `{v:date}(?: \([^)]{0,40}\))?,? ?(?:--|—|–) `

	// releaseDateline is a release's opening "CITY, <date> (WIRE) --", also written with a
	// wire's slashes ("<date> /PRNewswire/ --") or a spaced hyphen ("<date> - ").
	releaseDateline = `{v:date}(?: \([^)]{0,40}\))?(?: ?/[^/⟦]{1,30}/)?,? ?(?:--|—|–| - )`

	// announcedAgreement is a release's "today announced that it has reached a definitive
	// agreement to acquire", "announced today that they have entered into a definitive merger
	// agreement": an agreement signed as the release is issued.
	// Also written as the act announced ("announced today the signing of a definitive merger
	// agreement", "announced the execution of a business combination agreement") or without
	// "today" right after the dateline ("announced they have entered into").
	announcedAgreement = `\b(?:(?:today announced|announced today|announced) (?:that )?(?:they|it) (?:have|has) (?:entered into|signed|executed|reached)|(?:today announced|announced today|announced) (?:the )?(?:signing|execution|entry into) of) (?:a |an |the )?(?:definitive )?(?:` + agreementName + `|` + acquireAgreement + `)`

	// acquireAgreement is an agreement named by what the SPAC does under it: "a definitive stock
	// purchase agreement to acquire ...", "an agreement to merge with ..." (an older release's
	// words; a sponsor's agreement to sell its shares is none).
	acquireAgreement = `(?:(?:stock|share|equity|membership interest|unit) purchase |share exchange |merger |purchase |acquisition )?agreement to (?:acquire|merge with|combine with)`

	// notDefinitive vetoes an agreement that is not the definitive one: a letter of intent, a
	// term sheet, an amendment or the end of one.
	notDefinitive = `(?i)non-?binding|letter of intent|term sheet|memorandum of understanding|amend|terminat|previously announced`

	// mergerEvent names the combination itself (not an agreement, not the IPO).
	mergerEvent = `(?:(?:previously announced |proposed )?(?:initial )?(?:business combination|mergers?|combination)|previously announced transactions?|(?:merger )?transactions contemplated (?:by|under) (?:the )?` + agreementName + `)`

	// underSymbols is "under the (new) (Nasdaq) ticker symbol(s) “X” (and “XW”)"; a symbol applied
	// for is "proposed".
	underSymbols = `under (?:the )?(?:new |proposed )?(?:{exchange} )?(?:ticker |trading )?symbols?,? (?P<syms>{ticker}(?:,? (?:and )?{ticker}){0,3})(?P<after>[^.⟦]{0,30})`

	// closingNotDone vetoes statements of what has not happened: a deadline, a condition, a failure.
	// A clause that waits for the combination ("once the Business Combination has been
	// consummated"), a future perfect, and another SPAC's deal in a biography are not done either.
	closingNotDone = `|\bnot\b|\bnever\b|\buntil\b|\bfail\w*|\bwhether\b|\bexpected\b|\bscheduled\b|\banticipated\b` +
		`|\b(?:once|when|whenever|after|before|unless|upon|following|prior to)\s+(?:the\s+)?(?:proposed\s+)?(?:initial\s+)?(?:business combination|mergers?|transactions?|combination)\b[^.,;]{0,60}$` +
		`|\b(?:will|shall|would) have\b|\bwhich (?:\w+ )?(?:completed|consummated|closed)\b|` + biography

	// lockupFrom is the event a lock-up period runs from.
	lockupFrom = `(?:the )?(?:date of (?:the )?)?(?:closing(?: date)?|consummation|completion|effective time)`

	// lockupContext is a sentence about restricting transfers.
	lockupContext = `(?i)lock-?up|transfer|\bsell\b|dispose`

	// notLockup vetoes transfer restrictions that are not the combination's lock-up: the IPO's
	// private placement warrants and founder shares, the underwriters' lock-up.
	// Nor is a lock-up a risk factor supposes ("were to agree", "no assurance"), or another
	// SPAC's in a biography.
	notLockup = `(?i)placement warrants|initial business combination|underwriters?\b|this offering|(?:effective )?date of (?:this|the) (?:final )?prospectus` +
		`|\b(?:were|was) to (?:agree|enter)\b|\bno assurance\b|\bnot (?:yet )?(?:been )?agreed\b|` + biography

	// dealConditional vetoes a value stated under a condition; dealConditionalNear only one in the
	// value's own clause (an earlier clause's "if" does not veto a later clause's lock-up).
	dealConditional     = `(?i)\b(?:if|unless|would|hypothetical|illustrat\w*|for example)\b`
	dealConditionalNear = `(?i)\b(?:if|unless|would|assuming|hypothetical|illustrat\w*|for example)\b[^,;.]{0,80}$`

	// targetWithNot vetoes "combination with X" where X is not this SPAC's target: another SPAC's
	// deal in a management team's track record, a possible deal, and the SPAC itself in "the
	// company to go public in a merger with <SPAC>".
	// A termination vetoes only in the target's own clause: a headline run into the opening
	// sentence ("X Announces Termination and Liquidation ... -- X will be unable to complete its
	// business combination with Y") does not.
	targetWithNot = `(?i)terminat[^.;]{0,120}$|potential|prospective|any business combination|\bprior\b|\bprevious\b|predecessor|track record|experience|served|(?:which|previously) (?:\w+ )?(?:completed|consummated|closed)|\bgo(?:es|ing)? public\b` +
		`|\b(?:if|should|in the event|unless|whether)\b[^.;]{0,60}\b(?:enters? into|were to|pursues?|negotiat\w+|identif\w+|select\w*)\b`

	// earnoutContext is a sentence about contingent consideration.
	earnoutContext = `(?i)earn-?out|contingent (?:consideration|shares|right)|triggering event|milestone|vwap|(?:trading|closing|sale) price[^.]{0,60}(?:equals|exceeds|greater)`
)

var (
	mergerItems  = []string{"1.01", "1.02", "2.01", "7.01", "8.01", "3.02", "5.07"}
	closingItems = []string{"2.01", "8.01", "7.01", "5.07", "3.03", "5.01"}
	endItems     = []string{"1.02", "8.01", "7.01"}
	dealPeriodic = append(append([]doc.Class(nil), dealForms...), doc.Periodic)
	dealIPO      = append(append([]doc.Class(nil), dealPeriodic...), doc.Prospectus)
	dealNews     = []doc.Class{doc.Current, doc.Communication}
	dealReports  = []doc.Class{doc.Current, doc.Communication, doc.Periodic}
	// partyKinds: a party named in an agreement is a fact even in a forward-looking legend.
	partyKinds = []doc.Kind{doc.Risk, doc.ProForma}
)

// merger is the whole family, in the order its rules are tried.
var merger = concat(mergerAgreement, mergerProxy, mergerDefined, mergerJoint, mergerBetween, mergerFinancing, mergerEnd, mergerOccurred, mergerOriginal, mergerReports)

// mergerAgreement: the agreement (date, target) and the announced status.
var mergerAgreement = []*rule.Rule{
	// agreement_date and the announced status
	{
		ID: "merger.agreement_on_date", Emit: rule.One(spac.FieldAgreementDate),
		Pattern: `(?i)\bOn {v:date},? ` + notDate + `*?(?:entered into|executed|signed) (?:a|an|the|that certain) [^⟦]{0,40}?` + agreementName,
		Not:     notTheAgreement + `|` + announcedOn,
		// the agreement's own date stated after it ("On <date>, X entered into a Business
		// Combination Agreement, dated February 15, 2021") is the agreement's: agreement_dated
		// reads it, and the opening date may be a filing's ("the proxy statement filed ... on
		// June 21, 2021, X entered into a BCA, dated ...")
		Never:    `(?i)` + agreementName + agreementDatedAfter,
		Classes:  dealForms,
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		// a quarterly or annual report's account of the agreement, the SPAC its subject (a
		// director's biography tells of other companies' agreements)
		ID: "merger.agreement_on_date_report", Emit: rule.One(spac.FieldAgreementDate),
		Pattern: `(?i)\bOn {v:date},? (?:we|the Company|{org},?(?: a [^⟦()]{0,60}?)? \((?:the )?` + q + `Company` + eq + `[^)]{0,30}\),?)` +
			notDate + `{0,200}?(?:entered into|executed|signed) (?:a|an|the|that certain) [^⟦]{0,40}?` + agreementName,
		Not:      notTheAgreement + `|` + biography + `|` + announcedOn,
		Classes:  periodicForms,
		NotKinds: notStated,
		Priority: 11,
	},
	{
		ID: "merger.agreement_dated", Emit: rule.One(spac.FieldAgreementDate),
		Pattern: `(?i)` + agreementName + `(?: \([^)]*\))?,? (?:(?:was|is) )?dated(?: effective)?(?: as of)? {v:date}`,
		// ("dated effective as of <date>" is the same date); the amendment's or the termination agreement's own date; an amendment's preamble
		// ("This Second Amendment (this "Amendment") to the Business Combination Agreement dated
		// as of <its own date> is entered into ...") does not date the agreement
		Not:      `(?i)amendment no\.|(?:termination|amendment) (?:agreement|of|to)\b[^⟦]{0,30}$|\bamendment (?:no\. ?\w+ )?to (?:the |that )?[^⟦]{0,30}?` + agreementName + `[^⟦]{0,30}$|^this\b[^⟦]{0,80}?\b(?:amendment|waiver)\b[^⟦]*⟦date \d+⟧$|\b(?:amendment|waiver)\b[^⟦]{0,60}? (?:was|is) dated`,
		Classes:  dealPeriodic,
		Items:    mergerItems,
		NotKinds: notStated,
		Priority: 10,
	},
	{
		// the cover page of an agreement: "dated April 26, 2025 by and among", "Dated as of ..."
		ID: "merger.agreement_cover_dated", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)^dated as of {v:date}$|^dated(?: as of)? {v:date},? (?:by and )?among\b`,
		Classes:  []doc.Class{doc.Current, doc.MergerProxy},
		Items:    []string{"1.01"},
		NotKinds: notStated,
		Priority: 5,
	},
	{
		// an agreement's title page read as one sentence: "BUSINESS COMBINATION AGREEMENT by and
		// among <parties> Dated as of April 19, 2023" (the agreement's own pages only)
		ID: "merger.agreement_title_dated", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)^` + agreementName + `,? (?:by and )?(?:among|between)\b.*?\bdated(?: as of)? {v:date}\.?$`,
		Classes:  dealForms,
		Docs:     []string{"EX-2"},
		Priority: 6,
	},
	{
		// a release dated the day the agreement is announced as just signed: "NEW YORK, <date> --
		// X and Y announced today that they have entered into a definitive merger agreement"
		ID: "merger.agreement_dateline", Emit: rule.One(spac.FieldAgreementDate),
		Pattern:  `(?i)` + releaseDateline + `.*?` + announcedAgreement,
		Not:      notDefinitive + `|\bif\b|\bwould\b|expects? to`,
		Classes:  dealNews,
		Docs:     []string{"EX-99", "425", "8-K"},
		Priority: 7,
	},
	{
		ID: "merger.agreement_status", Emit: rule.One(spac.FieldStatus), Value: string(spac.StatusCombinationAnnounced),
		Pattern:  `(?i)(?P<v>entered into (?:a|an|the|that certain) [^⟦]{0,40}?` + agreementName + `)`,
		Not:      `(?i)terminat|amendment(?: no\.)? \d|\bif\b|whereas|\bnot\b|\bnever\b`,
		Classes:  current,
		Items:    []string{"1.01"},
		Priority: 20,
	},
	// target: the party that is neither the SPAC, its merger subs, nor a new holding company
	{
		ID: "merger.target_with", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)(?:entered into|enter into|executed|signed|announced|pursuant to|contemplated by|under) [^⟦]{0,60}?` + agreementName + `(?P<gap>.*?)\b(?:with|by and among|among|between)\b(?P<v>.*)`,
		Not:      biography,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 10,
	},
	{
		// an agreement's preamble or a list of exhibits: "Agreement and Plan of Merger, dated as of
		// March 1, 2021, among ..."
		ID: "merger.target_dated_among", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)` + agreementName + `(?: \([^)]*\))?,? dated(?: as of)? {date}(?: \([^)]*\))?,? (?:(?:is |was )?(?:made and )?entered into )?(?:by and )?(?:among|between)\b(?P<v>.*)`,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 10,
	},
	{
		// an agreement's cover page, one party a line: "by and among X as the Purchaser, ..."
		ID: "merger.target_cover", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)^(?:` + agreementName + `,? )?(?:dated(?: as of)? {date},? )?by and (?:among|between)\b(?P<v>.*)$`,
		Classes:  []doc.Class{doc.Current, doc.MergerProxy},
		Items:    []string{"1.01"},
		Priority: 8,
	},
	{
		// the parties as subjects: "X and Y (Nasdaq: Y) today announced that they have entered
		// into a definitive business combination agreement"
		ID: "merger.target_parties_announced", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)^(?P<v>.*?)\b(?:(?:(?:today |jointly )?announced (?:today )?(?:that )?(?:they|it) )?(?:have|has) (?:entered into|signed|executed|(?:mutually )?agreed to (?:mutually )?terminate|(?:mutually )?terminated)|(?:today |jointly )?announced (?:today )?the (?:signing|execution) of) (?:a |an |the |their |its )?(?:definitive |previously announced )?(?:` + agreementName + `|business combination)`,
		Classes:  dealForms,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		ID: "merger.target_combination_with", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)(?:business combination|merger|combination)(?: transactions?)?(?: \([^)]{0,60}\))? (?:with|between [^⟦]*? and) (?P<v>{org})`,
		Not:      targetWithNot,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		// a target named without its legal form, by the short name it is given: "its business
		// combination with Lucid Motors (“Lucid”)"
		ID: "merger.target_combination_with_defined", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)(?:business combination|merger|combination)(?: transactions?)?(?: \([^)]{0,60}\))? with (?P<v>(?-i:[A-Z])[^⟦()]{0,80}?\((?:the )?(?:` + q + `[^”"]{2,30}` + eq + `|{ticker})\))`,
		Not:      targetWithNot,
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 8,
	},
	{
		// the parties to a termination agreement: "On <date>, A, B and C entered into a termination agreement"
		ID: "merger.target_termination_parties", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\bOn {date},? (?P<v>.*?) (?:entered into|executed) (?:(?:a |an |the )?(?:mutual )?termination (?:and release )?agreement|an agreement to (?:mutually )?terminate)`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
	{
		// the parties as the subject of the termination: "On <date>, A (the “Company”) and B
		// mutually terminated the Business Combination Agreement"; the party that is not the SPAC
		ID: "merger.target_terminated_parties", Produce: counterparty, Gives: []string{spac.FieldTarget},
		Pattern: `(?i)\bOn {date},? (?P<v>(?:[^⟦]|⟦org \d+⟧){0,240}?),? (?:have |has |had )?(?:mutually |jointly )?(?:agreed to terminate|terminated) ` +
			`(?:the |their |its |that certain )?(?:previously (?:announced|disclosed) )?` + agreementName,
		Not:      `(?i)\bprior\b|predecessor|track record|previously sponsored`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 9,
	},
	{
		// the counterparty of an agreement to end the merger agreement: "entered into an agreement
		// with Precision Therapeutics, Inc. (“PTI”) providing for the mutual termination of the
		// Agreement and Plan of Merger"
		ID: "merger.target_termination_with", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\b(?:entered into|executed|signed) (?:an|a|the) (?:mutual )?(?:termination )?agreement with (?P<v>{org})(?: \([^)]{0,40}\))?,? (?:providing for|for|regarding) the (?:mutual )?termination of (?:the|its|their) ` + agreementName,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
	{
		// a release that gives up a deal names its target: "will not be able to complete its
		// proposed acquisition of the stock of Asiana Networks, Inc."
		ID: "merger.target_proposed_acquisition", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\b(?:its|our) (?:proposed|pending|previously announced) (?:acquisition|purchase) of (?:(?:all|substantially all) of )?(?:the )?(?:(?:issued and )?(?:outstanding )?(?:capital )?(?:stock|shares|equity interests|membership interests) of )?(?P<v>{org})`,
		Not:      `(?i)\bprior\b|\bprevious(?:ly sponsored)?\b|track record|experience|\b(?:if|should|whether|may|might|would)\b`,
		Classes:  dealNews,
		Priority: 9,
	},
	{
		// a joint release names both parties of the deal: "the pending business combination
		// between Fenwick Motors, Inc. (“Fenwick”) and Tarn Valley Acquisition Corp."; the party
		// that is not the SPAC is the target
		ID: "merger.target_between", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\b(?:business combination|de-?spac transaction|merger) between (?P<v>{org}(?: \([^)]{0,60}\))? and {org})`,
		Not:      targetWithNot,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 8,
	},
	{
		// a joint release whose subjects are the two parties of a deal it speaks of: "Tarn Valley
		// Acquisition Corp. (NYSE: TVAC) and Fenwick Motors, Inc. (“Fenwick”) announced today
		// that ... the pending business combination between the two companies"
		ID: "merger.target_joint_subjects", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)^(?:[^⟦]{0,200}?⟦date \d+⟧[^⟦]{0,40}?(?:--|—|–| - )\s?)?(?P<v>{org}(?: \([^)]{0,60}\))*,? and {org}(?: \([^)]{0,60}\))*),? (?:jointly )?(?:announced today|today announced)`,
		Must:     `(?i)business combination between (?:the two companies|them)|(?:their|the parties['’]) (?:proposed |pending |previously announced )?business combination`,
		Not:      `(?i)sponsor|non-?binding|letter of intent|terminat`,
		Classes:  dealNews,
		NotKinds: partyKinds,
		Priority: 8,
	},
	{
		// a release's "has reached a definitive agreement to acquire Lumen Medical Inc.": the
		// company acquired is the target (also when its name opens with "The", which the
		// recogniser leaves out of the name: "to acquire The Harrow Group, Inc.")
		ID: "merger.target_agreement_to_acquire", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\b(?:reached|entered into|signed|executed) (?:a |an )?definitive ` + acquireAgreement + ` (?:all (?:of )?(?:the )?(?:issued and )?(?:outstanding )?(?:capital )?(?:shares|stock|equity interests|membership interests) of )?(?:the )?(?P<v>{org})`,
		Not:      notDefinitive + `|\b(?:if|may|might|would|should)\b|` + biography,
		Classes:  dealNews,
		Priority: 9,
	},
	{
		// a merger proxy's proposal states what the agreement provides for: "to approve an
		// agreement and plan of merger, dated as of <date>, providing for the acquisition by us
		// of all of the outstanding capital stock of X through a merger"
		ID: "merger.target_providing_acquisition", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)\bproviding for (?:the|our|its) (?:proposed )?acquisition (?:by (?:us|the company|⟦org \d+⟧) )?of (?:(?:all|substantially all) (?:of )?)?(?:the )?(?:(?:issued and )?(?:outstanding )?(?:capital )?(?:stock|shares|equity interests|membership interests) of )?(?:the )?(?P<v>{org})`,
		Must:     `(?i)` + agreementName,
		Not:      `(?i)\b(?:if|may|might|would|should|could)\b|potential|prospective|letter of intent|non-?binding|` + biography[4:],
		Classes:  dealPeriodic,
		NotKinds: partyKinds,
		Priority: 9,
	},
	{
		// notice of termination to or from the target
		ID: "merger.target_notice", Produce: partyTarget, Gives: []string{spac.FieldTarget},
		Pattern:  `(?i)notice (?:of termination )?to (?P<v>{org})[^.]*?terminat|(?P<v>{org})(?: \([^)]{0,40}\))? (?:delivered|sent|provided|gave)[^⟦]{0,40}? notice (?:of termination|terminating)|notice of termination from (?P<v>{org})`,
		Classes:  dealNews,
		Items:    endItems,
		Priority: 10,
	},
}
