package rules

import "strings"

// The terms of an extension (new deadline, the deadline it replaces), shared by the rules of
// redemption.go that read them in 8-Ks, releases and proxies, and by the meeting kinds.

// extensionRefused vetoes an extension that did not or will not happen: the lender declined
// to fund it, the sponsor will not deposit.
const extensionRefused = `|\b(?:declin|refus)\w*|\b(?:did|does|will|would|could) not\b|\bcannot\b|\bunable\b|\bno longer\b`

// extensionAsked vetoes, in an 8-K or a release, an extension the holders are still asked to
// approve: its date is no deadline yet (a proxy's own proposal is read by its own rule).
const extensionAsked = `|\b(?:will|would) be asked\b|\bare being asked\b|\bto (?:consider and )?vote (?:on|upon)\b|\bwill (?:consider|vote)\b|\bseek(?:s|ing)? (?:stockholder |shareholder )?approval`

// extendFromToWords is the extension with its dates before the noun: "to extend from <old>
// (the "Original Termination Date") to <new> (the "Extended Date") the date by which"; OLD and
// NEW stand for its dates.
const extendFromToWords = `\bextend(?:s|ed|ing)? from OLD(?: \([^)]{0,80}\))?,? ` + deadlineTo + ` NEW(?: \([^)]{0,80}\))?,? (?:the|its) (?:date|deadline|period|time|termination date)\b`

var (
	// extendFromTo captures the old date as slot o and the new one as slot v.
	extendFromTo = strings.NewReplacer("OLD", "{o:date}", "NEW", "{v:date}").Replace(extendFromToWords)
	// extendFromToAny captures no slot (a meeting kind's words).
	extendFromToAny = strings.NewReplacer("OLD", "{date}", "NEW", "{date}").Replace(extendFromToWords)
)
