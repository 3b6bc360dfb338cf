package rules

import (
	"strings"

	"github.com/spacdata/spac/ingest/extract/textutil"
)

// The company's jurisdiction: the closed list of places a SPAC is incorporated in, the cover
// page's reader of it, and the vetoes of a jurisdiction the company is moving to or leaving.

// jurisdictions are the places SPACs are incorporated in; a closed list keeps a capture to a
// place name.
var jurisdictions = []string{
	"Cayman Islands", "British Virgin Islands", "Bermuda", "Marshall Islands", "Guernsey", "Jersey",
	"Luxembourg", "Ontario", "British Columbia", "Alberta", "Delaware", "Nevada", "New York", "Maryland",
	"Florida", "Texas", "Wyoming", "Colorado", "Massachusetts", "California", "Minnesota", "Illinois",
	"Georgia", "Utah", "Washington", "Virginia", "Pennsylvania", "New Jersey", "Ohio", "Michigan",
	"Arizona", "Connecticut", "North Carolina", "Tennessee", "Oklahoma", "Indiana", "Missouri",
	"Wisconsin", "Oregon", "Louisiana",
}

var jurisdiction = `(?:` + strings.Join(jurisdictions, "|") + `)`

// jurisdictionStartRe allows the place's formal style before its name, as a cover cell may
// write it ("Republic of the Marshall Islands", "State of Delaware", "Commonwealth of
// Massachusetts"): the value is the name alone.
var jurisdictionStartRe = textutil.MustStarts(`(?i)^(?:the\s+)?(?:(?:republic|state|commonwealth|province)\s+of\s+(?:the\s+)?)?(` + jurisdiction + `)\b`)

// JurisdictionAt returns the jurisdiction a text begins with, as the list writes it ("CAYMAN
// ISLANDS 6770" -> "Cayman Islands"), and the words that state it; for the cover page reader
// of package extract.
func JurisdictionAt(text string) (name, quote string, ok bool) {
	m := jurisdictionStartRe.FindStringSubmatch(text)
	if m == nil {
		return "", "", false
	}
	for _, j := range jurisdictions {
		if strings.EqualFold(j, m[1]) {
			return j, m[1], true
		}
	}
	return "", "", false
}

// notOwnJurisdiction vetoes a jurisdiction the company is leaving or has left.
const notOwnJurisdiction = `(?i)domesticat|continuance|by way of continuation|deregist|re-?domicil|reincorporat`

// jurisdictionMoved vetoes, wherever the sentence goes on, a jurisdiction the move gives:
// "Acme Corp., a Delaware corporation upon its domestication", "... following the
// Domestication". An apposition the move only follows later in the sentence ("Acme Corp., a
// Cayman Islands exempted company ("Acme"), has approved ... the Domestication") is the
// filer's present jurisdiction; notOwnJurisdiction then vetoes only the words before it.
const jurisdictionMoved = `(?i)(?:company|corporation)\b[^.⟦]{0,40}?\b(?:upon|after|following|once|on|at|as of|in connection with|subject to|giving effect to)\b[^.⟦]{0,40}?\b(?:domesticat|continuance|continuation|deregist|re-?domicil|reincorporat)`
