package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// benchPairs are the page types, each with the API route serving the same data as JSON: the
// baseline measured in the same run.
var benchPairs = []struct{ name, page, api string }{
	{"spac", "/spac/BWLA", "/v1/spac/BWLA"},
	{"universe", "/", "/v1/universe"},
	{"universe_filtered", "/?status=searching&sort=-trust_size", "/v1/universe?status=searching&sort=-trust_size"},
	{"search", "/search?q=brightwater", "/v1/search?q=brightwater"},
	{"filing", "/filings/0009900005-26-000008?line=48&quote=83%2C850%2C265", "/v1/filings/0009900005-26-000008/lines?from=1&to=53"},
	{"calendar", "/calendar?from=2020-01-01", "/v1/calendar?from=2020-01-01"},
}

// BenchmarkPages serves each page type to an enterprise key (no cache validator) three ways:
// "rendered" drops the page-content cache before every request (the first view after the data
// changed), "cached" is every later view, "json" is the API's route for the same data:
// go test ./web -run '^$' -bench Pages.
func BenchmarkPages(b *testing.B) {
	for _, p := range benchPairs {
		b.Run(p.name+"/rendered", func(b *testing.B) { serveBench(b, p.page, true) })
		b.Run(p.name+"/cached", func(b *testing.B) { serveBench(b, p.page, false) })
		b.Run(p.name+"/json", func(b *testing.B) { serveBench(b, p.api, false) })
	}
}

func serveBench(b *testing.B, path string, cold bool) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Authorization", "Bearer "+world.key)
	var bytes int
	for b.Loop() {
		if cold {
			world.ex.bodies.drop()
		}
		rec := httptest.NewRecorder()
		world.handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d", path, rec.Code)
		}
		bytes = rec.Body.Len()
	}
	b.ReportMetric(float64(bytes), "bytes/op")
}
