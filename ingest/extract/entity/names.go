package entity

import (
	"strings"
	"unicode/utf8"

	"github.com/spacdata/spac/ingest/extract/textutil"
)

const symbol = `[A-Z][A-Z0-9]{0,5}(?:[.\-][A-Z]{1,2}|\s?WS)?`

var (
	quotedTickerRe = re(`[“"](` + symbol + `)[,.]?[”"]`)
	// "(Nasdaq: VACQ)", "(NYSE American: ABC.U)", "(NASDAQ:ABCD, ABCDW)".
	// "(NASDAQ: TDACU, TDAC, TDACW)" lists several symbols.
	// "(NYSE Amex: BUS, BUS-U, BUS-WT)", "(NYSE Alternext US: DEK; DEK.WS; DEK.U)", "(Nasdaq:
	// ABC, ABCW and ABCU)": the exchange's earlier names, lists with semicolons or "and"; a 2009
	// release may write the name in capitals ("(NYSE AMEX: TCW, TCW.U, TCW.WS)"); a wire may
	// part them with slashes ("(Nasdaq: ABC/ABCU/ABCW)").
	// A release may close the bracket with the company's short name ("(Nasdaq: ABCD;
	// “Acme”)").
	parenTickerRe = re(`\(\s*((?:Nasdaq|NASDAQ|NYSE(?:\s(?:American|Arca|MKT|Amex|AMEX|Alternext(?:\sUS)?))?|AMEX|American Stock Exchange|OTC(?:QX|QB| Bulletin Board| Markets)?|OTCBB)(?:\s(?:GM|GS|CM|Global Market|Capital Market))?)\s*:\s*(` + symbol + `(?:(?:\s*[,;/]|,?\s+and)\s*` + symbol + `)*)\s*(?:;\s*(?:the\s+)?[“"][^”"()]{1,40}[”"]\s*)?\)`)
	symbolRe      = re(symbol)
	// An unquoted symbol right after the word: "under the Nasdaq ticker symbol RKLB".
	// Several: "under the symbols HYDQ and HYDQW", "symbols AB, ABW and ABR".
	bareTickerRe = re(`\bsymbols?\s+(` + symbol + `(?:(?:,\s*|,?\s+and\s+)` + symbol + `)*)\b`)
	// Quoted capitals that are defined terms, not symbols.
	notSymbols = map[string]bool{
		"SEC": true, "IPO": true, "PIPE": true, "SPAC": true, "NYSE": true, "NASDAQ": true,
		"US": true, "USA": true, "LLC": true, "GAAP": true, "FINRA": true, "DTC": true,
		"CEO": true, "CFO": true, "JOBS": true, "EGC": true, "BCA": true, "FPA": true,
		"DGCL": true, "IRS": true, "PFIC": true, "OTC": true, "EST": true, "ET": true,
		// a meeting's defined term: "an Extraordinary General Meeting (the “EGM”)"
		"EGM": true, "AGM": true,
	}
)

// tickers are quoted symbols (“VACQU”) and symbols after an exchange in brackets; the
// exchange of a bracket is an entity of its own.
func tickers(s string) []Entity {
	var out []Entity
	for _, m := range quotedTickerRe.FindAllStringSubmatchIndex(s, -1) {
		sym := s[m[2]:m[3]]
		if len(sym) < 2 || notSymbols[sym] {
			continue
		}
		out = append(out, Entity{Kind: Ticker, Start: m[0], End: m[1], CoreStart: m[2], CoreEnd: m[3], Value: sym})
	}
	for _, m := range bareTickerRe.FindAllStringSubmatchIndex(s, -1) {
		for _, k := range symbolRe.FindAllStringIndex(s[m[2]:m[3]], -1) {
			a, b := m[2]+k[0], m[2]+k[1]
			if sym := s[a:b]; len(sym) >= 2 && !notSymbols[sym] {
				out = append(out, Entity{Kind: Ticker, Start: a, End: b, CoreStart: a, CoreEnd: b, Value: sym})
			}
		}
	}
	for _, m := range parenTickerRe.FindAllStringSubmatchIndex(s, -1) {
		if ex, ok := textutil.ExchangeName(s[m[2]:m[3]]); ok {
			out = append(out, Entity{Kind: Exchange, Start: m[2], End: m[3], CoreStart: m[2], CoreEnd: m[3], Value: ex})
		}
		for _, k := range symbolRe.FindAllStringIndex(s[m[4]:m[5]], -1) {
			a, b := m[4]+k[0], m[4]+k[1]
			out = append(out, Entity{Kind: Ticker, Start: a, End: b, CoreStart: a, CoreEnd: b, Value: s[a:b]})
		}
	}
	return out
}

