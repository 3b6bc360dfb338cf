// Package htmltext renders HTML and inline XBRL documents into the canonical lines that
// citations point into (the "Canonical text" rules of the team brief, spac.RenderVersion 1).
// It walks the golang.org/x/net/html tokenizer once, streaming, and on the way reports the
// inline XBRL elements it passes and the hidden ix:header content, so the iXBRL reader needs
// no second parse. Broken markup never panics; unclosed elements are closed at the end.
package htmltext

import (
	"bytes"
	"strings"

	"github.com/spacdata/spac"
	"golang.org/x/net/html"
)

// Result is one rendered document.
type Result struct {
	Lines    []string  // canonical lines of this document, without empties
	Elements []Element // ix:nonFraction / ix:nonNumeric, in the order their start tags appear
	Header   []*Node   // the children of every ix:header (contexts, units, ix:hidden facts)
	// Rows holds the grid of each line that renders a table row (an HTML <tr>, or a
	// column-aligned line of preformatted or plain text); key: 1-based index into Lines.
	Rows map[int][]spac.Cell
}

// Element is an inline XBRL fact element met while rendering.
type Element struct {
	Name   string            // lower-cased tag name: "ix:nonfraction" or "ix:nonnumeric"
	Attrs  map[string]string // lower-cased keys ("contextref"), values as written
	Text   string            // displayed text, whitespace-collapsed and trimmed
	Line   int               // 1-based index into Result.Lines of the line where Text starts; 0 if none
	Hidden bool              // inside ix:header / display:none, not in the canonical text
}

// Node is an element of the hidden ix:header, kept as a small tree.
type Node struct {
	Name     string            // lower-cased tag name, e.g. "xbrli:context"
	Attrs    map[string]string // lower-cased keys
	Text     string            // own character data, collapsed and trimmed
	Children []*Node
}

// Limits that keep adversarial markup linear: open-element depth and captured fact text.
const (
	maxDepth     = 1024
	maxOpenFacts = 64
	maxFactText  = 1 << 20
)

// blockTags end the current line at their start and end tags.
var blockTags = map[string]bool{
	"p": true, "div": true, "br": true, "tr": true, "li": true, "table": true, "title": true,
	"center": true, "blockquote": true, "pre": true, "hr": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "ul": true, "ol": true, "dl": true,
	"dt": true, "dd": true, "caption": true, "body": true, "section": true, "article": true,
	"header": true, "footer": true, "address": true, "form": true,
}

// voidTags never have content or an end tag.
var voidTags = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "param": true, "source": true, "track": true,
	"wbr": true,
}

// skippedTags hold text that is never rendered.
var skippedTags = map[string]bool{
	"script": true, "style": true, "noscript": true, "iframe": true, "noembed": true,
	"noframes": true, "template": true,
}

// rawTags are the tags the tokenizer switches to raw text after; a self-closing one
// (XHTML "<title/>") must switch it back.
var rawTags = map[string]bool{
	"iframe": true, "noembed": true, "noframes": true, "noscript": true, "plaintext": true,
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true,
}

func isFactTag(name string) bool { return name == "ix:nonfraction" || name == "ix:nonnumeric" }

type openTag struct {
	name   string
	hidden bool // this element or an ancestor hides its content
	fact   int  // index into openFacts+1 when this is a fact element, else 0
	header bool // the ix:header element itself
}

type openFact struct {
	elem int // index into res.Elements
	text textBuf
}

type renderer struct {
	z        *html.Tokenizer
	res      *Result
	line     textBuf
	stack    []openTag
	tables   []*tableFrame
	pre      int
	facts    []*openFact
	awaiting []int // elements whose text is written but whose line is not yet flushed
	header   headerBuilder
	raw      strings.Builder // the current <pre> line as written, spacing kept, for its columns
}

// Render renders an HTML or iXBRL document body.
func Render(data []byte) *Result {
	r := &renderer{z: html.NewTokenizer(bytes.NewReader(data)), res: &Result{}}
	r.run()
	return r.res
}

