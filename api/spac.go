package api

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/wire"
)

// maxSymbolLen bounds the symbol path parameter (tickers are short; a CIK has 10 digits).
const maxSymbolLen = 32

func (s *Server) profileRoute() Route {
	r := data("profile", "/spac/:symbol",
		"Full profile of one SPAC: trust series, votes, redemptions, PIPE, FPA, lockups, earnouts, liquidation, status history.",
		s.profile,
		Param{Name: "symbol", In: InPath, Type: TypeString, Required: true,
			Description: "any current or previous ticker (share, unit, warrant, right; any case) or the CIK"},
		citationsParam,
	)
	r.Versioned = true
	return r
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
	v, err := s.versionOf(c)
	if err != nil {
		return nil, err
	}
	ch, err := s.profileChunk(c.Request.Context(), v, cik, citeModeOf(c))
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	return asOfBody(v, ch), nil
}

// profileChunk is a profile as served after its asOf: its JSON without the opening brace,
// led by a comma. Decoding a stored profile (tens of KB of cited JSON) and encoding it were
// most of a profile request's CPU; now each is done once per data version.
func (s *Server) profileChunk(ctx context.Context, v dataVersion, cik spac.CIK, mode citeMode) (*wire.Chunk, error) {
	return s.cache.chunk(v, chunkKey{kind: "profile", id: string(cik), mode: mode}, func() ([]byte, error) {
		p, err := s.d.Profiles.Profile(ctx, cik)
		if err != nil {
			return nil, err
		}
		raw, err := marshal(p)
		if err != nil {
			return nil, err
		}
		if raw, err = rewriteCitations(raw, mode, cik); err != nil {
			return nil, err
		}
		return objectTail(raw), nil
	})
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
			Code: spac.ENOTFOUND, Param: param, Suggestions: s.suggest(c, value, sc),
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
