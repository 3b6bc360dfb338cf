// Package ixbrl reads inline XBRL facts (ix:nonFraction, ix:nonNumeric) out of a document
// rendered by htmltext, using the contexts and units of its ix:header. It does not parse
// HTML itself: htmltext reports the elements and the header in the same single pass that
// produces the canonical lines, so fact line numbers always agree with the text.
package ixbrl

import (
	"sort"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/htmltext"
)

// Context is an xbrli:context: its period and the explicit dimension members of its segment.
type Context struct {
	ID      string
	Entity  string            // entity identifier (the CIK)
	Start   string            // startDate of a duration, YYYY-MM-DD
	End     string            // endDate of a duration, or the instant
	Instant bool              // true for an instant period
	Members map[string]string // dimension QName -> member QName
}

// Member returns the dimension members joined by "," in dimension order ("" when none).
func (c Context) Member() string {
	dims := make([]string, 0, len(c.Members))
	for d := range c.Members {
		dims = append(dims, d)
	}
	sort.Strings(dims)
	members := make([]string, len(dims))
	for i, d := range dims {
		members[i] = c.Members[d]
	}
	return strings.Join(members, ",")
}

// Extract returns the facts of one rendered document. lineOffset is added to each
// element's document-relative line (pass the canonical line number just before the
// document's first rendered line, i.e. its marker line); document names the file.
// Hidden facts (ix:hidden) have Line 0. Facts whose number cannot be read are skipped.
func Extract(r *htmltext.Result, document string, lineOffset int) []spac.XBRLFact {
	contexts, units := Contexts(r.Header), Units(r.Header)
	var facts []spac.XBRLFact
	for _, e := range r.Elements {
		f, ok := fact(e, contexts, units)
		if !ok {
			continue
		}
		f.Document = document
		if !e.Hidden && e.Line > 0 {
			f.Line = lineOffset + e.Line
		}
		facts = append(facts, f)
	}
	return facts
}

// Read renders an iXBRL document and returns its facts with document-relative lines.
func Read(html []byte) []spac.XBRLFact {
	return Extract(htmltext.Render(html), "", 0)
}

func fact(e htmltext.Element, contexts map[string]Context, units map[string]string) (spac.XBRLFact, bool) {
	f := spac.XBRLFact{
		Concept: e.Attrs["name"], Context: e.Attrs["contextref"], Raw: e.Text, Hidden: e.Hidden,
	}
	if f.Concept == "" {
		return f, false
	}
	if c, ok := contexts[f.Context]; ok {
		f.Period, f.Member = c.End, c.Member()
	}
	if e.Name != "ix:nonfraction" {
		f.Value = e.Text
		return f, true
	}
	f.Numeric = true
	if ref := e.Attrs["unitref"]; ref != "" {
		f.Unit = ref
		if m, ok := units[ref]; ok {
			f.Unit = m
		}
	}
	if strings.EqualFold(e.Attrs["xsi:nil"], "true") {
		return f, true // a nil fact has no value
	}
	v, ok := NumericValue(e.Text, e.Attrs["format"], e.Attrs["scale"], e.Attrs["sign"])
	if !ok {
		return f, false
	}
	f.Value = v
	return f, true
}

// Contexts reads the xbrli:context elements of an ix:header, keyed by id.
func Contexts(header []*htmltext.Node) map[string]Context {
	out := map[string]Context{}
	walk(header, func(n *htmltext.Node) {
		if local(n.Name) != "context" || n.Attrs["id"] == "" {
			return
		}
		c := Context{ID: n.Attrs["id"], Members: map[string]string{}}
		walk(n.Children, func(m *htmltext.Node) {
			switch local(m.Name) {
			case "identifier":
				c.Entity = m.Text
			case "startdate":
				c.Start = m.Text
			case "enddate":
				c.End = m.Text
			case "instant":
				c.End, c.Instant = m.Text, true
			case "explicitmember", "typedmember":
				if d := m.Attrs["dimension"]; d != "" {
					c.Members[d] = memberText(m)
				}
			}
		})
		out[c.ID] = c
	})
	return out
}

// memberText is an explicit member's QName, or a typed member's value.
func memberText(n *htmltext.Node) string {
	if n.Text != "" {
		return n.Text
	}
	for _, ch := range n.Children {
		if t := memberText(ch); t != "" {
			return t
		}
	}
	return ""
}

// Units reads the xbrli:unit elements: id -> measure ("iso4217:USD"), or
// "numerator/denominator" for a divide ("iso4217:USD/xbrli:shares").
func Units(header []*htmltext.Node) map[string]string {
	out := map[string]string{}
	walk(header, func(n *htmltext.Node) {
		if local(n.Name) != "unit" || n.Attrs["id"] == "" {
			return
		}
		var parts []string
		walk(n.Children, func(m *htmltext.Node) {
			if local(m.Name) == "measure" && m.Text != "" {
				parts = append(parts, m.Text)
			}
		})
		out[n.Attrs["id"]] = strings.Join(parts, "/")
	})
	return out
}

// walk calls fn for every node of the forest, depth first, in document order.
func walk(nodes []*htmltext.Node, fn func(*htmltext.Node)) {
	for _, n := range nodes {
		fn(n)
		walk(n.Children, fn)
	}
}

// local strips the namespace prefix of a (lower-cased) tag name.
func local(name string) string {
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}
