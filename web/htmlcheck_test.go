package web

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// checkHTML validates a page the way the explorer promises its pages are: well-formed
// (every element closed in order, void elements never closed), no duplicate attribute or
// id, a document language, title and viewport, every form control labelled, every image with
// alt text, every in-page link and aria reference pointing at an existing id, tables with
// header cells, list items and table cells inside their parents, and no link or form nested
// in another. It returns every problem found, with the line it is on.
func checkHTML(doc string) []string {
	c := &htmlChecker{ids: map[string]int{}, labelFor: map[string]bool{}}
	if !strings.HasPrefix(doc, "<!DOCTYPE html>") {
		c.fail(1, "the document does not start with <!DOCTYPE html>")
	}
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				c.fail(c.line, "tokenizer: %v", z.Err())
			}
			break
		}
		raw := string(z.Raw())
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			c.duplicateAttributes(raw) // the tokenizer drops repeated attributes: read the raw tag
		}
		c.token(tt, z.Token())
		c.line += strings.Count(raw, "\n")
	}
	c.finish()
	return c.problems
}

var voidElements = []string{"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

// parents lists the elements some elements may only appear directly inside.
var parents = map[string][]string{
	"li": {"ul", "ol"}, "tr": {"thead", "tbody", "tfoot", "table"}, "td": {"tr"}, "th": {"tr"},
	"thead": {"table"}, "tbody": {"table"}, "caption": {"table"}, "option": {"select", "optgroup"},
	"legend": {"fieldset"}, "figcaption": {"figure"},
}

type htmlChecker struct {
	line      int
	stack     []string
	problems  []string
	ids       map[string]int
	refs      []ref // fragment links and aria references, checked at the end
	labelFor  map[string]bool
	controls  []control
	tables    []int // <th> count of each open table
	title     string
	inTitle   bool
	lang      bool
	viewport  bool
	noHeaders int // tables closed without a header cell
}

type ref struct {
	line int
	id   string
	what string
}

type control struct {
	line     int
	id       string
	labelled bool
}

func (c *htmlChecker) fail(line int, format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf("line %d: %s", line+1, fmt.Sprintf(format, args...)))
}

func (c *htmlChecker) token(tt html.TokenType, t html.Token) {
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		c.start(t, tt == html.SelfClosingTagToken)
	case html.EndTagToken:
		c.end(t.Data)
	case html.TextToken:
		if c.inTitle {
			c.title += t.Data
		}
	}
}

func (c *htmlChecker) start(t html.Token, selfClosing bool) {
	c.attributes(t)
	if want, ok := parents[t.Data]; ok && (len(c.stack) == 0 || !slices.Contains(want, c.stack[len(c.stack)-1])) {
		c.fail(c.line, "<%s> is not inside %s", t.Data, strings.Join(want, " or "))
	}
	if (t.Data == "a" || t.Data == "form" || t.Data == "label") && slices.Contains(c.stack, t.Data) {
		c.fail(c.line, "<%s> inside another <%s>", t.Data, t.Data)
	}
	c.element(t)
	if slices.Contains(voidElements, t.Data) || selfClosing {
		return
	}
	c.stack = append(c.stack, t.Data)
	switch t.Data {
	case "table":
		c.tables = append(c.tables, 0)
	case "th":
		if len(c.tables) > 0 {
			c.tables[len(c.tables)-1]++
		}
	case "title":
		c.inTitle = true
	}
}

// attrRe matches one attribute of a raw start tag (name, then an optional value).
var attrRe = regexp.MustCompile(`\s([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?`)

func (c *htmlChecker) duplicateAttributes(raw string) {
	seen := map[string]bool{}
	for _, m := range attrRe.FindAllStringSubmatch(raw, -1) {
		name := strings.ToLower(m[1])
		if seen[name] {
			c.fail(c.line, "%.40s: the attribute %s twice", raw, name)
		}
		seen[name] = true
	}
}

// attributes checks ids and references.
func (c *htmlChecker) attributes(t html.Token) {
	for _, a := range t.Attr {
		switch a.Key {
		case "id":
			if a.Val == "" {
				c.fail(c.line, "<%s> has an empty id", t.Data)
			}
			if first, dup := c.ids[a.Val]; dup {
				c.fail(c.line, "duplicate id %q (first on line %d)", a.Val, first+1)
			} else {
				c.ids[a.Val] = c.line
			}
		case "href":
			if strings.HasPrefix(a.Val, "#") && len(a.Val) > 1 {
				c.refs = append(c.refs, ref{c.line, a.Val[1:], "link"})
			}
		case "for", "aria-labelledby", "aria-describedby":
			for _, id := range strings.Fields(a.Val) {
				c.refs = append(c.refs, ref{c.line, id, a.Key})
			}
		}
	}
}

