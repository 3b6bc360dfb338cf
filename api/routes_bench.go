package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// BenchRoutes are two trivial JSON handlers for the load script (scripts/load.sh): one bare and
// one behind the Guard, so that endpoint throughput and the auth + limiter cost can be reported
// as ratios measured in the same run. Mounted only when config http.bench_routes is set.
func BenchRoutes() []Route {
	trivial := func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) }
	return []Route{
		{Name: "bench_trivial", Method: http.MethodGet, Path: "/_bench/trivial", Auth: AuthNone,
			Summary: "Trivial JSON handler (load-test baseline).", Delivery: DeliveryREST, Stream: trivial},
		{Name: "bench_guarded", Method: http.MethodGet, Path: "/_bench/guarded", Auth: spac.AuthOptional,
			Summary: "Trivial JSON handler behind auth and rate limits (load-test baseline).", Delivery: DeliveryREST, Stream: trivial},
	}
}
