// Package metrics is the service's Prometheus instrumentation, in the domain's terms: requests
// by route, filings ingested and skipped, EDGAR polls, stream subscribers, webhook deliveries,
// store and index sizes. The packages where these events happen know nothing of Prometheus:
// each reports through a small hook of its own (api.RequestMetrics, pipeline.Metrics, the SSE
// hub's OnDrop, the webhook service's OnAttempt, the poller's OnPoll) and cmd/spacd connects
// those hooks to the methods of Metrics. Values that live in a store (sizes, queue depth, the
// data version) are read when Prometheus scrapes (collector.go), never kept up to date here.
//
// Every series has a bounded label set: routes are the route table's names (never a raw
// path), methods outside the HTTP set are "other", skip reasons are the stable reason codes.
// A nil *Metrics counts nothing, so callers need no checks.
package metrics

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Namespace prefixes every series of the service.
const Namespace = "spacd"

// UnmatchedRoute labels requests no route matched (404s for unknown paths): one series for
// every path, however many clients probe.
const UnmatchedRoute = "unmatched"

// Metrics owns a registry of its own (not Prometheus' global default, so tests and several
// servers in one process never share counts) and the instruments the service updates.
type Metrics struct {
	reg *prometheus.Registry
	log *slog.Logger

	requests        *prometheus.CounterVec
	requestDuration *prometheus.HistogramVec
	filings         *prometheus.CounterVec
	skipped         *prometheus.CounterVec
	facts           prometheus.Counter
	polls           *prometheus.CounterVec
	pollErrors      prometheus.Counter
	pollFound       prometheus.Counter
	pollIngested    prometheus.Counter
	pollLastSuccess prometheus.Gauge
	sseDropped      *prometheus.CounterVec
	webhookAttempts *prometheus.CounterVec
}

// New builds the registry: the Go runtime and process collectors, the service's instruments
// and a collector reading src at scrape time. version and commit label spacd_build_info.
func New(src Sources, version, commit string, log *slog.Logger) *Metrics {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	m := &Metrics{reg: prometheus.NewRegistry(), log: log}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		newSourceCollector(src, log),
	)
	m.defineHTTP()
	m.defineIngest()
	m.definePoll()
	m.defineLive()
	build := m.gauge("build_info", "The running build: always 1, labelled with its version and commit.",
		prometheus.Labels{"version": version, "commit": commit})
	build.Set(1)
	return m
}

func (m *Metrics) defineHTTP() {
	m.requests = m.counterVec("http_requests_total",
		"HTTP requests answered, by route name (the route table's, \"unmatched\" when none matched), method and status.",
		"route", "method", "status")
	m.requestDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Name: "http_request_duration_seconds",
		Help:    "Time from a request's arrival to the end of its response, by route name and method (streams count until they end).",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"route", "method"})
	m.reg.MustRegister(m.requestDuration)
}

func (m *Metrics) defineIngest() {
	m.filings = m.counterVec("ingest_filings_total",
		"Filings read and stored by the pipeline, by outcome: changed (new or different content) or unchanged (already stored as is).",
		"outcome")
	m.skipped = m.counterVec("ingest_skipped_total",
		"Documents skipped at ingest, by reason class (the stable code spacd errors prints first).", "reason")
	m.facts = m.counter("ingest_facts_total", "Facts extracted from the filings stored.")
}

func (m *Metrics) definePoll() {
	m.polls = m.counterVec("edgar_polls_total",
		"EDGAR polls by outcome: ok, partial (some requests or filings failed, the poll went on) or failed (no feed could be read).",
		"outcome")
	m.pollErrors = m.counter("edgar_poll_errors_total", "Failed requests and filings of EDGAR polls (each is retried later).")
	m.pollFound = m.counter("edgar_poll_filings_found_total", "New filings of interest the poller downloaded.")
	m.pollIngested = m.counter("edgar_poll_filings_ingested_total", "Downloaded filings the pipeline accepted.")
	m.pollLastSuccess = m.gauge("edgar_last_success_timestamp_seconds",
		"Unix time of the start of the last poll that read the feed (0: none yet).", nil)
}

func (m *Metrics) defineLive() {
	m.sseDropped = m.counterVec("sse_dropped_subscribers_total",
		"Stream subscribers disconnected for being too slow, by topic and reason: buffer_full (fell 64 events behind) or write_timeout (took no frame within the write timeout).",
		"topic", "reason")
	m.webhookAttempts = m.counterVec("webhook_deliveries_total",
		"Webhook delivery attempts by outcome: succeeded, retrying (failed, rescheduled) or failed (given up: retries exhausted or endpoint gone).",
		"outcome")
}

func (m *Metrics) counterVec(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help}, labels)
	m.reg.MustRegister(c)
	return c
}

func (m *Metrics) counter(name, help string) prometheus.Counter {
	c := prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help})
	m.reg.MustRegister(c)
	return c
}

func (m *Metrics) gauge(name, help string, labels prometheus.Labels) prometheus.Gauge {
	g := prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Name: name, Help: help, ConstLabels: labels})
	m.reg.MustRegister(g)
	return g
}

// Registry is the registry the instruments live in (tests gather from it).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry in the Prometheus text format (or OpenMetrics when asked).
// Scrapes are bounded: at most 4 at once (more are answered 503) and 10 s each; a store that
// cannot be read drops its series from the scrape and is logged, the rest is still served.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog:            slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
		ErrorHandling:       promhttp.ContinueOnError,
		MaxRequestsInFlight: 4,
		Timeout:             10 * time.Second,
		EnableOpenMetrics:   true,
	})
}

// knownMethods are the methods labelled by name; any other is "other", so a client sending
// made-up methods cannot grow the label set.
var knownMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

// ObserveRequest counts one answered request. route is the route table's name; "" means no
// route matched.
func (m *Metrics) ObserveRequest(route, method string, status int, elapsed time.Duration) {
	if m == nil {
		return
	}
	if route == "" {
		route = UnmatchedRoute
	}
	if !knownMethods[method] {
		method = "other"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.requestDuration.WithLabelValues(route, method).Observe(elapsed.Seconds())
}
