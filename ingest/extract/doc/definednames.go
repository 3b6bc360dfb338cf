package doc

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/spacdata/spac/ingest/extract/entity"
)

// Releases, 8-Ks, 425s and proxies name a company once in full with the short name they then
// use ("Acme Robotics, Inc. (“Acme”)", "Acme Robotics Holdings Ltd. (together with its
// subsidiaries, the “Company” or “Acme”)", "IRIDIUM HOLDINGS LLC (“IRIDIUM HOLDINGS”)") and
// speak of "the business combination with Acme" afterwards. The document keeps a table of
// these definitions, so a rule that reads a short name can give the full name it stands for.
// The table says only what the document defines; which role a name plays (the target, the
// SPAC, the sponsor) is for the rules to judge from what the definition says of it.

// DefinedName is a company's full name and a short name the document gives it.
type DefinedName struct {
	Short, Full string
	Line        int // the canonical line that gives the short name
	// About is what the definition says of the company: the words between its name and the
	// bracket that gives the short name, the bracket, and its description after it
	// (", a Delaware corporation (the “Company” or “Acme”)", "(“Cantor”), as representative
	// of the underwriters").
	About string
	// Before is the definition's sentence up to the full name ("entered into an underwriting
	// agreement with"), at most maxDefinitionLead bytes.
	Before string
}

const (
	maxAppositive     = 160 // bytes between a name and the bracket that defines its short name
	maxDefinitionLead = 80
	maxDescription    = 120
)

var (
	// appositiveRe: a name's description before its bracket (", a Delaware corporation"); it
	// holds no bracket and no other definition.
	appositiveRe = regexp.MustCompile(`^(?:,?\s+(?:a|an|the)\s[^()“”"]{0,` + strconv.Itoa(maxAppositive) + `}?)?,?\s*\(([^()]{2,160})\)`)
	// digitWordRe: a word of digits and capitals right before a recognised name is its first
	// word ("4D Pharma PLC"), which the recogniser, reading names from a capital, leaves out.
	digitWordRe = regexp.MustCompile(`(?:^|[\s(])(\d+[A-Z][A-Za-z0-9]*)[ \t]+$`)
	// quotedTermRe: a defined term inside a bracket.
	quotedTermRe = regexp.MustCompile(`[“"]([^”"]{2,40})[”"]`)
	// capitalRunRe: a name without a legal form right before its bracket ("Sarcos Robotics
	// (“Sarcos”)"): two to six capitalised words.
	capitalRunRe = regexp.MustCompile(`\b[A-Z][\w&'’.\-]*(?:[ \t]+(?:[A-Z][\w&'’.\-]*|&|of)){1,5},?[ \t]+\((?:the[ \t]+)?[“"]([^”"]{2,40})[”"]\)`)
	// appositiveAfterRe: a description set off by commas after the bracket (", as
	// representative of the underwriters,", ", the sponsor of the Company,"); what follows
	// without a comma is the sentence's verb, not the company's description.
	appositiveAfterRe = regexp.MustCompile(`^,\s*(?:a|an|the|as|its|our|which|who)\s[^,;()“”"]{0,` + strconv.Itoa(maxDescription) + `}`)
	// shortRoleRe: short names that name a role, never one company ("the Company", "Merger
	// Sub", "Sponsor", "New PubCo", "Holdings").
	shortRoleRe = regexp.MustCompile(`(?i)^(?:the )?(?:new |combined |surviving |successor |post-combination |resulting )?(?:company|corporation|entity|merger subs?|[\w ]*merger sub(?: [\w]+)?|first merger sub|second merger sub|sponsors?|pubco|holdco|topco|newco|holdings|parent|purchaser|buyer|sellers?|spac|target|registrant|issuer|trust|trustee|agent|representatives?|underwriters?|investors?|subscribers?|lenders?|shareholders?|stockholders?|members?|blocker|acquiror|acquirer|[\w ]+ representative)$`)
)

// DefinedNames returns the document's table of short names (see DefinedName), built on first
// use. A short name defined for two different companies is in doubt and left out.
func (d *Doc) DefinedNames() map[string]DefinedName {
	if d.defined != nil {
		return d.defined
	}
	d.defined = map[string]DefinedName{}
	doubt := map[string]bool{}
	for _, s := range d.Sentences {
		if !strings.Contains(s.Text, "(") || !strings.ContainsAny(s.Text, "“\"") {
			continue
		}
		for _, n := range definitionsIn(s.Text) {
			if prev, ok := d.defined[n.Short]; ok && prev.Full != n.Full {
				doubt[n.Short] = true
				continue
			}
			if _, ok := d.defined[n.Short]; !ok {
				n.Line, _ = s.Locate(d.R, n.at, n.at+len(n.Short))
				d.defined[n.Short] = n.DefinedName
			}
		}
	}
	for short := range doubt {
		delete(d.defined, short)
	}
	return d.defined
}