func (r *renderer) run() {
	for {
		switch r.z.Next() {
		case html.ErrorToken:
			r.finish()
			return
		case html.TextToken:
			r.text(string(r.z.Text()))
		case html.StartTagToken:
			r.startTag(false)
		case html.SelfClosingTagToken:
			r.startTag(true)
		case html.EndTagToken:
			name, _ := r.z.TagName()
			r.endTag(string(name))
		}
	}
}

// finish closes whatever broken markup left open and flushes the last line.
func (r *renderer) finish() {
	for len(r.stack) > 0 {
		r.pop()
	}
	for len(r.tables) > 0 {
		r.closeTable()
	}
	r.flush()
}

func (r *renderer) hidden() bool { return len(r.stack) > 0 && r.stack[len(r.stack)-1].hidden }

func (r *renderer) skipping() bool {
	return len(r.stack) > 0 && skippedTags[r.stack[len(r.stack)-1].name]
}

func (r *renderer) readAttrs(hasAttr, all bool) tagAttrs {
	var a tagAttrs
	if !hasAttr {
		return a
	}
	if all {
		a.all = map[string]string{}
	}
	seenStyle, seenSpan := false, false
	for more := true; more; {
		var k, v []byte
		k, v, more = r.z.TagAttr()
		switch {
		case string(k) == "style" && !seenStyle:
			a.style, seenStyle = string(v), true
		case string(k) == "colspan" && !seenSpan:
			a.colspan, seenSpan = string(v), true
		}
		if _, dup := a.all[string(k)]; all && !dup {
			a.all[string(k)] = string(v)
		}
	}
	return a
}

// tagAttrs are the attributes of a start tag the renderer reads: the first style and colspan,
// and all of them (the first of each name) only for the tags that keep them (iXBRL facts and
// the hidden header): a map and a string per attribute of every tag cost a tenth of rendering.
type tagAttrs struct {
	style, colspan string
	all            map[string]string
}

func (r *renderer) startTag(selfClosing bool) {
	nameB, hasAttr := r.z.TagName()
	name := string(nameB)
	attrs := r.readAttrs(hasAttr, r.header.active() || isFactTag(name))
	if selfClosing && rawTags[name] {
		r.z.NextIsNotRawText()
	}
	if r.header.active() {
		r.header.start(name, attrs.all, selfClosing || voidTags[name])
	}
	hidden := r.hidden() || name == "ix:header" || hidesContent(attrs.style)
	tag := openTag{name: name, hidden: hidden, header: name == "ix:header"}
	if isFactTag(name) {
		tag.fact = r.openFact(name, attrs.all, hidden)
	}
	if tag.header {
		r.header.begin()
	}
	if !hidden {
		r.startEffects(name, attrs.colspan)
	}
	if selfClosing || voidTags[name] || len(r.stack) >= maxDepth {
		r.endEffects(tag)
		return
	}
	r.stack = append(r.stack, tag)
}

func (r *renderer) endTag(name string) {
	for i := len(r.stack) - 1; i >= 0; i-- {
		if r.stack[i].name == name {
			for len(r.stack) > i {
				r.pop()
			}
			return
		}
	}
	// An end tag with no open element: "</p>" and "</br>" still break the line.
	if blockTags[name] && !r.hidden() {
		r.breakLine()
	}
}

func (r *renderer) pop() {
	tag := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	if r.header.active() && !tag.header {
		r.header.end(tag.name)
	}
	r.endEffects(tag)
}

// startEffects applies the layout meaning of a visible start tag.
func (r *renderer) startEffects(name, colspan string) {
	switch name {
	case "table":
		r.breakLine()
		r.tables = append(r.tables, &tableFrame{})
	case "tr":
		r.openRow()
	case "td", "th":
		r.openCell(colspan)
	case "pre":
		r.breakLine()
		r.pre++
	default:
		if blockTags[name] {
			r.breakLine()
		}
	}
}

