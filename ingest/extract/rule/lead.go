package rule

import (
	"regexp"

	"github.com/spacdata/spac/ingest/extract/doc"
	"github.com/spacdata/spac/ingest/extract/entity"
)

// A report narrates events one paragraph each: "On <date>, the Company held an extraordinary
// general meeting. At the meeting, the shareholders approved ... In connection with the
// vote, holders of N shares exercised their right to redeem ...". The sentences after the
// first state no date, yet they tell of the event the first one dates.

// leadOpenerRe is a sentence that opens with the date of an event ("On May 10, 2023, ...",
// "At the special meeting held on May 10, 2023, ...").
var leadOpenerRe = regexp.MustCompile(`^(?:On|on|At [^⟦.]{0,80}? on) ⟦date (\d+)⟧,? `)

// maxLead bounds how many sentences back a paragraph's opening date is looked for.
const maxLead = 4

// A current report recounts an earlier event before the one it reports: "As previously
// disclosed, on February 9, 2023, the Company held a special meeting at which ... holders of
// 20,122,444 shares redeemed ...", then "On August 10, 2023, the Company held a second special
// meeting ...". The recounted event's values are facts of that event, not of the report's:
// recountedRe finds its date (the one a subject follows, not the date an earlier report was
// filed on: "As reported in the Form 8-K filed on <date>, on <date>, the Company ...").
var recountedRe = regexp.MustCompile(`^As (?:previously |was |we )?(?:previously )?(?:reported|disclosed|announced)\b(?:[^⟦]|⟦date \d+⟧){0,160}?[, ]on ⟦date (\d+)⟧,? (?:the |its |our |we\b|at\b|in connection\b|⟦org \d+⟧)`)

// recountedDate returns the date of the earlier event sentence s recounts, if it opens with one.
func recountedDate(s *doc.Sentence) (string, bool) {
	m := entity.Mask(s.Text)
	g := recountedRe.FindStringSubmatch(m.Text)
	if g == nil {
		return "", false
	}
	if n := atoiSafe(g[1]); n < len(m.Entities) && m.Entities[n].Kind == entity.Date {
		return m.Entities[n].Value, true
	}
	return "", false
}

// leadDate returns the date that opens sentence i of d or, when it opens with none, the
// nearest earlier sentence of its paragraph that does (at most maxLead back). Sentences are
// of one paragraph when they share a canonical line: a date is never carried over a line
// break, where hard-wrapped text and separate paragraphs cannot be told apart.
func leadDate(d *doc.Doc, i int) (string, bool) {
	for k := i; k >= 0 && k >= i-maxLead; k-- {
		s := d.Sentences[k]
		if k < i {
			first, _ := d.Sentences[k+1].Lines()
			if _, last := s.Lines(); last != first || s.Section != d.Sentences[k+1].Section || s.Row > 0 {
				return "", false
			}
		}
		m := entity.Mask(s.Text)
		if g := leadOpenerRe.FindStringSubmatch(m.Text); g != nil {
			n := atoiSafe(g[1])
			if n < len(m.Entities) && m.Entities[n].Kind == entity.Date {
				return m.Entities[n].Value, true
			}
		}
	}
	return "", false
}

func atoiSafe(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
