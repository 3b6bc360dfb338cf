package htmltext

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestRender(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"blocks", `<p>One</p><div>Two<br>Three</div><h1>Four</h1>five`, "One\nTwo\nThree\nFour\nfive"},
		{"inline joins", `<p>Hel<b>lo</b> <i>world</i></p>`, "Hello world"},
		{"entities and spaces", "<p>A&nbsp;&amp;\u2009B&#8203;C\u00a0 \t\n D</p>", "A & BC D"},
		{"empty lines dropped", `<p> </p><p>&nbsp;</p><div><p>x</p></div>`, "x"},
		{"table cells", `<table><tr><td>Trust</td><td></td><td>$</td><td>250,000,000</td></tr><tr><td>Loss</td><td>(</td><td>1,234</td><td>)</td><td>5</td><td>%</td></tr></table>`,
			"Trust | $250,000,000\nLoss | (1,234) | 5%"},
		{"paren percent", `<table><tr><td>(</td><td>3.5</td><td>)%</td></tr></table>`, "(3.5)%"},
		{"unclosed cells", `<TABLE><TR><TD>a<TD>b<TR><TD>c</TABLE>after`, "a | b\nc\nafter"},
		{"block in cell", `<table><tr><td><p>line one</p><p>line two</p></td><td>x</td></tr></table>`, "line one line two | x"},
		{"nested table", `<table><tr><td>outer</td><td><table><tr><td>i1</td><td>i2</td></tr><tr><td>i3</td></tr></table></td></tr></table>`,
			"outer | i1 | i2 i3"},
		{"display none", `<p>shown</p><div style="DISPLAY: none"><p>hidden</p></div><p>also</p>`, "shown\nalso"},
		{"script style", `<head><style>p{}</style><script>var x="<p>";</script></head><p>text</p>`, "text"},
		{"pre", "<pre>  a   b\n\n c\n</pre>d", "a b\nc\nd"},
		{"self-closing title", `<html><head><title/></head><body><p>kept</p></body></html>`, "kept"},
		{"broken markup", `<p>a<b>b</i></div></p></p>c<<>>d<p`, "ab\nc<<>>d"},
		{"stray close p", `a</p>b`, "a\nb"},
		{"hr and li", `<ul><li>x</li><li>y</li></ul><hr/>z`, "x\ny\nz"},
	}
	for _, c := range cases {
		got := strings.Join(Render([]byte(c.in)).Lines, "\n")
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestRenderElements(t *testing.T) {
	in := `<p>intro</p>
<ix:header><ix:hidden><ix:nonNumeric name="dei:X" contextRef="c">hid</ix:nonNumeric></ix:hidden>
<ix:resources><xbrli:context id="c"><xbrli:period><xbrli:instant>2024-01-01</xbrli:instant></xbrli:period></xbrli:context></ix:resources></ix:header>
<p>value <ix:nonFraction name="a:B" contextRef="c" unitRef="u">1,000</ix:nonFraction></p>
<ix:nonNumeric name="a:Block" contextRef="c"><p>spans</p><p>lines</p></ix:nonNumeric>`
	r := Render([]byte(in))
	if strings.Join(r.Lines, "|") != "intro|value 1,000|spans|lines" {
		t.Fatalf("lines = %q", r.Lines)
	}
	if len(r.Elements) != 3 {
		t.Fatalf("elements = %+v", r.Elements)
	}
	hid, num, block := r.Elements[0], r.Elements[1], r.Elements[2]
	if !hid.Hidden || hid.Text != "hid" || hid.Line != 0 {
		t.Errorf("hidden = %+v", hid)
	}
	if num.Name != "ix:nonfraction" || num.Text != "1,000" || num.Line != 2 || num.Attrs["contextref"] != "c" || num.Attrs["name"] != "a:B" {
		t.Errorf("nonFraction = %+v", num)
	}
	if block.Text != "spans lines" || block.Line != 3 {
		t.Errorf("block = %+v", block)
	}
	if len(r.Header) != 2 || r.Header[1].Name != "ix:resources" || r.Header[1].Children[0].Attrs["id"] != "c" {
		t.Errorf("header = %+v", r.Header)
	}
}

func TestRenderPlain(t *testing.T) {
	got := RenderPlain([]byte("  Title\r\n\r\n\tcol1    col2  \n\u00a0\nend"))
	if strings.Join(got.Lines, "|") != "Title|col1    col2|end" {
		t.Errorf("plain = %q", got.Lines)
	}
}

func TestIsHTML(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       bool
	}{
		{"a.htm", "plain", true}, {"a.txt", "<html>", false}, {"", "<HTML><BODY>", true},
		{"", "<?xml version='1.0'?><html>", true}, {"", "Exhibit 99.1\nPress release", false},
	} {
		if got := IsHTML(c.name, []byte(c.body)); got != c.want {
			t.Errorf("IsHTML(%q, %q) = %v", c.name, c.body, got)
		}
	}
}

