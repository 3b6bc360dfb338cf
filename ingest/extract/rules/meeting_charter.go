package rules

import (
	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/rule"
)

// meetingCharter reads the charter amendment an extension meeting adopts, filed as exhibit 3
// of the 8-K that reports it (a Delaware certificate of amendment, a Cayman special
// resolution amending the articles): the amended article's deadline and the company's own
// jurisdiction from the certificate's preamble. Only exhibits of that kind are read, and only
// when they hold the charter's blank-check provisions (a combined company's post-closing
// charter holds none).

// charterDocs are the exhibits that hold a charter or its amendment.
var charterDocs = []string{"EX-3"}

// charterSPAC is what a blank check company's charter holds and a post-closing charter does
// not.
const charterSPAC = `(?i)business combination|trust account`

// insideDeletedQuote vetoes words the amendment deletes: the match sits inside a quotation
// that "deleting (the words)" opened and nothing closed yet ("by deleting the words “by
// December 1, 2022” and inserting ..."); the text a deletion is "replaced with" is read.
const insideDeletedQuote = `(?i)\bdelet\w* (?:the )?(?:following )?(?:(?:words?|phrases?|text|sentences?|language|clause|introduction)` + deletedWhere + `[ :,]*)?[“"][^”"]*$`

// deletedWhere is where the deleted words stand, between their name and the quotation ("by
// deleting the phrase at the beginning of Section 9.2(d) of Article IX “In the event ...").
const deletedWhere = `(?: (?:at the (?:beginning|end) of|contained in|in|of|from) [^“”"⟦]{1,80}?)?`

// charterNoDeal is the deadline article itself: the company that has not yet completed its
// business combination by a date ("In the event that the Corporation has not consummated a
// Business Combination by August 22, 2019", "does not consummate a Business Combination upon
// the date which is the later of (i) January 21, 2023 ..."); its first date is the base
// deadline, the board's further optional periods come after it.
const charterNoDeal = `(?i)\b` + charterNoDealBody

// charterNoDealBody is charterNoDeal without its word boundary, to follow a quotation mark.
const charterNoDealBody = `(?:in the event (?:that )?|if )the (?:corporation|company) (?:has not|does not|shall not have|did not|is unable to|fails to)(?: yet)?(?: (?:consummated?|completed?|effected?))? (?:a|an|its|the) (?:initial )?business combination,? ` +
	`(?:by|on or before|prior to|before|upon the date which is the later of \(i\)|within the period ending on) ` + weekday + `{v:date}`

