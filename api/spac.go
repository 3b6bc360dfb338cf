package api

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// maxSymbolLen bounds the symbol path parameter (tickers are short; a CIK has 10 digits).
const maxSymbolLen = 32

func (s *Server) profileRoute() Route {
	return data("profile", "/spac/:symbol",
		"Full profile of one SPAC: trust series, votes, redemptions, PIPE, FPA, lockups, earnouts, liquidation, status history.",
		s.profile,
		Param{Name: "symbol", In: InPath, Type: TypeString, Required: true,
			Description: "any current or previous ticker (share, unit, warrant, right; any case) or the CIK"},
	)
}

func (s *Server) profile(c *gin.Context) (any, error) {
	sc, err := s.scopeOf(c)
	if err != nil {
		return nil, err
	}
	cik, err := s.resolve(c, "symbol", c.Param("symbol"), sc)
	if err != nil {
		return nil, err
	}
	p, err := s.servedProfile(c.Request.Context(), cik)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	return p, nil
}

// servedProfile is the stored profile with the market's data joined (prices and yields are
// never stored: a copy of the cached profile is joined).
func (s *Server) servedProfile(ctx context.Context, cik spac.CIK) (spac.Profile, error) {
	p, err := s.cachedProfile(ctx, cik)
	if err == nil && s.d.Market != nil {
		p.SPAC = s.d.Market.Join(p.SPAC)
	}
	return p, err
}

// resolve maps a symbol or CIK parameter to a CIK the caller may see. Unknown symbols are
// 404 with close matches; SPACs outside a sample caller's scope are 404 not_in_sample.
func (s *Server) resolve(c *gin.Context, param, value string, sc scope) (spac.CIK, error) {
	value = strings.TrimSpace(value)
	if value == "" || len(value) > maxSymbolLen {
		return "", spac.InvalidParam(param, "%s must be a ticker or a CIK of at most %d characters", param, maxSymbolLen)
	}
	cik, err := s.d.Profiles.ResolveSymbol(c.Request.Context(), value)
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		return "", &spac.Error{
			Code: spac.ENOTFOUND, Param: param, Suggestions: s.suggest(c.Request.Context(), value, sc),
			Message: "no SPAC has the symbol or CIK " + value,
		}
	}
	if err != nil {
		return "", unavailable(s, c, err)
	}
	if !sc.allows(cik) {
		return "", notInSample(param, value)
	}
	return cik, nil
}
