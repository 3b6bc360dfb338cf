package api

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// sampleCIKs are the CIKs of liveFixture's sample (AAA0, AAA1).
var sampleCIKs = []string{"0000001000", "0000001001"}

// TestEveryDataRouteKeepsAnonymousCallersInTheSample walks the route table as an anonymous
// (sample) caller. A data route that names one SPAC (path symbol or accession, query symbol
// or cik) must refuse a SPAC outside the sample the way the profile route does (404
// not_in_sample with the hint) and serve one inside it; a data route listing SPACs must list
// sample SPACs only. A data route that can be checked neither way fails the test, so a new
// one cannot slip past it.
func TestEveryDataRouteKeepsAnonymousCallersInTheSample(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = sampleCaller
	s := New(f.deps)
	for _, r := range s.Routes() {
		if !r.Data || r.Auth == spac.AuthLink {
			continue // an export link acts as the key that made it, never as an anonymous caller (TestExportLinkServesASpreadsheet)
		}
		t.Run(r.Name, func(t *testing.T) {
			switch named := namingParams(r); {
			case len(named) > 0:
				checkNamedRoute(t, s, r, named[0])
			case r.Tabular:
				checkListRoute(t, s, r)
			default:
				t.Fatalf("data route %s names no SPAC and lists none: the sample rule cannot be checked", r.Name)
			}
		})
	}
}

// checkNamedRoute asks for AAA5 (outside the sample) and AAA1 (inside) through param p.
func checkNamedRoute(t *testing.T, s *Server, r Route, p Param) {
	for _, outside := range []bool{true, false} {
		target := targetOf(r.Paths()[0], outside)
		if p.In == InQuery {
			target += "?" + p.Name + "=" + targetOf(":"+map[bool]string{true: "ref", false: "symbol"}[p.Name == "ref"], outside)
		}
		rec := sampleRequest(s, r, target)
		if !outside {
			if rec.Code == http.StatusNotFound || rec.Code >= 500 {
				t.Errorf("%s: the sample SPAC is refused: %d %s", target, rec.Code, rec.Body.String())
			}
			continue
		}
		prob := wantProblem(t, rec, http.StatusNotFound, CodeNotInSample, "")
		if !strings.Contains(prob["detail"].(string), "send an API key") {
			t.Errorf("%s: detail %q lacks the hint", target, prob["detail"])
		}
	}
}

// checkListRoute requires every row to be a sample SPAC.
func checkListRoute(t *testing.T, s *Server, r Route) {
	target := r.Paths()[0]
	if r.Name == "search" {
		target += "?q=alpha"
	}
	rec := sampleRequest(s, r, target)
	rows := rowsOf(t, decode(t, rec))
	if len(rows) == 0 {
		t.Fatalf("%s: no rows to check", target)
	}
	for _, row := range rows {
		if cik, _ := row.(map[string]any)["cik"].(string); !slices.Contains(sampleCIKs, cik) {
			t.Errorf("%s: row of CIK %q outside the sample", target, cik)
		}
	}
}

// sampleRequest serves one request; stream routes are asked with HEAD, which ends at once.
func sampleRequest(s *Server, r Route, target string) *httptest.ResponseRecorder {
	method := http.MethodGet
	if r.Handler == nil && r.Stream != nil {
		method = http.MethodHead
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

// TestRoutesNamingASPACAreDataRoutes: a route taking a symbol, CIK or accession serves SPAC
// data, so the sample rule must apply to it.
func TestRoutesNamingASPACAreDataRoutes(t *testing.T) {
	s := New(liveFixture(t).deps)
	for _, r := range s.Routes() {
		if len(namingParams(r)) > 0 && !r.Data {
			t.Errorf("route %s names a SPAC or a filing but is not a Data route", r.Name)
		}
	}
}

// TestFilingOfASampleSPACIsServedToAnonymousCallers: the gate refuses by the filer's CIK only.
func TestFilingOfASampleSPACIsServedToAnonymousCallers(t *testing.T) {
	f := newFixture(8)
	f.deps.Guard = sampleCaller
	s := New(f.deps)
	if rec := do(t, s.Handler(), "/v1/filings/"+accessionOf(0)+"/lines?from=1&to=2"); rec.Code != http.StatusOK {
		t.Fatalf("sample filing lines: %d %s", rec.Code, rec.Body.String())
	}
	wantProblem(t, do(t, s.Handler(), "/v1/filings/"+accessionOf(6)+"/lines"), http.StatusNotFound, CodeNotInSample, "")
	wantProblem(t, do(t, s.Handler(), "/v1/filings/0000000000-99-999999"), http.StatusNotFound, spac.ENOTFOUND, "")
	f.deps.Guard = OpenGuard{}
	if rec := do(t, New(f.deps).Handler(), "/v1/filings/"+accessionOf(6)); rec.Code != http.StatusOK {
		t.Fatalf("keyed caller refused a filing: %d", rec.Code)
	}
}
