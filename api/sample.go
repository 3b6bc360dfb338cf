package api

import (
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// namingNames are the parameters that name one SPAC (symbol, cik, a citation ref) or one of
// its filings (accession). A route declaring any of them serves SPAC data and must be a Data
// route (a test walks the table).
var namingNames = []string{"symbol", "cik", "accession", "ref"}

// sampleGate applies the anonymous sample rule to the SPAC a request names, before any
// handler runs, so no data route can forget it: a sample caller naming a SPAC outside the
// sample, or a filing of one, is refused 404 not_in_sample with the hint that a key serves
// the full universe. Unknown symbols and malformed values pass through: the handler answers
// them (with suggestions) as it does for every caller. Lists (universe, search) are
// restricted by the handlers themselves.
func (s *Server) sampleGate(r Route) gin.HandlerFunc {
	named := namingParams(r)
	if len(named) == 0 {
		return func(*gin.Context) {}
	}
	return func(c *gin.Context) {
		if !CallerFrom(c).Sample {
			return
		}
		if err := s.checkSample(c, named); err != nil {
			_ = c.Error(err)
			c.Abort()
		}
	}
}

// namingParams are the route's declared parameters that name a SPAC or a filing.
func namingParams(r Route) []Param {
	var out []Param
	for _, p := range r.AllParams() {
		if slices.Contains(namingNames, p.Name) && (p.In == InPath || p.In == InQuery) {
			out = append(out, p)
		}
	}
	return out
}

// checkSample returns not_in_sample for the first named SPAC outside the caller's scope.
func (s *Server) checkSample(c *gin.Context, named []Param) error {
	sc, err := s.scopeOf(c)
	if err != nil {
		return err
	}
	for _, p := range named {
		for _, v := range paramValues(c, p) {
			if err := s.checkNamed(c, p.Name, v, sc); err != nil {
				return err
			}
		}
	}
	return nil
}

// paramValues are the values of a parameter: a path segment, or query values with list
// items split at commas.
func paramValues(c *gin.Context, p Param) []string {
	if p.In == InPath {
		return []string{c.Param(p.Name)}
	}
	var out []string
	for _, v := range c.QueryArray(p.Name) {
		items := []string{v}
		if p.Type == TypeList {
			items = strings.Split(v, ",")
		}
		for _, item := range items {
			if item = strings.TrimSpace(item); item != "" {
				out = append(out, item)
			}
		}
	}
	return out
}

// checkNamed checks one value: a symbol or CIK, or an accession whose filer must be in scope
// (a filing is stored under its filer's CIK, the SPAC whose profile lists it).
func (s *Server) checkNamed(c *gin.Context, param, value string, sc scope) error {
	if !wellFormed(param, value) {
		return nil // the handler's validation names the parameter
	}
	var cik spac.CIK
	var err error
	if param == "ref" {
		if cik, _ = refCIK(value); sc.allows(cik) {
			return nil
		}
		return notInSample(param, value)
	}
	if param == "accession" {
		var f spac.Filing
		f, err = s.d.Filings.Filing(c.Request.Context(), value)
		cik = f.CIK
	} else {
		cik, err = s.d.Profiles.ResolveSymbol(c.Request.Context(), value)
	}
	switch {
	case spac.ErrorCode(err) == spac.ENOTFOUND || (err == nil && sc.allows(cik)):
		return nil
	case err != nil:
		return unavailable(s, c, err)
	}
	return notInSample(param, value)
}

func wellFormed(param, value string) bool {
	switch param {
	case "accession":
		return accessionRe.MatchString(value)
	case "ref":
		_, ok := refCIK(value)
		return ok
	}
	return len(value) <= maxSymbolLen
}
