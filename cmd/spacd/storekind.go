package main

import (
	"context"
	"errors"
	"strconv"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures"
)

// fixtureCIKFloor: fixtures/gen numbers its fictional SPACs from CIK 0009900001 up; EDGAR's
// CIKs are far below (about 2,100,000 in 2025), so a CIK above the floor is a fixture's.
const fixtureCIKFloor = 9900000

// realSampleSize is the number of SPACs of the anonymous sample on a store of real filings
// when access.sample_symbols names none.
const realSampleSize = 10

// fictionalStore reports whether the store serves the embedded fixtures' fiction, so that the
// fixture news feed, quotes and sample go with it: fixtures are on (config key fixtures) and
// every SPAC of the store is a fixture's. An empty store counts when bootstrap is set (serve
// builds it from the fixtures next). A store holding one real SPAC is real: no fiction in it.
func (a *app) fictionalStore(ctx context.Context, env *environment, bootstrap bool) (bool, error) {
	if !env.cfg.Fixtures {
		return false, nil
	}
	errReal := errors.New("real")
	seen := false
	err := a.db.EachCIK(ctx, func(cik spac.CIK) error {
		seen = true
		if n, err := strconv.ParseUint(string(cik), 10, 64); err != nil || n <= fixtureCIKFloor {
			return errReal
		}
		return nil
	})
	switch {
	case errors.Is(err, errReal):
		return false, nil
	case err != nil:
		return false, err
	}
	return seen || bootstrap, nil
}

// storeKind names the kind of the store for /health: "fixtures" or "filings".
func storeKind(fictional bool) string {
	if fictional {
		return "fixtures"
	}
	return "filings"
}

// sampleOf is the anonymous sample, the SPACs anonymous callers see: those access.sample_symbols
// names; else, on a fixture store, the fixtures' sample; else (real filings) the realSampleSize
// SPACs with the latest IPOs, so that anonymous callers see rows of the store they call.
func sampleOf(ctx context.Context, env *environment, a *app, fictional bool) ([]spac.CIK, []string) {
	symbols := env.cfg.Access.SampleSymbols
	if len(symbols) == 0 && fictional {
		symbols = fixtures.SampleSymbols
	}
	if len(symbols) == 0 {
		return latestIPOs(ctx, env, a)
	}
	var ciks []spac.CIK
	for _, s := range symbols {
		cik, err := a.db.ResolveSymbol(ctx, s)
		if err != nil {
			env.log.Warn("sample symbol not in the store", "symbol", s)
			continue
		}
		ciks = append(ciks, cik)
	}
	return ciks, symbols
}

// latestIPOs is the sample rule of a real store: the SPACs with the latest IPO dates (ties by
// CIK), their CIKs and symbols.
func latestIPOs(ctx context.Context, env *environment, a *app) ([]spac.CIK, []string) {
	page, err := a.idx.Universe(ctx, spac.UniverseQuery{Sort: "-ipo_date", Limit: realSampleSize})
	if err != nil {
		env.log.Error("anonymous sample", "err", err)
		return nil, nil
	}
	var ciks []spac.CIK
	var symbols []string
	for _, r := range page.Rows {
		ciks = append(ciks, r.CIK)
		if r.Symbol != "" {
			symbols = append(symbols, r.Symbol)
		}
	}
	return ciks, symbols
}