var meetingCharter = []*rule.Rule{
	{
		ID: "meeting.new_deadline_charter_article", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  charterNoDeal,
		Not:      insideDeletedQuote,
		Never:    mergerCharter,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Within:   charterSPAC,
		Priority: 9,
		// the deleted article may stand in a sentence of its own after "by deleting the
		// following:", where nothing in it says it is deleted: two different deadlines read
		// from one charter are not told apart, and neither is kept
		Exclusive: true,
	},
	{
		// the words an amendment inserts in place of a period: "by deleting the words “within
		// 18 months from the consummation of the IPO” and replacing them with the words “by
		// February 9, 2023”", "... and inserting “on or before July 2, 2024” in lieu thereof"
		ID: "meeting.new_deadline_charter_inserted", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  `(?i)\b(?:replac\w*|insert\w*|substitut\w*)\b[^“”"⟦]{0,60}?[“"](?:by|on or before|prior to) ` + weekday + `{v:date}`,
		Never:    mergerCharter,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Within:   charterSPAC,
		Priority: 9,
	},
	{
		// the charter's own definition of its deadline: "“Termination Date” means (a) July 25,
		// 2023 ... or (b) up to December 25, 2023, if ..."; the first date is the deadline, the
		// later one only an option
		ID: "meeting.new_deadline_charter_defined", Emit: rule.One(spac.FieldNewDeadline),
		Pattern:  `(?i)(?:^|[“"])termination date[”"]? (?:means|shall mean) (?:\(a\) |\(i\) )?` + weekday + `{v:date}`,
		Not:      insideDeletedQuote,
		Never:    mergerCharter,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Within:   charterSPAC,
		Priority: 9,
	},
	{
		// the deadline the amendment deletes, quoted in the sentence that deletes it: "by
		// deleting the phrase “In the event that the Corporation has not completed an initial
		// Business Combination by October 30, 2023” and inserting ..."
		ID: "meeting.old_deadline_charter_deleted", Emit: rule.One(spac.FieldOldDeadline),
		Pattern:  `(?i)\bdelet\w* (?:the )?(?:following )?(?:words?|phrases?|text|sentences?|language|clause|introduction)` + deletedWhere + `[ :,]*[“"]` + charterNoDealBody,
		Never:    mergerCharter,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Within:   charterSPAC,
		Priority: 9,
	},
	{
		// a Cayman registrar's notice of the special resolution names the meeting that passed it:
		// "TAKE NOTICE that by minutes of an extraordinary general meeting of Acme Corp dated 3
		// May 2022, the following special resolution was passed"; a written resolution of the
		// members (no meeting) is not read
		ID: "meeting.date_resolution_minutes", Emit: rule.One(spac.FieldMeetingDate),
		Pattern:  `(?i)\bminutes of (?:an?|the) (?:extraordinary |annual |special )?general meeting\b` + orgGap + `{0,80}? (?:dated|held on) ` + weekday + `{v:date}`,
		Must:     `(?i)\bresolutions? (?:was|were) (?:duly )?passed\b`,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Priority: 9,
	},
	{
		// the amended article lets the company extend its deadline, in a charter exhibit that
		// names the meeting adopting it (an extract of the meeting's minutes, "adopted ... at a
		// meeting of stockholders"): the meeting was an extension's
		ID: "meeting.kind_extension_charter", Emit: rule.One(spac.FieldMeetingKind), Value: "extension",
		Pattern:  `(?i)\b(?:may|shall|will|to)(?: elect to)? (?P<v>extend (?:this timeframe|the (?:period of time|date|time|deadline|termination date)))`,
		Not:      insideDeletedQuote,
		Never:    earlyTermination + `|` + notAsked,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Within:   `(?i)\bmeeting\b`,
		Priority: 9,
	},
	{
		// the certificate's preamble names the corporation and the law it exists under: "Acme
		// Acquisition Corp. (the “Corporation”), a corporation organized and existing under
		// and by virtue of the General Corporation Law of the State of Delaware", "..., a
		// corporation existing under the laws of the State of Delaware (the “Corporation”)"
		ID: "meeting.state_charter_preamble", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern:  `\ba corporation (?:duly )?(?:organized and existing|existing|incorporated|organized) under (?:and by virtue of )?the (?i:laws|(?:⟦org \d+⟧|General Corporation) Law) of the State of ` + jurisdictionSlot + `\b`,
		Never:    `(?i)certificate of merger|surviving (?:corporation|company)|merger sub`,
		Classes:  []doc.Class{doc.Current},
		Docs:     charterDocs,
		Within:   charterSPAC,
		Priority: 97,
	},
	{
		// a Cayman or BVI charter names its law and jurisdiction in its heading, each on a line of
		// its own: "THE COMPANIES ACT (AS REVISED)" / "OF THE CAYMAN ISLANDS", "TERRITORY OF THE
		// BRITISH VIRGIN ISLANDS"; read only where the charter's heading says so
		ID: "meeting.state_charter_heading", Produce: jurisdictionOf, Gives: []string{spac.FieldStateOfInc},
		Pattern:  `(?i)^(?:territory |the (?:bvi business )?companies (?:act|law)\b[^⟦]{0,30}? )?of the ` + jurisdictionSlot + `$`,
		Within:   `(?i)\b(?:companies (?:act|law)|business companies act)\b[^.⟦]{0,40}?\bof the (?:cayman islands|british virgin islands)\b|\bterritory of the british virgin islands\b`,
		Classes:  []doc.Class{doc.Current, doc.Prospectus},
		Docs:     charterDocs,
		Priority: 96,
	},
}

// mergerCharter is a sentence of a merger's charter (the certificate of merger, the surviving
// company's articles): its deadlines are not the SPAC's.
const mergerCharter = `(?i)certificate of merger|surviving (?:corporation|company)`
