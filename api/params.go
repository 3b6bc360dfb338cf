package api

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// maxParamLen bounds every query value: no legitimate value is longer.
const maxParamLen = 512

var decimalRe = regexp.MustCompile(`^[0-9]{1,18}(\.[0-9]{1,4})?$`)

// normaliseQuery normalises every query value once, after the validator and before anything
// else reads the query (nothing before it in a route's chain does, so gin's query cache is
// still empty): it is trimmed, and a value that is blank once trimmed is dropped - the parameter is "not given"
// all the way through, as the validator takes it (the audit's ?format=%20 passed the
// validator as absent and reached the export as a format named "", which panicked).
func normaliseQuery(c *gin.Context) {
	q := c.Request.URL.Query()
	changed := false
	for name, values := range q {
		kept := values[:0]
		for _, v := range values {
			t := strings.TrimSpace(v)
			changed = changed || t != v
			if t != "" {
				kept = append(kept, t)
			}
		}
		if len(kept) == 0 {
			delete(q, name)
			continue
		}
		q[name] = kept
	}
	if changed {
		u := *c.Request.URL
		u.RawQuery = q.Encode()
		c.Request.URL = &u
	}
}

// validateQuery rejects unknown query parameters and values that do not fit the route's
// declared Params, before the handler runs. The 400 names the offending parameter.
func validateQuery(r Route) gin.HandlerFunc {
	declared := map[string]Param{}
	for _, p := range r.AllParams() {
		if p.In == InQuery {
			declared[p.Name] = p
		}
	}
	return func(c *gin.Context) {
		if err := checkQuery(c, declared); err != nil {
			_ = c.Error(err)
			c.Abort()
			return
		}
		normaliseQuery(c)
	}
}

func checkQuery(c *gin.Context, declared map[string]Param) error {
	return checkValues(c.Request.URL.Query(), declared)
}

// checkValues validates a query against the declared parameters: names, values, required.
func checkValues(query url.Values, declared map[string]Param) error {
	for name, values := range query {
		p, ok := declared[name]
		if !ok {
			return spac.InvalidParam(name, "unknown parameter %q; accepted: %s", name, acceptedNames(declared))
		}
		for _, v := range values {
			if err := checkValue(p, v); err != nil {
				return err
			}
		}
	}
	for _, p := range declared {
		if p.Required && strings.TrimSpace(query.Get(p.Name)) == "" {
			return spac.InvalidParam(p.Name, "%s is required", p.Name)
		}
	}
	return nil
}

func acceptedNames(declared map[string]Param) string {
	if len(declared) == 0 {
		return "none"
	}
	names := make([]string, 0, len(declared))
	for n := range declared {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// checkValue validates one raw value against the parameter's type and enum.
func checkValue(p Param, v string) error {
	if len(v) > maxParamLen {
		return spac.InvalidParam(p.Name, "%s is longer than %d characters", p.Name, maxParamLen)
	}
	v = strings.TrimSpace(v)
	if v == "" {
		return nil // empty means "not given"; Required is checked separately
	}
	switch p.Type {
	case TypeInteger:
		if _, err := strconv.Atoi(v); err != nil {
			return spac.InvalidParam(p.Name, "%s must be an integer, got %q", p.Name, v)
		}
	case TypeDecimal:
		if !decimalRe.MatchString(v) {
			return spac.InvalidParam(p.Name, "%s must be a decimal number like 250000000.00, got %q", p.Name, v)
		}
	case TypeDate:
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return spac.InvalidParam(p.Name, "%s must be a date YYYY-MM-DD, got %q", p.Name, v)
		}
	case TypeTime:
		if _, err := parseInstant(v); err != nil {
			return spac.InvalidParam(p.Name, "%s must be an RFC 3339 time or a date YYYY-MM-DD, got %q", p.Name, v)
		}
	}
	return checkEnum(p, v)
}

func checkEnum(p Param, v string) error {
	if len(p.Enum) == 0 {
		return nil
	}
	items := []string{v}
	if p.Type == TypeList {
		items = splitList(v)
	}
	for _, it := range items {
		if !slices.Contains(p.Enum, it) {
			return spac.InvalidParam(p.Name, "%s: %q is not one of %s", p.Name, it, strings.Join(p.Enum, ", "))
		}
	}
	return nil
}

// parseInstant reads an RFC 3339 instant or a date (midnight UTC).
func parseInstant(v string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), nil
	}
	return time.Parse(time.DateOnly, v)
}

// splitList splits a comma list, trimming items and dropping empties.
func splitList(v string) []string {
	var out []string
	for _, it := range strings.Split(v, ",") {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// listParam collects a list parameter given as a comma list, repeated, or both.
func listParam(c *gin.Context, name string) []string {
	var out []string
	for _, v := range c.QueryArray(name) {
		out = append(out, splitList(v)...)
	}
	return out
}

// entitySuffixRe matches the legal-form tail of a name ("LLC", "L.P.", "Ltd."), which sponsor
// names carry after a comma: "Acme Sponsor, LLC" is one sponsor, not two.
var entitySuffixRe = regexp.MustCompile(`(?i)^(l\.?l\.?c\.?|l\.?p\.?|ltd\.?|limited|inc\.?|co\.?|corp\.?|s\.?a\.?|plc)$`)

// namesParam is listParam for values that are company names.
func namesParam(c *gin.Context, name string) []string {
	var out []string
	for _, it := range listParam(c, name) {
		if len(out) > 0 && entitySuffixRe.MatchString(it) {
			out[len(out)-1] += ", " + it
			continue
		}
		out = append(out, it)
	}
	return out
}

// intParam parses an optional integer parameter (already type-checked by validateQuery).
func intParam(c *gin.Context, name string, def int) (int, error) {
	v := strings.TrimSpace(c.Query(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, spac.InvalidParam(name, "%s must be an integer, got %q", name, v)
	}
	return n, nil
}

// statusesOf converts validated status strings.
func statusesOf(vs []string) []spac.Status {
	out := make([]spac.Status, 0, len(vs))
	for _, v := range vs {
		out = append(out, spac.Status(v))
	}
	return out
}

func statusNames() []string {
	out := make([]string, 0, len(spac.Statuses))
	for _, s := range spac.Statuses {
		out = append(out, string(s))
	}
	return out
}

func eventTypeNames() []string {
	out := make([]string, 0, len(spac.EventTypes))
	for _, t := range spac.EventTypes {
		out = append(out, string(t))
	}
	return out
}
