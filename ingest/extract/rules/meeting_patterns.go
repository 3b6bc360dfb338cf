package rules

// The meeting family's shared patterns: the vetoes of another or an earlier meeting, and the
// fragments its vote and proposal rules are built from.

// pastMeeting vetoes history recounted in a proxy for a later meeting.
const pastMeeting = `(?i)\b(?:previously|prior|first|earlier|last) (?:extension|meeting|special meeting)|in connection with the (?:first|prior|previous)`

// approvedThenAdjourned: the holders approved the main proposal before the meeting was
// adjourned (for an ancillary proposal): the adjourned session is not the vote's meeting.
const approvedThenAdjourned = `(?i)\b(?:voted (?:to approve|in favou?r of)|(?:have|has) approved|approved) (?:the |its |their )?(?:proposed |previously announced )?(?:business combination|merger|extension|charter amendment)\b.{0,240}?\b(?:adjourned|postponed|adjourns)\b`

// mainProposal is the context of votes that count: the extension or business combination.
const mainProposal = `(?i)extension|business combination|charter amendment|trust amendment|merger`

// mainProposalHeading is the main proposal's name as a heading run into its result on one
// line ("Proposal 1 - Extension Amendment Proposal. The proposal was approved with ...").
// A short sentence that reports the main proposal approved heads its votes the same way
// ("The stockholders approved the Business Combination Proposal. The votes were as follows:
// For: ...").
const mainProposalHeading = `(?i)^(?:(?:proposal|item) (?:no\.? ?)?\d+\W+(?:the )?|(?:the )?(?:stockholders|shareholders) (?:approved|adopted) (?:the )?)(?:extension|charter amendment|trust (?:agreement )?amendment|business combination|merger)`