// element checks what one element needs: lang, viewport, alt text, a label.
func (c *htmlChecker) element(t html.Token) {
	attr := func(k string) (string, bool) {
		for _, a := range t.Attr {
			if a.Key == k {
				return a.Val, true
			}
		}
		return "", false
	}
	switch t.Data {
	case "html":
		v, _ := attr("lang")
		c.lang = v != ""
	case "meta":
		if v, _ := attr("name"); v == "viewport" {
			c.viewport = true
		}
	case "img":
		if _, ok := attr("alt"); !ok {
			c.fail(c.line, "<img> without alt")
		}
	case "label":
		if v, ok := attr("for"); ok {
			c.labelFor[v] = true
		}
	case "input", "select", "textarea":
		typ, _ := attr("type")
		if typ == "hidden" || typ == "submit" || typ == "button" {
			return
		}
		id, _ := attr("id")
		_, aria := attr("aria-label")
		c.controls = append(c.controls, control{c.line, id, aria || slices.Contains(c.stack, "label")})
	}
}

func (c *htmlChecker) end(name string) {
	if slices.Contains(voidElements, name) {
		c.fail(c.line, "</%s>: a void element has no end tag", name)
		return
	}
	if len(c.stack) == 0 || c.stack[len(c.stack)-1] != name {
		c.fail(c.line, "</%s> closes %s", name, c.top())
		if i := slices.Index(c.stack, name); i >= 0 {
			c.stack = c.stack[:i]
		}
		return
	}
	c.stack = c.stack[:len(c.stack)-1]
	switch name {
	case "table":
		if c.tables[len(c.tables)-1] == 0 {
			c.fail(c.line, "a table without header cells")
		}
		c.tables = c.tables[:len(c.tables)-1]
	case "title":
		c.inTitle = false
	}
}

func (c *htmlChecker) top() string {
	if len(c.stack) == 0 {
		return "nothing"
	}
	return "<" + c.stack[len(c.stack)-1] + ">"
}

func (c *htmlChecker) finish() {
	if len(c.stack) > 0 {
		c.fail(c.line, "unclosed elements at the end: %s", strings.Join(c.stack, " > "))
	}
	if !c.lang {
		c.fail(0, "<html> has no lang")
	}
	if strings.TrimSpace(c.title) == "" {
		c.fail(0, "no <title>")
	}
	if !c.viewport {
		c.fail(0, "no viewport meta")
	}
	for _, r := range c.refs {
		if _, ok := c.ids[r.id]; !ok {
			c.fail(r.line, "%s points at a missing id %q", r.what, r.id)
		}
	}
	for _, ctl := range c.controls {
		if !ctl.labelled && !c.labelFor[ctl.id] {
			c.fail(ctl.line, "a form control (id %q) without a label", ctl.id)
		}
	}
}

// TestCheckHTMLFindsProblems shows the validator failing on each kind of mistake it looks
// for, and passing a minimal correct page.
func TestCheckHTMLFindsProblems(t *testing.T) {
	head := `<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="x"><title>t</title></head><body>`
	good := head + `<label for="a">A</label><input id="a"><table><tr><th>h</th></tr></table><a href="#a">x</a></body></html>`
	if p := checkHTML(good); len(p) != 0 {
		t.Fatalf("a correct page has problems: %v", p)
	}
	bad := map[string]string{
		"unclosed":      head + `<div><p>x</div></body></html>`,
		"duplicate id":  head + `<p id="x"></p><p id="x"></p></body></html>`,
		"no label":      head + `<input id="q"></body></html>`,
		"no alt":        head + `<img src="data:,"></body></html>`,
		"missing id":    head + `<a href="#nowhere">x</a></body></html>`,
		"no lang":       `<!DOCTYPE html><html><head><meta name="viewport" content="x"><title>t</title></head><body></body></html>`,
		"table no th":   head + `<table><tr><td>1</td></tr></table></body></html>`,
		"li outside":    head + `<li>x</li></body></html>`,
		"nested a":      head + `<a href="/">x<a href="/">y</a></a></body></html>`,
		"void closed":   head + `<br></br></body></html>`,
		"dup attribute": head + `<p class="a" class="b"></p></body></html>`,
		"no doctype":    `<html lang="en"><head><meta name="viewport" content="x"><title>t</title></head><body></body></html>`,
	}
	for name, doc := range bad {
		if p := checkHTML(doc); len(p) == 0 {
			t.Errorf("%s: no problem found", name)
		}
	}
}