var exchangeRe = re(`(?:[Tt]he\s+)?(?:Nasdaq|NASDAQ)(?:\s+(?:Global\s+Select|Global|Capital|Stock))?(?:\s+Market)?(?:,?\s+LLC)?` +
	`|(?:[Tt]he\s+)?New\s+York\s+Stock\s+Exchange(?:\s+American)?(?:,?\s+LLC)?` +
	`|NYSE(?:\s+(?:American|Arca|MKT|Amex|AMEX|Alternext(?:\s+US)?))?(?:,?\s+LLC)?|(?:[Tt]he\s+)?American\s+Stock\s+Exchange|AMEX\b` +
	`|(?:[Tt]he\s+)?OTC(?:QX|QB|\s+Bulletin\s+Board|\s+Markets|\s+Pink)?\b|OTCBB\b`)

func exchanges(s string) []Entity {
	var out []Entity
	for _, m := range exchangeRe.FindAllStringIndex(s, -1) {
		if ex, ok := textutil.ExchangeName(s[m[0]:m[1]]); ok {
			out = append(out, Entity{Kind: Exchange, Start: m[0], End: m[1], CoreStart: m[0], CoreEnd: m[1], Value: ex})
		}
	}
	return out
}

// nameWord is a word of a firm's name; legalForm, nameJoiner and orgCountry are built from
// the lists orgScan reads (org.go).
const nameWord = `[A-Z][A-Za-z0-9&'’.\-]*`

var (
	legalForm  = piecesPattern(legalForms, `\s+`)
	nameJoiner = piecesPattern(nameJoiners, `\s+`)
	// orgCountry is the bracketed country of a firm's name, from a closed list.
	orgCountry = `(?:\s+\(` + piecesPattern(orgCountries, " ") + `\))?`
)

// orgCommaRe is a firm whose partners' names are set off by commas before the last joined by
// "&" ("Keefe, Bruyette & Woods, Inc.", "Merrill Lynch, Pierce, Fenner & Smith Incorporated",
// "Brean Murray, Carret & Co."): orgRe, which joins words by spaces only, would read its tail.
var orgCommaRe = re(nameWord + `(?:\s+` + nameWord + `)?(?:,\s+` + nameWord + `(?:\s+` + nameWord + `)?){1,3}\s+&\s+(?:` +
	nameWord + `(?:\s+` + nameWord + `)*,?\s+)?` + legalForm)

// leadWords start sentences and phrases; they are not part of a name that follows them.
var leadWords = map[string]bool{
	"The": true, "This": true, "These": true, "That": true, "Such": true, "Our": true,
	"Its": true, "Each": true, "On": true, "In": true, "At": true, "As": true, "By": true,
	"For": true, "From": true, "With": true, "Pursuant": true, "Following": true, "Upon": true,
	"If": true, "Under": true, "After": true, "Prior": true, "Between": true, "Among": true,
	"And": true, "Or": true, "Concurrently": true, "Additionally": true, "Accordingly": true,
	"Subject": true, "Exhibit": true, "Item": true, "Section": true, "Both": true, "Neither": true,
	"A": true, "An": true, "To": true, "Of": true, "We": true, "Sponsor": false,
}

// partiesRe ends an agreement's title before its parties ("BUSINESS COMBINATION AGREEMENT
// BY AND AMONG PINE HOLLOW ACQUISITION CORP."): the name starts after it.
var partiesRe = re(`(?i)\b(?:by\s+and\s+(?:among|between)|among|between)\s+`)

