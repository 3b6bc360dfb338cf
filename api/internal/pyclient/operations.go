package pyclient

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// arg is one parameter of a client method.
type arg struct {
	name, in, wire, typ, doc string
	required                 bool
}

// result is what a method returns: a decoded JSON body (dec), text (accept), SSE events, or
// nothing (204).
type result struct {
	typ, dec, accept string
	stream           bool
	also             []string // error statuses whose body is the success schema (health's 503)
	success          *schema
}

// skippedHeaders are header parameters the methods leave out: a conditional request's 304
// has no body to return; the client keeps no cache (docs/clients.md).
var skippedHeaders = map[string]bool{"If-None-Match": true}

func (g *generator) args(op *operation) ([]arg, error) {
	var out []arg
	for _, p := range op.Parameters {
		p = g.doc.param(p)
		if p.In == "header" && skippedHeaders[p.Name] {
			continue
		}
		typ, err := g.pyType(p.Schema)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		if p.Schema.Items != nil {
			typ = strings.Replace(typ, "list[", "Sequence[", 1)
		}
		if typ == "_dt.date" {
			typ = "_dt.date | str"
		}
		out = append(out, arg{name: snake(p.Name), in: p.In, wire: p.Name, typ: typ, doc: p.Description, required: p.Required || p.In == "path"})
	}
	return positionalFirst(out), nil
}

func (g *generator) result(op *operation) (result, error) {
	codes := slices.Sorted(maps.Keys(op.Responses))
	var r result
	for _, code := range codes {
		if !strings.HasPrefix(code, "2") {
			continue
		}
		resp := g.doc.response(op.Responses[code])
		for _, media := range slices.Sorted(maps.Keys(resp.Content)) {
			mt := resp.Content[media]
			switch {
			case media == "application/json":
				r.success = mt.Schema
				typ, err := g.pyType(mt.Schema)
				if err != nil {
					return r, err
				}
				dec, err := g.decoder(mt.Schema)
				r.typ, r.dec = typ, dec
				if err != nil {
					return r, err
				}
			case media == "text/event-stream":
				if mt.Schema == nil || mt.Schema.Items == nil {
					return r, fmt.Errorf("an event stream without its event schema")
				}
				ev, err := g.pyType(mt.Schema.Items)
				if err != nil {
					return r, err
				}
				dec, err := g.decoder(mt.Schema.Items)
				r.typ, r.dec, r.stream, r.accept = "Generator["+ev+", None, None]", dec, true, media
				if err != nil {
					return r, err
				}
			default:
				r.typ, r.accept = "str", media
			}
		}
		break
	}
	if r.typ == "" {
		r.typ = "None"
	}
	for _, code := range codes {
		resp := g.doc.response(op.Responses[code])
		if r.success != nil && !strings.HasPrefix(code, "2") && resp.Content["application/json"].Schema != nil &&
			r.success.Ref != "" && resp.Content["application/json"].Schema.Ref == r.success.Ref {
			r.also = append(r.also, code)
		}
	}
	return r, nil
}

// signature is the method's parameters after self: the positional ones (path parameters,
// the body, an export's format) first, then the keyword-only ones; one a line when long.
func signature(args []arg, extra ...string) string {
	var parts []string
	star := false
	for _, a := range args {
		if !a.positional() && !star {
			parts, star = append(parts, "*"), true
		}
		if a.required {
			parts = append(parts, a.name+": "+a.typ)
		} else {
			parts = append(parts, a.name+": "+optional(a.typ)+" = None")
		}
	}
	if len(extra) > 0 && !star {
		parts = append(parts, "*")
	}
	parts = append(parts, extra...)
	if one := "self, " + strings.Join(parts, ", "); len(one) < 80 || len(parts) == 0 {
		return strings.TrimSuffix(one, ", ")
	}
	return "\n        self,\n        " + strings.Join(parts, ",\n        ") + ",\n    "
}

func (a arg) positional() bool { return a.in == "path" || a.in == "body" || a.in == "format" }

// pathExpr is the f-string of the path with its parameters quoted.
func pathExpr(path string, args []arg) string {
	for _, a := range args {
		if a.in == "path" {
			path = strings.ReplaceAll(path, "{"+a.wire+"}", "{_path("+a.name+")}")
		}
	}
	if strings.Contains(path, "{") {
		return "f" + strconv.Quote(path)
	}
	return strconv.Quote(path)
}

// mapping is the `, query={"wire": name, ...}` argument of the call for the arguments in
// one place (query or header), nothing when there are none.
func mapping(args []arg, in, kw string) string {
	var parts []string
	for _, a := range args {
		if a.in == in || (in == "query" && a.in == "format") {
			parts = append(parts, fmt.Sprintf("%q: %s", a.wire, a.name))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + kw + "={" + strings.Join(parts, ", ") + "}"
}

func without(args []arg, wire string) []arg {
	return slices.DeleteFunc(slices.Clone(args), func(a arg) bool { return a.in == "query" && a.wire == wire })
}

func findArg(args []arg, in, wire string) *arg {
	for i := range args {
		if args[i].in == in && args[i].wire == wire {
			return &args[i]
		}
	}
	return nil
}
