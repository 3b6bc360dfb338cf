package doc

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/extract/textutil"
)

// Sentence is a sentence of a section's prose, or one table row. Its text may come from
// several canonical lines (hard-wrapped plain text, text made from a PDF, one HTML element
// per visual line): consecutive lines are joined with a space and runs of spaces collapsed,
// and the sentence remembers where each part came from, so Locate can cite a line.
type Sentence struct {
	Text    string
	Section *Section
	Row     int   // the canonical line when the sentence is a table row, else 0
	segs    []seg // where Text comes from, ordered by off
}

// seg says that Text from byte off on is line's text from byte col on (up to the next seg).
type seg struct{ off, line, col int }

// Lines returns the first and last canonical lines the sentence comes from.
func (s *Sentence) Lines() (first, last int) {
	if len(s.segs) == 0 {
		return 0, 0
	}
	return s.segs[0].line, s.segs[len(s.segs)-1].line
}

// Locate maps Text[start:end] to the canonical line that holds most of it and returns that
// line with the part of the range written on it (trimmed): the citation of a value.
func (s *Sentence) Locate(r *spac.RenderedFiling, start, end int) (line int, quote string) {
	line, _, quote = s.LocateAt(r, start, end)
	return line, quote
}

// LocateAt is Locate that also returns the byte column of the quote on its line.
func (s *Sentence) LocateAt(r *spac.RenderedFiling, start, end int) (line, col int, quote string) {
	best := 0
	lineFrom, lineTo, curLine := 0, 0, 0
	flushLine := func() {
		if curLine == 0 {
			return
		}
		text := r.Line(curLine)
		a, b := min(lineFrom, len(text)), min(lineTo, len(text))
		raw := text[a:b]
		if q := strings.TrimSpace(raw); len(q) > best {
			best, line, quote = len(q), curLine, q
			col = a + len(raw) - len(strings.TrimLeft(raw, " "))
		}
	}
	for i, sg := range s.segs {
		next := len(s.Text)
		if i+1 < len(s.segs) {
			next = s.segs[i+1].off
		}
		a, b := max(start, sg.off), min(end, next)
		if a >= b {
			continue
		}
		colA, colB := sg.col+a-sg.off, sg.col+b-sg.off
		if sg.line != curLine {
			flushLine()
			curLine, lineFrom = sg.line, colA
		}
		lineTo = colB
	}
	flushLine()
	return line, col, quote
}

// maxSentence bounds a sentence (bytes): legal prose runs long, and a document without any
// punctuation must still be read in linear time.
const maxSentence = 1200

// sentences splits a section into sentences: prose lines are joined and split at sentence
// ends; a table row, a heading and a line after which the text starts afresh stand alone.
func sentences(r *spac.RenderedFiling, sec *Section) []*Sentence {
	b := &blockBuilder{r: r, sec: sec}
	prevEnds, prev := true, ""
	for n := sec.From; n <= sec.To; n++ {
		line := r.Line(n)
		if line == "" {
			continue
		}
		switch {
		case tabular(r.Rows[n]):
			b.flush()
			b.add(n, line)
			b.flushRow(n)
			prevEnds = true
		case quantityLine(line) && (prevEnds || !endsInWord(prev)) && !continues(r.Line(n+1)):
			// A cover's securities line ("30,000,000 Units"; "5,000,000" over "Units").
			b.flush()
			b.add(n, line)
			if next := r.Line(n + 1); bareFigureRe.MatchString(line) && classNounRe.MatchString(next) {
				n++
				b.add(n, next)
			}
			b.flush()
			prevEnds = true
		case standalone(line, prevEnds, r.Line(n+1)):
			b.flush()
			b.add(n, line)
			b.flush()
			prevEnds = true
		default:
			b.add(n, line)
			prevEnds = endsSentence(line)
		}
		prev = r.Line(n)
	}
	b.flush()
	return b.out
}

// endsInWord reports whether a line ends with a word in lower case, as prose that the next
// line continues does ("... the Company sold an aggregate of" / "5,000,000 Units").
func endsInWord(line string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(line))
	return unicode.IsLower(r)
}

// tabular reports whether a row reads as table data rather than prose laid out in a table
// (a bullet and its paragraph, a whole paragraph in one cell): two or more non-empty cells,
// none of them longer than a short phrase.
func tabular(row []spac.Cell) bool {
	filled := 0
	for _, c := range row {
		if c.Text == "" {
			continue
		}
		filled++
		if len(c.Text) > 120 || strings.Count(c.Text, " ") > 16 {
			return false
		}
	}
	return filled >= 2
}

