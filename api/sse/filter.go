package sse

import (
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// filter decides which events a stream sends: the "kind" and "symbol" query filters and, for
// sample (anonymous) callers, the sample scope.
type filter struct {
	kinds   []string
	symbols []string
	sample  func(spac.StreamEvent) bool // non-nil: the caller is restricted to events it accepts
}

func (f filter) match(ev spac.StreamEvent) bool {
	if len(f.kinds) > 0 && !slices.Contains(f.kinds, ev.Kind) {
		return false
	}
	if len(f.symbols) > 0 && !slices.ContainsFunc(ev.Symbols, func(s string) bool {
		return slices.Contains(f.symbols, strings.ToUpper(s))
	}) {
		return false
	}
	return f.sample == nil || f.sample(ev)
}

// SymbolsKey is the gin context key under which the api may store the symbol filter resolved
// to the SPACs' current symbols ([]string, upper case); the query's symbol values are read
// as they are otherwise.
const SymbolsKey = "sse.symbols"

// parseFilter reads "kind" and "symbol" (repeatable and/or comma-separated) and the caller's
// sample scope. An unknown kind is a 400 when opts.Kinds lists the accepted ones.
func parseFilter(c *gin.Context, opts StreamOptions) (filter, error) {
	f := filter{kinds: listParam(c, "kind", false), symbols: listParam(c, "symbol", true)}
	if resolved, ok := c.Value(SymbolsKey).([]string); ok {
		f.symbols = resolved
	}
	for _, k := range f.kinds {
		if len(opts.Kinds) > 0 && !slices.Contains(opts.Kinds, k) {
			return filter{}, spac.InvalidParam("kind", "unknown kind %q (one of %s)", k, strings.Join(opts.Kinds, ", "))
		}
	}
	if spac.CallerOf(c).Sample {
		f.sample = opts.Sample
		if f.sample == nil {
			f.sample = func(spac.StreamEvent) bool { return false } // no sample scope configured: nothing
		}
	}
	return f, nil
}

func listParam(c *gin.Context, name string, upper bool) []string {
	var out []string
	for _, v := range c.QueryArray(name) {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			if upper {
				p = strings.ToUpper(p)
			}
			out = append(out, p)
		}
	}
	return out
}