func TestRenderDeterministic(t *testing.T) {
	in := []byte(`<table><tr><td ix="1">a</td><td>$</td><td>1</td></tr></table><p>b<ix:nonFraction name="x" a="1" b="2">3</ix:nonFraction></p>`)
	first := strings.Join(Render(in).Lines, "\n")
	for i := 0; i < 20; i++ {
		if got := strings.Join(Render(in).Lines, "\n"); got != first {
			t.Fatalf("run %d differs: %q vs %q", i, got, first)
		}
	}
}

func FuzzRender(f *testing.F) {
	for _, s := range []string{
		`<p>a</p><table><tr><td>$</td><td>1</td></tr></table>`,
		`<div style="display:none"><ix:header><ix:hidden><ix:nonNumeric name="a">x</ix:nonNumeric></ix:hidden></ix:header></div>`,
		`<pre>a
b</pre><table><td><table><tr><td>x`,
		`<ix:nonFraction name="n"><p>1</ix:nonFraction></p>`,
		"\xff\xfe<p>\x00</p>",
		// 1 MB on one line, generated rather than committed: a paragraph, and a table whose
		// rows carry no line breaks (both shapes EDGAR serves).
		"<html><body><p>" + strings.Repeat("The Trust Account holds $10.05 per share. ", 1<<20/42) + "</p></body></html>",
		"<table>" + strings.Repeat("<tr><td>Extension</td><td>$</td><td>1,234,567</td></tr>", 1<<20/54) + "</table>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := Render(data)
		for i, l := range r.Lines {
			if l == "" || l != strings.TrimSpace(l) || strings.Contains(l, "  ") || strings.ContainsAny(l, "\n\t\u00a0") {
				t.Fatalf("line %d not canonical: %q", i+1, l)
			}
			if !utf8.ValidString(l) {
				t.Fatalf("line %d invalid UTF-8", i+1)
			}
		}
		for _, e := range r.Elements {
			if e.Line < 0 || e.Line > len(r.Lines) || (e.Hidden && e.Line != 0) {
				t.Fatalf("element line %d of %d lines (hidden %v)", e.Line, len(r.Lines), e.Hidden)
			}
		}
	})
}

func TestRows(t *testing.T) {
	in := `<table><tr><td colspan="2">Proposal</td><td>For</td><td></td><td>Against</td></tr>` +
		`<tr><td>Extension</td><td></td><td>5,000</td><td></td><td></td></tr></table>` +
		"<pre>\n   For        Against    Abstain\n  22,806      575        231\nprose with  two spaces\n</pre>"
	r := Render([]byte(in))
	want := map[int]string{
		1: "Proposal@0+2 For@2+1 @3+1 Against@4+1",
		2: "Extension@0+1 @1+1 5,000@2+1 @3+1 @4+1",
		3: "For@3+3 Against@14+7 Abstain@25+7",
		4: "22,806@2+6 575@14+3 231@25+3",
	}
	if len(r.Rows) != len(want) {
		t.Errorf("rows = %v", r.Rows)
	}
	for n, w := range want {
		var got []string
		for _, c := range r.Rows[n] {
			got = append(got, fmt.Sprintf("%s@%d+%d", c.Text, c.Col, c.Span))
		}
		if strings.Join(got, " ") != w {
			t.Errorf("line %d %q: cells %q, want %q", n, r.Lines[n-1], got, w)
		}
	}
	if r.Lines[1] != "Extension | 5,000" {
		t.Errorf("canonical row = %q (empty cells are dropped from the text)", r.Lines[1])
	}
	if p := RenderPlain([]byte("Title    Symbol\nUnits    ABCU\none line\n")); len(p.Rows) != 2 || p.Rows[2][1].Text != "ABCU" {
		t.Errorf("plain rows = %v", p.Rows)
	}
}
