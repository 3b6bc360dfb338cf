package news

import "regexp"

var (
	// cashtag: "$MRAC", "$SOUL.U" (not "$10.00": a ticker starts with a letter).
	cashtag = regexp.MustCompile(`(?:^|[^A-Za-z0-9$])\$([A-Z][A-Z0-9]{0,6}(?:[.\-][A-Z]{1,3})?)\b`)
	// exchangePrefix: "NASDAQ:", "(Nasdaq: ", "NYSE American: ", "Nasdaq Global Market: ".
	exchangePrefix = regexp.MustCompile(`(?i)\b(?:nasdaq(?:\s+(?:global\s+select|global|capital)\s+market)?|` +
		`nyse(?:\s+(?:american|arca|mkt))?|amex|new\s+york\s+stock\s+exchange|otc(?:qb|qx)?)\s*:\s*`)
	// symbolPrefix: "ticker symbol “SOULU”", "under the symbols "SOUL" and "SOULR"".
	symbolPrefix = regexp.MustCompile(`(?i)\bsymbols?\s*:?\s*["“‘']`)

	// tickerToken is one uppercase ticker at the start of the rest of the text: "MRAC",
	// "SOUL.U", "MRAC.WS", "MRAC RT".
	tickerToken = regexp.MustCompile(`^([A-Z][A-Z0-9]{0,6}(?:[.\-/][A-Z]{1,3}|\s(?:WS|RT))?)\b`)
	// listSeparator continues an exchange ticker list: "TICK, TICKU and TICKW".
	listSeparator = regexp.MustCompile(`^\s*(?:,|;|/|&|\band\b)\s*`)
	// quotedSeparator continues a quoted list: “SOUL” and “SOULR”.
	quotedSeparator = regexp.MustCompile(`^[.,]?["”’']\s*(?:,\s*)?(?:(?:and|or)\s+)?["“‘']`)
)

// linkTickers finds tickers written in one of the explicit ticker forms.
func (l *Linker) linkTickers(text string, note func(i, pos int)) {
	for _, m := range cashtag.FindAllStringSubmatchIndex(text, -1) {
		l.noteTicker(text[m[2]:m[3]], m[2]-1, note)
	}
	for _, m := range exchangePrefix.FindAllStringIndex(text, -1) {
		l.tickerList(text, m[1], listSeparator, note)
	}
	for _, m := range symbolPrefix.FindAllStringIndex(text, -1) {
		l.tickerList(text, m[1], quotedSeparator, note)
	}
}

// tickerList reads tickers starting at pos, separated by sep, until something else follows.
func (l *Linker) tickerList(text string, pos int, sep *regexp.Regexp, note func(i, pos int)) {
	for range 8 { // ticker lists are short; the bound keeps a pathological text linear
		m := tickerToken.FindStringSubmatchIndex(text[pos:])
		if m == nil {
			return
		}
		l.noteTicker(text[pos+m[2]:pos+m[3]], pos, note)
		pos += m[1]
		s := sep.FindStringIndex(text[pos:])
		if s == nil {
			return
		}
		pos += s[1]
	}
}

func (l *Linker) noteTicker(t string, pos int, note func(i, pos int)) {
	for _, i := range l.entitiesOfTicker(t) {
		note(i, pos)
	}
}