const (
	meetingNoun = `(?:special|extraordinary general|annual general|annual|extraordinary|general) meeting`
	timeOfDay   = `\d{1,2}(?::\d{2})?\s?[ap]\.?\s?m\.?,?(?: \(?(?:Eastern|Pacific|Central|Mountain|New York City|New York)[^,;⟦]{0,25}?[Tt]ime\)?| E\.?[SD]?\.?T\.?)?`
	// orgGap is a gap without a date or figure that may pass a company's name ("the special
	// meeting of stockholders of Larkspur Capital Corp (the "Company") held on ...") and the
	// short names its defined terms give it, which may read as a ticker ("(the “Company,”
	// “LARK,” “we” or “us”), which will be held on ...").
	orgGap = `(?:[^⟦]|⟦(?:org|ticker) \d+⟧)`
	// voteCount is one count of a vote in a sentence ("holders of 5,702,114 shares (approximately
	// 97.8% of the votes cast)").
	// (also "4,402,118 votes cast for", "votes were cast against")
	voteCount = `(?:holders of )?{SLOT:shares|count}(?: \([^)]{0,60}\))?(?: shares)? (?:voted |(?:votes? )?(?:were )?cast |votes |voting )?`
	// perSharePrice names the per-share figure a proxy estimates from the trust balance.
	perSharePrice = `(?:per[- ]share (?:redemption )?price|redemption price per (?:public )?share|price per (?:public )?share)`
	// deadlineFrom is the "from <old date> (the "Termination Date")" before a new deadline; the
	// old date is slot o (old_deadline). The gloss may hold a bracket of its own ("(the date
	// which is 24 months from the closing of the initial public offering (the "IPO"))").
	deadlineFrom = `(?:from {o:date}(?: \((?:[^()]|\([^()]*\))*\))?,? )?`
	// extendWords lead to a new deadline: "extending the date by which ... to <date>".
	extendWords = `(?:extend|extending|extended|extends|extension of|moving)[^⟦]{0,40}? (?:the )?(?:date|time|period|deadline|termination date|combination period)`
	// extendDeadline is an extension of the deadline written out; a defined term may stand
	// between the words ("to extend (the "Extension") the date (the "Termination Date") by
	// which"), and the time may be "to complete" rather than "by which"; a trust agreement's
	// amendment writes "the date before which" or "the date on which to commence liquidating
	// the trust account".
	// (also "an extension of time for the Company to consummate an initial business combination",
	// the company named by its short name or symbol: "an extension of time for ACME to complete")
	extendDeadline = `(?:(?:extend|extends|extending|extension of)(?: \([^)]{0,40}\))? (?:the|its)(?: company` + ap + `s)? (?:(?:date|time|period|deadline|period of time)(?: \([^)]{0,60}\))? (?:by which|(?:on or )?before which|on which to commence liquidat\w+|(?:with)?in which to (?:complete|consummate|effect)|to (?:complete|consummate|effect))|deadline|termination date|combination period)` +
		`|(?:extend|extends|extending|extension of) time for (?:the company|us|it|⟦(?:org|ticker) \d+⟧|(?-i:[A-Z][A-Za-z]{1,20})) to (?:complete|consummate|effect))`
	// parValue is the par value written after a class of shares ("holders of 1,000 shares of
	// Class A common stock, par value $0.0001 per share (the "public shares")").
	parValue = `(?:,? par value {money} per share,?)?`
	// trustAccount is the trust account a deposit goes into.
	trustAccount = `(?:into|in|to) (?:the |its |our )?(?:company` + ap + `s )?trust account`
	// trustFund is the trust account, or "the trust" alone, right before the amount deposited.
	trustFund = `(?:into|in|to) (?:the |its |our )?(?:company` + ap + `s )?trust(?: account)?`
	// heldOn is a meeting with the day it is (or was) held; how it was held may come between
	// ("was held by telephonic conference on <date>", "held virtually on <date>").
	heldOn = `(?i)meeting` + orgGap + `*? (?:was |that was )?(?:held|convened)` + heldHow + ` on ` + weekday + `{v:date}`
	// adjournedIdle is a meeting convened and adjourned without business: it was not held then.
	adjournedIdle = `(?i)\badjourn\w*,? without (?:conducting |transacting )?(?:any )?(?:business|vote)`
	// heldHow is the manner of a meeting's holding, named only by the words for it (a holder's
	// name after "held by" is no manner: "shares held by them on the record date").
	heldHow = `(?: (?:virtually|telephonically|online|in person|(?:by|via|through) (?:means of )?(?:an? |the )?(?:live |virtual |telephonic |telephone |audio |video )?(?:conference(?: call)?|teleconference|videoconference|video conference|webcast|internet|remote communication)))?`
	// meetingOn is the meeting with a date after it; "record" or "filed" between them name
	// another date, and so does "the record date for the meeting ... remains the close of
	// business on <date>" (meetingOnNot).
	meetingOn = `(?i)` + meetingNoun + `[^⟦]{0,60}? on ` + weekday + `{v:date}`
	// meetingOfOn lets the company's name stand between ("the extraordinary general meeting
	// of shareholders of Acme Corp. on October 4, 2023").
	meetingOfOn = `(?i)` + meetingNoun + orgGap + `{0,60}? on ` + weekday + `{v:date}`
	// (nor is the IPO's date a meeting's: "the delay in the 2006 Annual Meeting is since its
	// initial public offering on December 16, 2005")
	meetingOnNot = pastMeeting + `|(?i:initial public offering|\bIPO\b|inception)[^⟦]{0,20}? on ⟦date \d+⟧$|originally|postpone|adjourn|(?i:meeting)[^⟦]*(?:record|filed)[^⟦]*⟦date \d+⟧$|\brecord date (?:for|of)\b[^⟦]*⟦date \d+⟧$|\bclose of business(?: on)? ⟦date \d+⟧$`
	// meetingVoted is a sentence that reports a meeting's votes: the meeting is over.
	meetingVoted = `(?i)\b(?:stockholders|shareholders|members|holders)\b[^.]{0,60}?\b(?:approved|voted|elected|adopted|redeemed)\b|\bwere entitled\b`
	// recordDateIs is the record date and its day: the words between may pass the meeting's
	// own day, which is not the record date ("the record date for the special meeting held on
	// June 12, 2024 is May 10, 2024": "held on" and "meeting on" lead to the meeting's day)
	recordDateIs = `(?i)record date(?:[^⟦]|⟦date \d+⟧)*?(?:close of business on|\bis|\bwas|\bas of|\bof|[^dg] on|\bremains) {v:date}`
	// earlierMeetingHeld is a meeting the company held before the one at hand ("The Company had
	// previously held a special meeting on <date> ..., with a record date of <date>").
	earlierMeetingHeld = `(?i)\b(?:had |has )?previously (?:held|convened|called)\b|\bheld (?:an?|its|the) (?:prior|previous|earlier|first)\b`
	// yearMeetingPast is an earlier meeting named by its year and told in the past ("At the 2021
	// annual meeting, the record date was October 1, 2021"): a proxy's own meeting is to come.
	yearMeetingPast = `(?i)\b(?:at|for) (?:the|our|its) (?:19|20)\d{2} (?:annual|special|extraordinary)[^⟦.]{0,30}? meeting\b[^⟦]*\b(?:was|were)\b`
	// labelEnd closes a label: a colon, a cell boundary, or both.
	labelEnd = `(?::(?: \|)?| \|) `
	// weekday is the day's name some filings write before a date ("until Thursday, October 5").
	weekday = `(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? )?`
	// convenedAdjourned is a meeting opened and adjourned at once: the day it convened is not
	// the day it voted ("On May 30, the Company convened its special meeting and adjourned it,
	// without conducting any business, to June 6"); a meeting reconvened after an adjournment
	// did vote that day.
	convenedAdjourned = `(?i)\bconvened\b[^.]{0,160}?\badjourn`
	// meetingHistory vetoes a sentence that recounts an earlier meeting or extension.
	meetingHistory = `(?i)\bpreviously\b|\bprior\b|\bearlier\b|\bfirst (?:extension|special meeting|annual meeting|meeting)\b`
)
