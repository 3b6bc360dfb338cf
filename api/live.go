package api

import (
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/sse"
	"github.com/spacdata/spac/export"
)

// Live is what the live-data routes need: the alert store, the two SSE stream handlers and the
// webhook registration API. Any nil part leaves its routes answering 503.
type Live struct {
	Alerts      spac.AlertStore
	AlertStream gin.HandlerFunc
	NewsStream  gin.HandlerFunc
	Webhooks    WebhookAPI
}

// WebhookAPI is the registration API (api/webhooks.Handlers).
type WebhookAPI interface {
	Create(c *gin.Context) (any, error)
	List(c *gin.Context) (any, error)
	Get(c *gin.Context) (any, error)
	Delete(c *gin.Context) (any, error)
	Update(c *gin.Context) (any, error)
	RotateSecret(c *gin.Context) (any, error)
	Test(c *gin.Context) (any, error)
	Deliveries(c *gin.Context) (any, error)
	Redeliver(c *gin.Context) (any, error)
	AdminList(c *gin.Context) (any, error)
	AdminDelete(c *gin.Context) (any, error)
}

var (
	kindParam   = Param{Name: "kind", In: InQuery, Type: TypeList, Description: "alert kinds, comma-separated", Enum: alertKinds()}
	symbolParam = Param{Name: "symbol", In: InQuery, Type: TypeList, Description: "any ticker or CIK"}
	lastIDParam = Param{Name: "lastEventId", In: InQuery, Type: TypeString, Description: "resume after this event id (or the Last-Event-ID header)"}
	webhookID   = Param{Name: "id", In: InPath, Type: TypeString, Required: true, Description: "webhook id"}

	webhookGraceParam = Param{Name: "grace", In: InQuery, Type: TypeString,
		Description: "how long deliveries are also signed with the old secret: a duration such as 1h, at most 168h (default 24h)"}

	deliveryIDParam      = Param{Name: "deliveryId", In: InPath, Type: TypeString, Required: true, Description: "delivery id"}
	deliveriesLimitParam = Param{Name: "limit", In: InQuery, Type: TypeInteger, Description: "rows (default 50)"}
)

// alertsParams are the filters of GET /alerts.
var alertsParams = []Param{kindParam, {Name: "severity", In: InQuery, Type: TypeList, Enum: spac.Severities,
	Description: "severities, comma-separated"}, {Name: "symbol", In: InQuery, Type: TypeString, Description: "any ticker or CIK"},
	{Name: "since", In: InQuery, Type: TypeTime, Description: "fired at or after (RFC 3339 or YYYY-MM-DD)"}, formatParam}

func alertKinds() []string {
	out := make([]string, len(spac.AlertKinds))
	for i, k := range spac.AlertKinds {
		out[i] = string(k)
	}
	return out
}

// webhookBodyLimit bounds POST /webhooks: a URL of at most 2048 characters, at most 50 event
// patterns and a 500-character description take a few KiB of JSON.
const webhookBodyLimit = 16 << 10

// alerts serves GET /alerts.
func (s *Server) alerts(c *gin.Context) (any, error) {
	if s.d.Live.Alerts == nil {
		return nil, spac.Errorf(spac.EUNAVAILABLE, "alerts are not available")
	}
	f := formatOf(c)
	var p paging
	var err error
	if f == export.JSON {
		if p, err = parsePaging(c, "alerts"); err != nil {
			return nil, err
		}
	}
	q, err := s.AlertsRequest(c)
	if err != nil {
		return nil, err
	}
	rows, err := s.d.Live.Alerts.Alerts(c.Request.Context(), q)
	if err != nil {
		return nil, unavailable(s, c, err)
	}
	if rows == nil {
		rows = []spac.Alert{}
	}
	if tag, err := s.alertsTag(c, rows); err != nil || s.notModified(c, tag) {
		return nil, err
	}
	if f != export.JSON {
		return nil, s.exportAlerts(c, f, rows)
	}
	return pageOf(c, rows, p), nil
}

// AlertsRequest reads the alert filters of a request (kind, severity, symbol, since) within
// the caller's scope; the explorer's alerts page reads its own with it.
func (s *Server) AlertsRequest(c *gin.Context) (spac.AlertQuery, error) {
	q := spac.AlertQuery{Severities: listParam(c, "severity")}
	for _, k := range listParam(c, "kind") {
		q.Kinds = append(q.Kinds, spac.AlertKind(k))
	}
	var err error
	if v := strings.TrimSpace(c.Query("since")); v != "" {
		if q.Since, err = parseInstant(v); err != nil {
			return q, spac.InvalidParam("since", "since must be an RFC 3339 time or a date YYYY-MM-DD")
		}
	}
	q.CIKs, err = s.cikFilter(c)
	return q, err
}

// knownSymbols validates a stream's symbol filter as REST validates a symbol: a value naming
// no SPAC is a 404 with close matches (and one outside a sample caller's scope
// not_in_sample), before the stream starts, where it would otherwise stay silent forever.
// The stream then filters by the SPACs' current symbols (sse.SymbolsKey), so a CIK or an old
// ticker filters the events of that SPAC, which name it by its current symbol.
func (s *Server) knownSymbols(c *gin.Context) {
	values := paramValues(c, symbolParam)
	if len(values) == 0 {
		return
	}
	sc, err := s.scopeOf(c)
	if err == nil {
		var symbols []string
		if symbols, err = s.currentSymbols(c, values, sc); err == nil {
			c.Set(sse.SymbolsKey, symbols)
			return
		}
	}
	_ = c.Error(err)
	c.Abort()
}

// currentSymbols resolves each value (a ticker, old or current, or a CIK) to the SPAC's
// current symbol.
func (s *Server) currentSymbols(c *gin.Context, values []string, sc scope) ([]string, error) {
	out := make([]string, 0, len(values))
	for _, v := range values {
		cik, err := s.resolve(c, "symbol", v, sc)
		if err != nil {
			return nil, err
		}
		p, err := s.servedProfile(c.Request.Context(), cik)
		if err != nil {
			return nil, unavailable(s, c, err)
		}
		out = append(out, strings.ToUpper(p.Symbol))
	}
	return out, nil
}
