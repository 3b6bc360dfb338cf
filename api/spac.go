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
		p, err := s.joinedProfile(ctx, v, cik)
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

// servedProfile is the profile GET /v1/spac/{symbol} serves, at the current data version.
func (s *Server) servedProfile(ctx context.Context, cik spac.CIK) (spac.Profile, error) {
	v, err := s.readVersion(ctx)
	if err != nil {
		return spac.Profile{}, err
	}
	return s.joinedProfile(ctx, v, cik)
}

// joinedProfile is the stored profile, decoded once per data version, with the market's data
// joined (prices and yields are never stored: a copy of the cached profile is joined).
func (s *Server) joinedProfile(ctx context.Context, v dataVersion, cik spac.CIK) (spac.Profile, error) {
	x, err := s.cache.object(v, "profile/"+string(cik), func() (any, error) {
		return s.d.Profiles.Profile(context.WithoutCancel(ctx), cik) // others may wait for it
	})
	if err != nil {
		return spac.Profile{}, err
	}
	p := x.(spac.Profile)
	if s.d.Market != nil {
		p.SPAC = s.d.Market.Join(p.SPAC)
	}
	return p, nil
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

// symbolPathParam names the SPAC of /spac/:symbol.
var symbolPathParam = Param{Name: "symbol", In: InPath, Type: TypeString, Required: true,
	Description: "any current or previous ticker (share, unit, warrant, right; any case) or the CIK"}
