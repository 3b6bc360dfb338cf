package api

import (
	"context"
	"sync"
	"time"

	"github.com/spacdata/spac"
)

// profileCache keeps decoded profiles until the data watermark moves. Decoding a stored
// profile (tens of KB of cited JSON) was most of a profile request's CPU under load; entries
// are read-only once cached, and the whole cache is dropped on any change to served data.
type profileCache struct {
	mu        sync.Mutex
	watermark time.Time
	byCIK     map[spac.CIK]spac.Profile
}

// cachedProfile returns the profile of cik from the cache, loading it on a miss.
func (s *Server) cachedProfile(ctx context.Context, cik spac.CIK) (spac.Profile, error) {
	wm, err := s.d.Profiles.Watermark(ctx)
	if err != nil {
		return spac.Profile{}, err
	}
	pc := &s.profiles
	pc.mu.Lock()
	if !pc.watermark.Equal(wm) {
		pc.watermark, pc.byCIK = wm, map[spac.CIK]spac.Profile{}
	}
	p, ok := pc.byCIK[cik]
	pc.mu.Unlock()
	if ok {
		return p, nil
	}
	p, err = s.d.Profiles.Profile(ctx, cik)
	if err != nil {
		return spac.Profile{}, err
	}
	pc.mu.Lock()
	if pc.watermark.Equal(wm) {
		pc.byCIK[cik] = p
	}
	pc.mu.Unlock()
	return p, nil
}
