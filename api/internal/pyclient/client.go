package pyclient

import (
	"fmt"
	"slices"
	"strings"
)

// writeClient writes the Client class: one method per operation, an <op>_export for a list
// route's CSV and NDJSON forms, and an iter_<op> for a paged one.
func (g *generator) writeClient(ops []*operation) error {
	g.line(0, "class Client(_Transport):")
	g.doc_(1, g.doc.Info.Title+" "+g.doc.Info.Version+": one method per operation of the OpenAPI document. "+
		"Each returns the typed body of the operation's success and raises ApiError (its problem typed) for any other answer.")
	for _, op := range ops {
		if err := g.writeOperation(op); err != nil {
			return fmt.Errorf("operation %s: %w", op.ID, err)
		}
	}
	return nil
}

func (g *generator) writeOperation(op *operation) error {
	args, err := g.args(op)
	if err != nil {
		return err
	}
	if op.RequestBody != nil {
		s := op.RequestBody.Content["application/json"].Schema
		if s == nil {
			return fmt.Errorf("a request body that is not JSON")
		}
		typ, err := g.pyType(s)
		if err != nil {
			return err
		}
		args = positionalFirst(append(args, arg{name: "body", in: "body", typ: typ, required: true}))
	}
	res, err := g.result(op)
	if err != nil {
		return err
	}
	plain := args
	if op.Export != nil && findArg(args, "query", "format") != nil {
		plain = without(args, "format")
		g.writeExport(op, args)
	}
	g.writeMethod(op, op.ID, plain, res)
	if res.success != nil {
		g.writePager(op, plain, res)
	}
	return nil
}

// positionalFirst orders the arguments as the signature lists them: path parameters, the
// body, then the keyword-only ones, each group in the document's order.
func positionalFirst(args []arg) []arg {
	slices.SortStableFunc(args, func(a, b arg) int { return boolOrder(b.positional()) - boolOrder(a.positional()) })
	return args
}

func (g *generator) writeMethod(op *operation, name string, args []arg, res result) {
	var extra []string
	if res.stream {
		extra = append(extra, "idle_timeout: float | None = None")
	}
	g.line(0, "")
	g.line(1, "def %s(%s) -> %s:", name, signature(args, extra...), res.typ)
	doc := []string{op.Summary, op.Description, op.method + " " + op.path}
	if res.stream {
		doc = append(doc, "The events as they come; the iteration ends when the server closes the stream or, with idle_timeout (seconds), when nothing (not even the heartbeat) arrives for that long. Close it to leave early: with contextlib.closing(...) as events.")
	}
	if len(res.also) > 0 {
		doc = append(doc, "A "+strings.Join(res.also, " or ")+" answer has the same body: it is returned too, not raised as ApiError.")
	}
	g.docs(2, doc, args)
	path := pathExpr(op.path, args)
	query, headers := mapping(args, "query", "query"), mapping(args, "header", "headers")
	switch {
	case res.stream:
		g.line(2, "return self._events(%s, %s, idle_timeout%s)", path, res.dec, query)
	case res.accept != "":
		g.line(2, "return self._text(%q, %s, %q%s)", op.method, path, res.accept, query)
	case res.dec == "":
		g.line(2, "self._none(%q, %s%s%s)", op.method, path, query, headers)
	default:
		rest := query + headers
		if findArg(args, "body", "") != nil {
			rest += ", body=body"
		}
		if len(res.also) > 0 {
			rest += ", also=(" + strings.Join(res.also, ", ") + ",)"
		}
		g.line(2, "return self._json(%q, %s, %s%s)", op.method, path, res.dec, rest)
	}
}

// writeExport writes <op>_export: the list route's rows in one of its export formats, as text.
func (g *generator) writeExport(op *operation, args []arg) {
	format := findArg(args, "query", "format")
	var formats []string
	for _, v := range g.doc.param(paramNamed(op, g.doc, "format")).Schema.Enum {
		if v != "json" {
			formats = append(formats, fmt.Sprintf("%q", v))
		}
	}
	// every row in one answer: the page's limit and cursor do not apply
	rest := without(without(without(args, "format"), "limit"), "cursor")
	exp := append([]arg{{name: "format", in: "format", wire: "format", typ: "Literal[" + strings.Join(formats, ", ") + "]", required: true, doc: format.doc}}, rest...)
	g.line(0, "")
	g.line(1, "def %s_export(%s) -> str:", op.ID, signature(exp))
	g.docs(2, []string{"Every row of " + op.ID + " (all pages) as CSV or NDJSON text. " + op.Export.Description, op.method + " " + op.path}, exp)
	g.line(2, "accept = \"text/csv\" if format == \"csv\" else \"application/x-ndjson\"")
	g.line(2, "return self._text(%q, %s, accept%s)", op.method, pathExpr(op.path, exp), mapping(exp, "query", "query"))
}

func paramNamed(op *operation, d *document, name string) *parameter {
	for _, p := range op.Parameters {
		if d.param(p).Name == name {
			return p
		}
	}
	return nil
}

// writePager writes iter_<op> for an operation answering a page ({rows, next}) that takes
// a cursor: every row, following next until it is null.
func (g *generator) writePager(op *operation, args []arg, res result) {
	page := g.doc.Components.Schemas[refName(res.success.Ref)]
	if page == nil || page.Properties["rows"] == nil || page.Properties["rows"].Items == nil || page.Properties["next"] == nil || findArg(args, "query", "cursor") == nil {
		return
	}
	row, err := g.pyType(page.Properties["rows"].Items)
	if err != nil {
		return
	}
	rest := without(args, "cursor")
	var pass []string
	for _, a := range rest {
		pass = append(pass, a.name+"="+a.name)
	}
	pass = append(pass, "cursor=cursor")
	g.line(0, "")
	g.line(1, "def iter_%s(%s) -> Iterator[%s]:", op.ID, signature(rest), row)
	g.docs(2, []string{"Every row of " + op.ID + ", page after page (each a request of limit rows), following next until the last page."}, rest)
	g.line(2, "cursor: str | None = None")
	g.line(2, "while True:")
	g.line(3, "page = self.%s(%s)", op.ID, strings.Join(pass, ", "))
	g.line(3, "yield from page.rows")
	g.line(3, "if page.next is None:")
	g.line(4, "return")
	g.line(3, "cursor = page.next")
}