// standalone reports whether a line is a heading to keep out of the sentences around it:
// short, not ending like prose, in capitals, or in title case after a finished sentence. A
// line that the next one continues (it starts in lower case or with a figure: "On December"
// / "14, 2022, the Company held ...") or that opens like a sentence is prose.
func standalone(line string, prevEnds bool, next string) bool {
	if cellBorder(line) {
		return true
	}
	if len(line) > 150 || strings.HasSuffix(line, ",") {
		return false
	}
	if strings.Count(line, "(") > strings.Count(line, ")") {
		return false // a bracket left open runs on: "Acme's sponsor, Acme LLC (the" / "“Sponsor”), will ..."
	}
	if dateline(line) {
		return false // "NEW YORK, July 2, 2021 /PRNewswire/ -- Acme Capital" runs on
	}
	if nameRunsOn(line, next) {
		return false
	}
	heading := allCaps(line) || prevEnds && titleCase(line) && len(line) < 100 && !startsSentence(line)
	if heading && quantityLine(next) {
		// A cover's name over its securities line ("Acme Acquisition Corp." / "30,000,000
		// Units"): the figure does not continue the name.
		return true
	}
	return heading && (!endsSentence(line) || endsWithName(line)) && !continues(next)
}

// nameOpenerRe: after a lone capitalised word ("Brean", loneWord), a next line that opens with a
// capitalised word and a comma ("Murray, Carret & Co, ... acted as").
var (
	nameOpenerRe = textutil.MustStarts(`^[A-Z][A-Za-z]+, `)
	// adverbOpenerRe opens a sentence after a heading ("Overview" / "Previously, we ...").
	adverbOpenerRe = textutil.MustStarts(`^(?:[A-Z][a-z]+ly|However|Therefore|Thus|Meanwhile|Moreover|Furthermore|Nevertheless|Instead|Today|Here|There|Then|Since|Also|Further),`)
)

// loneWord reports whether w is one capitalised word of ASCII letters, `^[A-Z][a-z]+$` (asked
// of every line of a filing, so read without a regexp).
func loneWord(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// nameRunsOn reports whether a one-word line is the first word of a name the next line goes
// on with: a hard-wrapped release breaks a paragraph's opening firm name so ("Brean" /
// "Murray, Carret & Co, ... acted as representatives"). A heading's next line opens a sentence.
func nameRunsOn(line, next string) bool {
	next = strings.TrimSpace(next)
	return loneWord(strings.TrimSpace(line)) && nameOpenerRe.MatchString(next) &&
		!adverbOpenerRe.MatchString(next) && !startsSentence(next)
}

// cellBorder reports whether a line is a table's row or cell written with its borders as
// pipes, as sites that republish filings set the XBRL viewer's pages: a cell that opens with
// its border ("|9 Months Ended") or a row of cells ("Cash | $ 989,863 | $ 331,273 |"). It is
// never prose to join with the lines around it. (A heading's one closing pipe, "Other Events
// |", is not enough: PDF renderings end many lines so.)
func cellBorder(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "|") || strings.Count(t, " |") >= 2
}

// endsWithName reports whether a line's final period is a company's legal form ("About
// Acme Acquisition Corp."): a heading that names a company, not a sentence's end.
func endsWithName(line string) bool {
	line = strings.TrimSpace(line)
	if !strings.HasSuffix(line, ".") {
		return false
	}
	_, corporate := abbreviation(line[:len(line)-1])
	return corporate
}

var (
	// quantityRe is a line that states a quantity alone: a figure, optionally "million", and
	// at most three words naming what it counts ("30,000,000 Units", "$300,000,000").
	quantityRe = textutil.MustStarts(`^\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?: (?:million|billion))?(?: [A-Za-z][A-Za-z-]*){0,3}$`)
	// bareFigureRe is a figure alone; classNounRe the noun that may follow it on its own line.
	bareFigureRe = textutil.MustStarts(`^\$?\d{1,3}(?:,\d{3})+$`)
	classNounRe  = textutil.MustStarts(`^(?i:units|shares|ordinary shares|warrants|rights)$`)
)

// datelineRe is a release's dateline that its first sentence follows on the same line: a
// double hyphen, or an en or em dash right after the dateline's date ("NEW YORK, NY, May 24,
// 2017 – Acme" / "Special Acquisition Corp. (NASDAQ: ACME) ..."); a heading's dash ("Proposal
// No. 1 – The Extension Proposal") has no date before it. (A single hyphen after the date
// keeps the older layout, "June 1, 2010 - New York, NY - Acme", whose name opens the next
// line.)
var datelineRe = textutil.MustStarts(`\s--\s?\S|(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2},? \d{4}(?: ?/[^/]{2,30}/)?\s?[–—]\s?\S`)

