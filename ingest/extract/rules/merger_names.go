package rules

import (
	"slices"
	"strings"

	"github.com/spacdata/spac/ingest/extract/entity"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// How an agreement's parties are named: a company name compared without its legal form, names
// written in capitals, and names a list gives a short name. The party readers of
// merger_parties.go use them to tell the target from the SPAC and the other roles.
var (
	nonAlnumRe = textutil.MustStarts(`[^a-z0-9]+`)
	legalEndRe = textutil.MustStarts(`(?: (?:corp|corporation|inc|incorporated|ltd|limited|co|company|plc|llc))+$`)
)

// bareName is a company name compared without case, punctuation and legal form ("Halcyon
// Drift Acquisition Corp." and "HALCYON DRIFT ACQUISITION CORP" are one name).
func bareName(name string) string {
	n := strings.TrimSpace(nonAlnumRe.ReplaceAllString(strings.ToLower(name), " "))
	// "The Acme Acquisition Corporation" is the filer the recogniser reads as "Acme
	// Acquisition Corporation" (a leading article is no part of a name it reads)
	n = strings.TrimPrefix(n, "the ")
	return legalEndRe.ReplaceAllString(n, "")
}

// capitalNames finds company names written in capitals ("VELORA THERAPEUTICS, INC.") in text,
// which starts at offset base of its sentence, as org entities.
func capitalNames(text string, base int) []entity.Entity {
	var out []entity.Entity
	for _, loc := range capitalNameRe.FindAllStringIndex(text, -1) {
		start := loc[0]
		for _, lead := range []string{"AND ", "THE ", "BY ", "AMONG "} {
			if strings.HasPrefix(text[start:loc[1]], lead) {
				start += len(lead)
			}
		}
		name := strings.Join(strings.Fields(text[start:loc[1]]), " ")
		if len(strings.Fields(name)) < 2 || holdersNameRe.MatchString(name) {
			continue
		}
		out = append(out, entity.Entity{Kind: entity.Org, Start: base + start, End: base + loc[1],
			CoreStart: base + start, CoreEnd: base + loc[1], Value: name})
	}
	return out
}

// withCapitalNames adds to the recognised names the names in capitals the recogniser did not
// read (a title page names the SPAC with a legal form it knows, the target as "THE AIR WATER
// COMPANY"), in order of position.
func withCapitalNames(orgs, caps []entity.Entity) []entity.Entity {
	for _, c := range caps {
		overlaps := false
		for _, o := range orgs {
			if c.Start < o.End && o.Start < c.End {
				overlaps = true
				break
			}
		}
		if !overlaps {
			orgs = append(orgs, c)
		}
	}
	slices.SortStableFunc(orgs, func(a, b entity.Entity) int { return a.Start - b.Start })
	return orgs
}

var (
	// definedNameRe is a name in capitalised words right before the short name it is given:
	// "Lucid Motors (“Lucid”)", "Integrated Drilling Equipment Company ("IDE")".
	// An "and" may join its words ("Tema Oil and Gas Company (“Tema”)"), or two names ("Acme
	// Corp. and Lumen Robotics (“Lumen”)"): the name is the longest run the short name fits.
	definedNameRe = textutil.MustStarts(`\b([A-Z][\w&'’.\-]*(?:[ \t]+(?:[A-Z][\w&'’.\-]*|&|of|and))*),?[ \t]+\((?:the[ \t]+)?[“"]([^”"]{2,30})[”"]`)
	// notNameWordRe: words no company's name holds but defined terms do (an agreement, a
	// meeting, a class of securities, a role).
	notNameWordRe = textutil.MustStarts(`(?i)^(?:agreements?|amendment|sub|sponsor|holders?|stockholders?|shareholders?|members|sellers?|investors?|closing|date|time|period|plan|proposals?|act|meeting|board|directors|statement|registration|subscription|shares?|stock|warrants?|units?|rights?|notes?|trust|account|transactions?|combination|merger|mergers|effective|exchange|surviving|combined|resulting|post-combination|representative|parties|party|spac|pubco|holdco|parent|purchaser|buyer|acquiror)$`)
)

// definedNames finds, in text at offset base of its sentence, the names of two or more
// capitalised words given a short name that is their first word(s) or their initials, as org
// entities: a press release names a target without its legal form.
func definedNames(text string, base int) []entity.Entity {
	var out []entity.Entity
	for _, g := range definedNameRe.FindAllStringSubmatchIndex(text, -1) {
		start, end := g[2], g[3]
		words, start, ok := fittingName(text, start, end, text[g[4]:g[5]])
		if !ok {
			continue
		}
		name := strings.Join(words, " ")
		out = append(out, entity.Entity{Kind: entity.Org, Start: base + start, End: base + end,
			CoreStart: base + start, CoreEnd: base + end, Value: name})
	}
	return out
}

// fittingName is the part of the run of capitalised words text[start:end] that short names:
// the whole run past its lead words, else its part after an "and" (a run that joins two
// names); at is where the name starts, ok false when no part fits.
func fittingName(text string, start, end int, short string) (words []string, at int, ok bool) {
	words = strings.Fields(text[start:end])
	for len(words) > 0 && leadWordRe.MatchString(words[0]) {
		start += strings.Index(text[start:], words[0]) + len(words[0])
		start += len(text[start:]) - len(strings.TrimLeft(text[start:], " \t"))
		words = words[1:]
	}
	for {
		if len(words) >= 2 && len(words) <= 8 && words[len(words)-1] != "and" &&
			!slices.ContainsFunc(words, notNameWordRe.MatchString) && shortNameOf(words, short) {
			return words, start, true
		}
		i := slices.Index(words, "and")
		if i < 0 {
			return nil, start, false
		}
		start += strings.Index(text[start:], " and ") + len(" and ")
		start += len(text[start:]) - len(strings.TrimLeft(text[start:], " \t"))
		words = words[i+1:]
	}
}

// leadWordRe: words that start a sentence or a phrase before a name ("The", "On", "With").
var leadWordRe = textutil.MustStarts(`^(?:The|THE|This|On|In|At|As|By|For|From|With|And|Or|Between|Among|Both|Each|Following|Upon|Pursuant|Accordingly|Additionally)$`)

// shortNameOf reports whether short is the name of words' first word(s) or initials.
func shortNameOf(words []string, short string) bool {
	s := strings.ToLower(strings.TrimSpace(short))
	if len(s) < 2 {
		return false
	}
	var initials strings.Builder
	for _, w := range words {
		if w != "&" && w != "of" && w != "and" {
			initials.WriteString(strings.ToLower(w[:1]))
		}
	}
	full := strings.ToLower(strings.Join(words, " "))
	return strings.HasPrefix(full+" ", s+" ") || strings.HasPrefix(initials.String(), s) && len(s) >= 2 && !strings.Contains(s, " ")
}
