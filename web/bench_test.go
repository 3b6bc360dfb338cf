package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkPages serves each page type to a keyed visitor (full universe, no cache
// validator), next to the API's JSON profile of the same SPAC as the baseline measured in
// the same run: go test ./web -run '^$' -bench Pages. "rendered" drops the body cache before
// every request (the first view of a page after the data changed); "cached" is every view
// after it.
func BenchmarkPages(b *testing.B) {
	for _, mode := range []string{"rendered", "cached"} {
		b.Run(mode, func(b *testing.B) { benchPages(b, mode == "rendered") })
	}
}

func benchPages(b *testing.B, cold bool) {
	acc := "0009900005-26-000008" // BWLA's 10-Q
	for _, bc := range []struct{ name, path string }{
		{"api_profile_json", "/v1/spac/BWLA"},
		{"universe", "/"},
		{"universe_filtered", "/?status=searching&sort=-trust_size"},
		{"search", "/search?q=brightwater"},
		{"spac", "/spac/BWLA"},
		{"filing", "/filings/" + acc + "?line=48&quote=83%2C850%2C265"},
		{"calendar", "/calendar?from=2020-01-01"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, bc.path, nil)
			req.Header.Set("Authorization", "Bearer "+world.key)
			var bytes int
			for b.Loop() {
				if cold {
					world.ex.bodies.drop()
				}
				rec := httptest.NewRecorder()
				world.handler.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("%s: %d", bc.path, rec.Code)
				}
				bytes = rec.Body.Len()
			}
			b.ReportMetric(float64(bytes), "bytes/page")
		})
	}
}