func orgs(s string) []Entity {
	out := commaOrgs(s)
	for _, m := range orgScan(s) {
		if covered(out, m[0], m[1]) {
			continue
		}
		start := m[0]
		if loc := partiesRe.FindAllStringIndex(s[start:m[1]], -1); loc != nil {
			start += loc[len(loc)-1][1]
		}
		for {
			w, rest, ok := strings.Cut(s[start:m[1]], " ")
			if !ok || !leadWords[w] && !leadWords[capitalised(w)] {
				break
			}
			start += len(w) + 1 + len(rest) - len(strings.TrimLeft(rest, " "))
		}
		start = afterNotName(s, start, m[1])
		start = wordStart(s, start, m[1])
		start = pastNumbers(s, start, m[1])
		if w := wireServiceRe.FindStringIndex(s[start:m[1]]); w != nil {
			start += w[1] // a release's wire service before the name ("Business Wire Acme Corp.")
		}
		name := s[start:m[1]]
		words := strings.Fields(name)
		if len(words) < 2 || strings.EqualFold(name, "the company") {
			continue
		}
		out = append(out, Entity{Kind: Org, Start: start, End: m[1], CoreStart: start, CoreEnd: m[1],
			Value: strings.Join(words, " ")})
	}
	return out
}

// pastNameWords is where a firm's name may still begin after none began at p (see
// textutil.Starts.FindAllStringIndexPast): past the capitalised words that follow p,
// separated by white space only. orgRe reads a word of name characters up to white space or
// a comma and then the same rest of the name, wherever the word starts: a name that began at
// a capital inside those words would also have begun at p. A sentence in capitals or a run of
// titles ("Business Combination Agreement and Plan of Merger") was otherwise read from every
// capital to the end of the run again.
func pastNameWords(s string, p int) int {
	i := p
	for {
		for i < len(s) && (nameByte(s[i]) || strings.HasPrefix(s[i:], "’")) {
			if s[i] < utf8.RuneSelf {
				i++
			} else {
				i += len("’")
			}
		}
		j := i
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		if j == i || j == len(s) || s[j] < 'A' || s[j] > 'Z' {
			return i
		}
		i = j
	}
}

// nameByte reports whether c is an ASCII character of nameWord's class.
func nameByte(c byte) bool {
	return isAlnum(c) || c == '&' || c == '\'' || c == '.' || c == '-'
}

// isSpace reports whether c is white space as \s reads it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// commaOrgs are the firms of orgCommaRe whose first name is no sentence's lead-in ("However,
// Hale & Co." is "Hale & Co.", left to orgRe).
func commaOrgs(s string) []Entity {
	if !strings.Contains(s, "&") || !strings.Contains(s, ",") {
		return nil // every match holds both; most sentences with a firm's name hold no "&"
	}
	var out []Entity
	for _, m := range orgCommaRe.FindAllStringIndex(s, -1) {
		first, _, _ := strings.Cut(s[m[0]:m[1]], ",")
		w, _, _ := strings.Cut(first, " ")
		partners, _, _ := strings.Cut(s[m[0]:m[1]], "&")
		if leadWords[w] || leadWords[capitalised(w)] || sentenceAdverbs[w] || strings.HasSuffix(w, "ly") ||
			m[0] > 0 && isAlnum(s[m[0]-1]) || legalWordRe.MatchString(partners) {
			continue
		}
		out = append(out, Entity{Kind: Org, Start: m[0], End: m[1], CoreStart: m[0], CoreEnd: m[1],
			Value: strings.Join(strings.Fields(s[m[0]:m[1]]), " ")})
	}
	return out
}

// legalWordRe is a legal form among a firm's partners' names: a list of firms ("Castellan
// Markets Inc., Penrose Lyle & Co. LLC"), not one firm.
var legalWordRe = re(`(?:^|\s)` + legalForm + `,`)

// sentenceAdverbs open a sentence before a comma ("However, ..."): no partner of a firm.
var sentenceAdverbs = map[string]bool{
	"However": true, "Thereafter": true, "Therefore": true, "Moreover": true, "Furthermore": true,
	"Further": true, "Also": true, "Then": true, "Today": true, "Meanwhile": true, "Here": true,
	"Instead": true, "Nevertheless": true, "Nonetheless": true, "Thus": true, "Hence": true,
	"Yesterday": true, "Now": true, "Again": true, "Otherwise": true, "Likewise": true,
}

// covered reports whether [a, b) overlaps an entity of out.
func covered(out []Entity, a, b int) bool {
	for _, e := range out {
		if a < e.End && e.Start < b {
			return true
		}
	}
	return false
}