// definition is a DefinedName found in a sentence, with the offset of its short name.
type definition struct {
	DefinedName
	at int
}

// definitionsIn reads the definitions of a sentence: a recognised company's name (or a run of
// capitalised words) followed by a bracket, after an optional description, that quotes the
// short names it is given. Role terms ("the Company") are no short names.
func definitionsIn(text string) []definition {
	var out []definition
	var spans [][2]int
	for _, e := range entity.Recognise(text) {
		if e.Kind == entity.Org {
			start := e.Start
			if loc := digitWordRe.FindStringSubmatchIndex(text[:start]); loc != nil {
				start = loc[2] // "4D Pharma PLC": the recogniser reads the name from "Pharma"
			}
			spans = append(spans, [2]int{start, e.End})
		}
	}
	for _, sp := range spans {
		out = append(out, definedAfter(text, strings.Join(strings.Fields(text[sp[0]:sp[1]]), " "), sp[0], sp[1], spans)...)
	}
	for _, m := range capitalRunRe.FindAllStringSubmatchIndex(text, -1) {
		if insideAny(spans, m[0], m[1]) {
			continue
		}
		end := strings.LastIndex(text[m[0]:m[1]], "(") + m[0]
		words := leadingWordsOff(strings.Fields(strings.TrimRight(text[m[0]:end], ", \t")))
		if len(words) < 2 || !initialsOrPrefix(words, text[m[2]:m[3]]) {
			continue
		}
		full := strings.Join(words, " ")
		start := strings.Index(text[m[0]:end], words[0]) + m[0]
		out = append(out, definedAfter(text, full, start, end, spans)...)
	}
	return out
}

// definedAfter reads the bracket after the name full (text[start:end]) and returns a
// definition for each short name it quotes that names no role. A description that runs
// into another company's name ("Acme, a leader in robots, and Corvid Acquisition Corp.
// (“Corvid”)") is that company's: the bracket is not this name's.
func definedAfter(text, full string, start, end int, orgs [][2]int) []definition {
	m := appositiveRe.FindStringSubmatchIndex(text[end:])
	if m == nil || insideAny(orgs, end+1, end+m[2]) {
		return nil
	}
	bracketEnd := end + m[1]
	about := text[end:bracketEnd]
	rest := appositiveAfter(text[bracketEnd:])
	lead := text[:start]
	if len(lead) > maxDefinitionLead {
		lead = lead[len(lead)-maxDefinitionLead:]
	}
	var out []definition
	inner := end + m[2]
	for _, q := range quotedTermRe.FindAllStringSubmatchIndex(text[inner:end+m[3]], -1) {
		short := strings.TrimSpace(text[inner+q[2] : inner+q[3]])
		if shortRoleRe.MatchString(short) || !startsName(short) {
			continue
		}
		out = append(out, definition{DefinedName{Short: short, Full: full, About: about + rest, Before: lead}, inner + q[2]})
	}
	return out
}

// appositiveAfter is the description right after a definition's bracket, or "".
func appositiveAfter(rest string) string {
	return appositiveAfterRe.FindString(rest)
}

// startsName reports whether a short name starts like a name (a capital or a digit).
func startsName(s string) bool {
	return s != "" && (s[0] >= 'A' && s[0] <= 'Z' || s[0] >= '0' && s[0] <= '9')
}

// insideAny reports whether [a, b) overlaps one of spans.
func insideAny(spans [][2]int, a, b int) bool {
	for _, s := range spans {
		if a < s[1] && s[0] < b {
			return true
		}
	}
	return false
}

// nameLeadWords start a sentence or a phrase before a name; they are no part of it.
var nameLeadWords = map[string]bool{"The": true, "On": true, "In": true, "At": true, "As": true,
	"By": true, "For": true, "From": true, "With": true, "And": true, "Between": true, "Among": true,
	"Both": true, "Each": true, "Following": true, "Upon": true, "Pursuant": true, "Today": true}

func leadingWordsOff(words []string) []string {
	for len(words) > 0 && nameLeadWords[words[0]] {
		words = words[1:]
	}
	return words
}

// initialsOrPrefix reports whether short is the first word(s) of words or their initials:
// a run of capitalised words is a name only when its short name comes from it.
func initialsOrPrefix(words []string, short string) bool {
	s := strings.ToLower(strings.TrimSpace(short))
	full := strings.ToLower(strings.Join(words, " "))
	if strings.HasPrefix(full+" ", s+" ") {
		return true
	}
	var initials strings.Builder
	for _, w := range words {
		if w != "&" && w != "of" {
			initials.WriteString(strings.ToLower(w[:1]))
		}
	}
	return len(s) >= 2 && !strings.Contains(s, " ") && strings.HasPrefix(initials.String(), s)
}