// endEffects applies the layout meaning of an end tag (or of a void/self-closing tag).
func (r *renderer) endEffects(tag openTag) {
	if tag.fact > 0 {
		r.closeFact(tag.fact)
	}
	if tag.header {
		r.header.finish(&r.res.Header)
	}
	if tag.hidden {
		return
	}
	switch tag.name {
	case "table":
		r.closeTable()
	case "tr":
		r.closeRow()
	case "td", "th":
		r.closeCell()
	case "pre":
		r.pre = max(r.pre-1, 0)
		r.breakLine()
	default:
		if blockTags[tag.name] {
			r.breakLine()
		}
	}
}

// text routes character data to the current sink: the open table cell, or the current line.
func (r *renderer) text(s string) {
	if r.header.active() {
		r.header.text(s)
	}
	if r.skipping() {
		return
	}
	hidden := r.hidden()
	for _, f := range r.facts {
		f.text.write(s)
	}
	if hidden {
		return
	}
	if r.pre > 0 && r.cell() == nil {
		r.preText(s)
		return
	}
	if r.write(s) {
		r.markAwaiting()
	}
}

// preText keeps the line structure of <pre> content: each newline ends a line.
func (r *renderer) preText(s string) {
	for i, part := range strings.Split(s, "\n") {
		if i > 0 {
			r.flush()
		}
		r.raw.WriteString(part)
		if r.line.write(part) {
			r.markAwaiting()
		}
	}
}

// write sends text to the open cell, opening one if text arrives between cells of a row.
func (r *renderer) write(s string) bool {
	if c := r.cell(); c != nil {
		return c.write(s)
	}
	if f := r.topTable(); f != nil && f.rowOpen && strings.TrimSpace(s) != "" {
		r.openCell("")
		return r.cell().write(s)
	}
	return r.line.write(s)
}

// breakLine ends the current line, or inside a table cell separates words.
func (r *renderer) breakLine() {
	for _, f := range r.facts {
		f.text.breakSpace()
	}
	if c := r.cell(); c != nil {
		c.breakSpace()
		return
	}
	r.flush()
}

// flush emits the current line (if not empty) and gives it to the elements awaiting a line.
func (r *renderer) flush() {
	s := r.line.take()
	raw := r.raw.String()
	r.raw.Reset()
	if s == "" {
		return
	}
	r.res.Lines = append(r.res.Lines, s)
	if cells := PlainCells(raw); cells != nil {
		r.res.addRow(len(r.res.Lines), cells)
	}
	for _, i := range r.awaiting {
		r.res.Elements[i].Line = len(r.res.Lines)
	}
	r.awaiting = r.awaiting[:0]
}

// markAwaiting records that every open visible fact element now has text pending output.
func (r *renderer) markAwaiting() {
	for _, f := range r.facts {
		e := &r.res.Elements[f.elem]
		if e.Hidden || e.Line != 0 || r.isAwaiting(f.elem) {
			continue
		}
		r.awaiting = append(r.awaiting, f.elem)
	}
}

func (r *renderer) isAwaiting(i int) bool {
	for _, a := range r.awaiting {
		if a == i {
			return true
		}
	}
	return false
}

func (r *renderer) openFact(name string, attrs map[string]string, hidden bool) int {
	if len(r.facts) >= maxOpenFacts {
		return 0
	}
	r.res.Elements = append(r.res.Elements, Element{Name: name, Attrs: attrs, Hidden: hidden})
	f := &openFact{elem: len(r.res.Elements) - 1}
	f.text.limit = maxFactText
	r.facts = append(r.facts, f)
	return len(r.facts)
}

// closeFact closes the fact opened at position pos (1-based) of the open-fact list and any
// fact opened after it that broken markup left open.
func (r *renderer) closeFact(pos int) {
	for len(r.facts) >= pos {
		f := r.facts[len(r.facts)-1]
		r.facts = r.facts[:len(r.facts)-1]
		r.res.Elements[f.elem].Text = f.text.take()
	}
}

// hidesContent reports whether an inline style hides the element (display:none).
func hidesContent(style string) bool {
	if style == "" {
		return false
	}
	s := strings.ToLower(strings.Join(strings.Fields(style), ""))
	return strings.Contains(s, "display:none")
}