// dateline reports whether line holds a release's dateline (datelineRe). Every match holds
// a double hyphen or a dash, which few lines do: without one the pattern, which may begin at
// every space, is not sought at all (it was tried on every short line of every filing).
func dateline(line string) bool {
	return (strings.Contains(line, "--") || strings.ContainsAny(line, "–—")) && datelineRe.MatchString(line)
}

// quantityLine reports whether a line states a quantity alone (see quantityRe).
func quantityLine(line string) bool {
	return len(line) < 60 && quantityRe.MatchString(strings.TrimSpace(line))
}

// continues reports whether a line reads as the continuation of the line before it (a
// quantity alone, as a cover sets its securities, does not).
func continues(next string) bool {
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(r) || unicode.IsDigit(r) && !quantityLine(next)
}

// endsSentence reports whether a line ends with sentence-final punctuation.
func endsSentence(line string) bool {
	line = strings.TrimRight(line, " ”\"’')")
	return line != "" && strings.ContainsAny(line[len(line)-1:], ".:;?!")
}

// blockBuilder joins consecutive lines into a block of text and cuts it into sentences.
type blockBuilder struct {
	r     *spac.RenderedFiling
	sec   *Section
	only  string // the block's text when it is one line taken as it is (no copy)
	text  strings.Builder
	segs  []seg
	joins []int // offsets of the spaces that join two lines
	out   []*Sentence
}

// add appends a line, collapsing its runs of spaces (plain text keeps column spacing). The
// first line of a block is kept by reference until a second one comes: a long one-line
// document is then never copied.
func (b *blockBuilder) add(n int, line string) {
	if b.only == "" && b.text.Len() == 0 && len(b.segs) == 0 && !strings.Contains(line, "  ") {
		b.only = line
		b.segs = append(b.segs, seg{off: 0, line: n, col: 0})
		return
	}
	if b.only != "" {
		b.text.WriteString(b.only)
		b.only = ""
	}
	if b.text.Len() > 0 {
		b.joins = append(b.joins, b.text.Len())
		b.text.WriteByte(' ')
	}
	col := 0
	for col < len(line) {
		b.segs = append(b.segs, seg{off: b.text.Len(), line: n, col: col})
		run := strings.Index(line[col:], "  ")
		if run < 0 {
			b.text.WriteString(line[col:])
			break
		}
		b.text.WriteString(line[col : col+run+1])
		col += run + 1
		for col < len(line) && line[col] == ' ' {
			col++
		}
	}
}

// flushRow emits the block as the sentence of table row n.
func (b *blockBuilder) flushRow(n int) {
	at := len(b.out)
	b.flush()
	for _, s := range b.out[at:] {
		s.Row = n
	}
}

// flush cuts the block into sentences and starts a new block.
func (b *blockBuilder) flush() {
	text := b.text.String()
	if b.only != "" {
		text, b.only = b.only, ""
	}
	start := 0
	for _, end := range boundaries(text, b.joins) {
		b.emit(text, start, end)
		start = end
	}
	b.emit(text, start, len(text))
	b.text.Reset()
	b.segs, b.joins = b.segs[:0], b.joins[:0]
}

// emit adds text[start:end] (trimmed) as a sentence with its segments rebased.
func (b *blockBuilder) emit(text string, start, end int) {
	for start < end && text[start] == ' ' {
		start++
	}
	for end > start && text[end-1] == ' ' {
		end--
	}
	if start >= end {
		return
	}
	i := sort.Search(len(b.segs), func(i int) bool { return b.segs[i].off > start }) - 1
	s := &Sentence{Text: text[start:end], Section: b.sec}
	for ; i < len(b.segs) && b.segs[i].off < end; i++ {
		sg := b.segs[i]
		if sg.off < start {
			sg.col += start - sg.off
			sg.off = start
		}
		sg.off -= start
		s.segs = append(s.segs, sg)
	}
	b.out = append(b.out, s)
}

// boundaries returns the offsets where sentences end in text: after ". ", "? ", "! " before
// a capital, digit, quote or bracket (not after an abbreviation), after a colon that ends a
// line, and wherever a sentence would exceed maxSentence.
func boundaries(text string, joins []int) []int {
	var out []int
	last := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '?' && c != '!' && c != ':' && c != ';' {
			if i-last >= maxSentence {
				cut := cutPoint(text, last, i)
				out = append(out, cut)
				last = cut
			}
			continue
		}
		end := i + 1
		for end < len(text) {
			r, size := utf8.DecodeRuneInString(text[end:])
			if !strings.ContainsRune("”\"’')", r) {
				break
			}
			end += size
		}
		if end >= len(text) || text[end] != ' ' {
			continue
		}
		if (c == ':' || c == ';') && openParen(text[last:i]) {
			// a bracket broken over lines ("Acme Corp. (AMEX:" / "ACM) announced") goes on
			continue
		}
		if ok := isBoundary(text, i, end, joins); ok {
			out = append(out, end)
			last = end
		}
	}
	return out
}