// wireServiceRe is a news wire's name that a release's text may run into a company's name.
var wireServiceRe = re(`^(?:Business\s?Wire|PR\s?Newswire|Globe\s?Newswire|GLOBE NEWSWIRE|ACCESSWIRE|Accesswire|Newsfile|Marketwired)\)?\s+`)

// wordStart moves a name's start past a word it begins inside of: a name starts a word
// ("1:02PM Acme Acquisition Corp." names "Acme Acquisition Corp.").
func wordStart(s string, start, end int) int {
	if start == 0 || !isAlnum(s[start-1]) {
		return start
	}
	i := strings.IndexByte(s[start:end], ' ')
	if i < 0 {
		return start
	}
	start += i
	for start < end && s[start] == ' ' {
		start++
	}
	return start
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// capitalised turns a word in capitals into its capitalised form ("AMONG" -> "Among"), so
// the lead words of a heading in capitals are recognised too.
func capitalised(w string) string {
	if len(w) < 2 || strings.ToUpper(w) != w {
		return w
	}
	return w[:1] + strings.ToLower(w[1:])
}

// notNameWords are nouns no company name holds but that precede one: "Special Meeting of
// Stockholders of Kestrel Harbor Acquisition Corp.", "Board of Directors of ...".
var notNameWords = map[string]bool{
	"Meeting": true, "Meetings": true, "Stockholders": true, "Shareholders": true,
	"Holders": true, "Proposal": true, "Board": true, "Directors": true, "Notice": true,
	"Statement": true, "Members": true, "Securityholders": true,
	// an 8-K item's heading run into the name that opens its text ("Entry into a Material
	// Definitive Agreement Acme Corporation (f/k/a ...) has entered into")
	"Agreement": true, "Agreements": true,
	// a note's heading run into the name that opens its text, as an R page sets a note
	// ("Description of Organization and Business Operations Acme Corp. (the “Company”)")
	"Operations": true,
}

// afterNotName moves a name's start past the last of notNameWords in s[start:end] and the
// "of"/"for" after it.
func afterNotName(s string, start, end int) int {
	words := strings.Fields(s[start:end])
	cut := -1
	for i, w := range words {
		if notNameWords[w] || notNameWords[capitalised(w)] {
			cut = i
		}
	}
	if cut < 0 {
		return start
	}
	skip := cut + 1
	if skip < len(words) && (words[skip] == "of" || words[skip] == "for" || words[skip] == "OF") {
		skip++
	}
	if skip >= len(words)-1 {
		return start // the word ends the name itself ("Celadon Operations Inc.")
	}
	at := start
	for i := 0; i < skip && at < end; i++ {
		k := strings.Index(s[at:end], words[i])
		at += k + len(words[i])
	}
	for at < end && s[at] == ' ' {
		at++
	}
	return at
}

// months name the month of a date that may run into a name ("In June 2021 Acme Corp.").
var months = map[string]bool{
	"January": true, "February": true, "March": true, "April": true, "May": true, "June": true,
	"July": true, "August": true, "September": true, "October": true, "November": true,
	"December": true, "Jan.": true, "Feb.": true, "Mar.": true, "Apr.": true, "Jun.": true,
	"Jul.": true, "Aug.": true, "Sep.": true, "Sept.": true, "Oct.": true, "Nov.": true, "Dec.": true,
}

// pastNumbers moves a name's start past a number it begins with and past a month and year
// before it: a name holds a number only inside ("Chardan 2008 China Acquisition Corp."), so
// "2021 Acme Corp." and "June 2021 Acme Corp." name "Acme Corp.".
func pastNumbers(s string, start, end int) int {
	for start < end {
		words := strings.Fields(s[start:end])
		skip := 0
		switch {
		case len(words) > 1 && isNumber(words[0]):
			skip = 1
		case len(words) > 2 && months[capitalised(words[0])] && isNumber(words[1]):
			skip = 2
		}
		if skip == 0 {
			return start
		}
		for i := 0; i < skip; i++ {
			start += strings.Index(s[start:end], words[i]) + len(words[i])
		}
		for start < end && s[start] == ' ' {
			start++
		}
	}
	return start
}

func isNumber(w string) bool {
	return w != "" && strings.Trim(w, "0123456789") == ""
}
