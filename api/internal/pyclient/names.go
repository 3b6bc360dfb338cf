package pyclient

import (
	"strings"
	"unicode"
)

// pythonKeywords are the words a Python name cannot be; a property or parameter called so
// gets a trailing underscore (from -> from_), as PEP 8 advises.
var pythonKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true,
	"async": true, "await": true, "break": true, "class": true, "continue": true, "def": true,
	"del": true, "elif": true, "else": true, "except": true, "finally": true, "for": true,
	"from": true, "global": true, "if": true, "import": true, "in": true, "is": true,
	"lambda": true, "nonlocal": true, "not": true, "or": true, "pass": true, "raise": true,
	"return": true, "try": true, "while": true, "with": true, "yield": true,
}

// reservedAttrs are names a model or the client already uses for itself.
var reservedAttrs = map[string]bool{"from_json": true, "to_json": true, "self": true, "body": true}

// snake is the Python name of a JSON property or parameter: asOf -> as_of,
// Idempotency-Key -> idempotency_key, from -> from_.
func snake(name string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range name {
		switch {
		case r == '-' || r == '.' || r == ' ':
			b.WriteByte('_')
			prevLower = false
			continue
		case unicode.IsUpper(r):
			if prevLower {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			prevLower = false
			continue
		}
		b.WriteRune(r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	s := b.String()
	if pythonKeywords[s] || reservedAttrs[s] {
		s += "_"
	}
	return s
}

// camel is "ExportLinksCreate" for "export_links_create" and "Kind" for "kind".
func camel(name string) string {
	var b strings.Builder
	up := true
	for _, r := range name {
		if r == '_' || r == '-' || r == '.' || r == '*' {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
		up = false
	}
	return b.String()
}

// singular is "Event" for the items of "events": an array's item type is named for one.
func singular(name string) string {
	if strings.HasSuffix(name, "s") && !strings.HasSuffix(name, "ss") {
		return name[:len(name)-1]
	}
	return name
}