// openParen reports whether text leaves a bracket open.
func openParen(text string) bool {
	return strings.Count(text, "(") > strings.Count(text, ")")
}

// isBoundary decides whether the punctuation at i (its closing quotes end at end) ends a
// sentence.
func isBoundary(text string, i, end int, joins []int) bool {
	switch text[i] {
	case ':', ';':
		// A colon or semicolon ends a sentence only where a line ends ("... set forth below:").
		k := sort.SearchInts(joins, end)
		return k < len(joins) && joins[k] == end
	case '.':
		if abbr, corporate := abbreviation(text[:i]); abbr && !(corporate && startsSentence(text[end+1:])) {
			return false
		}
		if periodInDate(text[:i], text[end+1:]) {
			return false
		}
		if definedTermBracket.MatchString(text[end+1:]) {
			// a name's defined term opens no sentence: "Acme Acquisition Corporation. (“Acme”)
			// (Nasdaq: ACME) announced ..." (a period typed after the full name)
			return false
		}
	}
	r, _ := utf8.DecodeRuneInString(text[end+1:])
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("“\"(‘•●■[", r)
}

// definedTermBracket is a bracket that defines a short name for what precedes it: "(“Acme”)",
// "(the "Company")", "(“Acme” or the “Company”)".
var definedTermBracket = regexp.MustCompile(`^\((?:the |each |a )?[“"][^”"()]{1,60}[”"](?:\)|,| or )`)

// abbreviations end with a period that does not end the sentence.
var abbreviations = map[string]bool{
	"inc": true, "corp": true, "co": true, "ltd": true, "no": true, "nos": true, "mr": true,
	"mrs": true, "ms": true, "dr": true, "st": true, "jr": true, "sr": true, "jan": true,
	"feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true,
	"sept": true, "oct": true, "nov": true, "dec": true, "approx": true, "sec": true,
	"vs": true, "v": true, "u.s": true, "u.k": true, "a.m": true, "p.m": true, "e.g": true,
	"i.e": true, "l.p": true, "l.l.c": true, "n.v": true, "b.v": true, "s.a": true,
	"s.p.a": true, "ex": true, "exh": true, "art": true, "sect": true, "par": true,
	"b.c": true, "pte": true, "n.a": true, "f/k/a": true, "p.o": true,
}

// corporateSuffixes are abbreviations that often end a sentence too ("... with Rocket Lab
// USA, Inc. The Agreement ...").
var corporateSuffixes = map[string]bool{
	"inc": true, "corp": true, "co": true, "ltd": true, "l.p": true, "l.l.c": true, "n.v": true,
	"b.v": true, "s.a": true, "s.p.a": true,
}

// abbreviation reports whether before (the text up to a period) ends with an abbreviation
// or a single capital (an initial, "Class A."), and whether it is a corporate suffix.
func abbreviation(before string) (abbr, corporate bool) {
	j := len(before)
	for j > 0 && before[j-1] != ' ' && before[j-1] != '(' {
		j--
	}
	word := strings.ToLower(before[j:])
	if len(word) == 1 && word[0] >= 'a' && word[0] <= 'z' {
		return true, false
	}
	return abbreviations[word], corporateSuffixes[word]
}

// sentenceStarters are words that begin a new sentence after a corporate suffix.
var sentenceStarters = map[string]bool{
	"The": true, "This": true, "These": true, "Such": true, "On": true, "In": true, "As": true,
	"Pursuant": true, "Following": true, "Upon": true, "Each": true, "It": true, "A": true,
	"An": true, "We": true, "Our": true, "If": true, "At": true, "Concurrently": true,
	"Additionally": true, "In addition": true, "Under": true, "After": true, "Prior": true,
}

// startsSentence reports whether text begins with a word that starts sentences.
func startsSentence(text string) bool {
	w := text
	if i := strings.IndexAny(text, " ,"); i >= 0 {
		w = text[:i]
	}
	return sentenceStarters[w]
}

// cutPoint picks where to cut an over-long sentence that started at from: the last "; " or
// ", " in its second half, else the last space, else at i.
func cutPoint(text string, from, i int) int {
	window := text[from+maxSentence/2 : i]
	for _, sep := range []string{"; ", ", ", " "} {
		if k := strings.LastIndex(window, sep); k >= 0 {
			return from + maxSentence/2 + k + len(sep)
		}
	}
	return i
}
