package api

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// citationsOfBody collects every citations array of a JSON value (objects walked in key
// order, so two bodies of the same shape list them alike).
func citationsOfBody(v any, out *[]map[string]any) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			e := x[k]
			if cs, ok := e.([]any); ok && k == "citations" {
				for _, c := range cs {
					*out = append(*out, c.(map[string]any))
				}
				continue
			}
			citationsOfBody(e, out)
		}
	case []any:
		for _, e := range x {
			citationsOfBody(e, out)
		}
	}
}

// nestedFixture gives SPAC AAA1 citations inside its profile (offering, trust series) and a
// derived citation with inputs, as real profiles have.
func nestedFixture() *fixture {
	f := newFixture(6)
	cik := f.index.rows[1].CIK
	p := f.store.profiles[cik]
	p.Offering.Citations = []spac.Citation{{Field: "offering.units_offered", Filing: "424B4", Accession: accessionOf(1), Line: 77, Quote: "20,000,000 Units", Excerpt: `<b>20,000,000 Units</b> & "more"`}}
	p.TrustSeries = []spac.TrustPoint{{Date: "2025-06-30", Balance: "1.00", Citations: []spac.Citation{{Field: "balance", Filing: "10-Q", Accession: accessionOf(1), Line: 90}}}}
	p.Citations = append(p.Citations, spac.Citation{Field: "deadline", Filing: "S-1", Accession: accessionOf(1), Basis: spac.BasisDerived,
		Inputs: []spac.Citation{{Field: "ipo_date", Filing: "S-1", Accession: accessionOf(1), Line: 12}}})
	f.store.profiles[cik] = p
	return f
}

// TestCitationModes: ref keeps field, filing, accession and line and a ref that
// GET /v1/citations resolves to exactly the full citation; none leaves every citations key
// out and nothing else.
func TestCitationModes(t *testing.T) {
	s := New(nestedFixture().deps)
	for _, target := range []string{"/v1/spac/AAA1", "/v1/universe?limit=3", "/v1/universe?limit=3&fields=name,deadline", "/v1/search?q=alpha", "/v1/calendar?limit=4"} {
		sep := map[bool]string{true: "&", false: "?"}[strings.Contains(target, "?")]
		full, ref, none := decode(t, do(t, s.Handler(), target)), decode(t, do(t, s.Handler(), target+sep+"citations=ref")), do(t, s.Handler(), target+sep+"citations=none")
		var fullCites, refCites []map[string]any
		citationsOfBody(full, &fullCites)
		citationsOfBody(ref, &refCites)
		if len(fullCites) == 0 || len(refCites) != len(fullCites) {
			t.Fatalf("%s: %d citations in full, %d in ref", target, len(fullCites), len(refCites))
		}
		var refs []string
		for i, rc := range refCites {
			fc := fullCites[i]
			if rc["field"] != fc["field"] || rc["accession"] != fc["accession"] || rc["line"] != fc["line"] || rc["excerpt"] != nil || rc["inputs"] != nil {
				t.Errorf("%s: ref citation %v for %v", target, rc, fc)
			}
			refs = append(refs, rc["ref"].(string))
		}
		resolved := decode(t, do(t, s.Handler(), "/v1/citations?ref="+strings.Join(refs, ",")))
		byRef, _ := resolved["citations"].(map[string]any)
		for i, ref := range refs {
			got, _ := json.Marshal(byRef[ref])
			want, _ := json.Marshal(fullCites[i])
			if !bytes.Equal(got, want) {
				t.Errorf("%s: %s resolves to %s, want %s", target, ref, got, want)
			}
		}
		if strings.Contains(none.Body.String(), `"citations"`) || !json.Valid(none.Body.Bytes()) {
			t.Errorf("%s: citations=none: %s", target, none.Body.String())
		}
		// next differs: a cursor belongs to its query, citations included
		stripped := dropKey(dropKey(dropKey(full, "citations"), "asOf"), "next")
		if got, want := mustJSON(t, dropKey(dropKey(decode(t, none), "asOf"), "next")), mustJSON(t, stripped); got != want {
			t.Errorf("%s: none differs from full beyond its citations:\n%s\n%s", target, got, want)
		}
	}
	wantProblem(t, do(t, s.Handler(), "/v1/universe?citations=short"), http.StatusBadRequest, spac.EINVALID, "citations")
}

// dropKey removes key from every object of v.
func dropKey(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k != key {
				out[k] = dropKey(e, key)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = dropKey(e, key)
		}
		return out
	}
	return v
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCitationLookup: unknown refs are listed as missing, malformed ones and too many are a
// 400 naming ref, and a sample caller cannot resolve refs of SPACs outside the sample.
func TestCitationLookup(t *testing.T) {
	f := newFixture(6)
	s := New(f.deps)
	body := decode(t, do(t, s.Handler(), "/v1/citations?ref=1001-000000000000"))
	if missing, _ := body["missing"].([]any); len(missing) != 1 || len(body["citations"].(map[string]any)) != 0 {
		t.Errorf("unknown ref: %v", body)
	}
	wantProblem(t, do(t, s.Handler(), "/v1/citations?ref=AAA1"), http.StatusBadRequest, spac.EINVALID, "ref")
	many := strings.TrimSuffix(strings.Repeat("1001-000000000000,", maxRefs+1), ",")
	wantProblem(t, do(t, s.Handler(), "/v1/citations?ref="+many), http.StatusBadRequest, spac.EINVALID, "ref")
	f.deps.Guard = sampleCaller
	anon := New(f.deps).Handler()
	wantProblem(t, do(t, anon, "/v1/citations?ref=1005-000000000000"), http.StatusNotFound, CodeNotInSample, "")
	if rec := do(t, anon, "/v1/citations?ref=1001-000000000000"); rec.Code != http.StatusOK {
		t.Errorf("a sample SPAC's ref: %d", rec.Code)
	}
}
