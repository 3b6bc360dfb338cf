package metrics

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestObserveRequestBoundsLabels(t *testing.T) {
	m := New(Sources{}, "1.2.3", "abc", nil)
	m.ObserveRequest("universe", http.MethodGet, 200, 5*time.Millisecond)
	m.ObserveRequest("universe", http.MethodGet, 200, 7*time.Millisecond)
	m.ObserveRequest("", http.MethodGet, 404, time.Millisecond)
	m.ObserveRequest("", "PROPFIND", 404, time.Millisecond)
	m.ObserveRequest("", "X-MADE-UP-1", 404, time.Millisecond)
	if v := testutil.ToFloat64(m.requests.WithLabelValues("universe", "GET", "200")); v != 2 {
		t.Errorf("universe GET 200 = %v, want 2", v)
	}
	if v := testutil.ToFloat64(m.requests.WithLabelValues(UnmatchedRoute, "other", "404")); v != 2 {
		t.Errorf("unmatched other 404 = %v, want 2 (made-up methods share one label)", v)
	}
	if n := testutil.CollectAndCount(m.requests); n != 3 {
		t.Errorf("%d request series, want 3", n)
	}
	if n := testutil.CollectAndCount(m.requestDuration); n != 3 {
		t.Errorf("%d latency series, want 3 (route x method, no status)", n)
	}
}

func TestEventsCount(t *testing.T) {
	m := New(Sources{}, "dev", "", nil)
	m.FilingStored(12, true)
	m.FilingStored(3, false)
	m.FilingSkipped("too_large")
	m.Polled(Poll{Started: time.Unix(1700000000, 0), Found: 3, Ingested: 2, Errors: 1})
	m.Polled(Poll{Started: time.Unix(1700000060, 0), Failed: true, Errors: 1})
	m.SubscriberDropped("alerts", "buffer_full")
	m.WebhookAttempt("succeeded")
	m.WebhookAttempt("retrying")
	for _, c := range []struct {
		got  float64
		want float64
		what string
	}{
		{testutil.ToFloat64(m.filings.WithLabelValues("changed")), 1, "filings changed"},
		{testutil.ToFloat64(m.filings.WithLabelValues("unchanged")), 1, "filings unchanged"},
		{testutil.ToFloat64(m.facts), 15, "facts"},
		{testutil.ToFloat64(m.skipped.WithLabelValues("too_large")), 1, "skipped too_large"},
		{testutil.ToFloat64(m.polls.WithLabelValues("partial")), 1, "partial polls"},
		{testutil.ToFloat64(m.polls.WithLabelValues("failed")), 1, "failed polls"},
		{testutil.ToFloat64(m.pollErrors), 2, "poll errors"},
		{testutil.ToFloat64(m.pollFound), 3, "found"},
		{testutil.ToFloat64(m.pollIngested), 2, "ingested"},
		// the failed poll leaves the last success at the partial one, which read the feed
		{testutil.ToFloat64(m.pollLastSuccess), 1700000000, "last success"},
		{testutil.ToFloat64(m.sseDropped.WithLabelValues("alerts", "buffer_full")), 1, "dropped"},
		{testutil.ToFloat64(m.webhookAttempts.WithLabelValues("retrying")), 1, "webhook retrying"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
}

func TestNilMetricsCountNothing(t *testing.T) {
	var m *Metrics
	m.ObserveRequest("x", "GET", 200, 0)
	m.FilingStored(1, true)
	m.FilingSkipped("io")
	m.Polled(Poll{})
	m.SubscriberDropped("alerts", "write_timeout")
	m.WebhookAttempt("failed") // none of these may panic
}

// TestScrapeReadsSources: the scrape-time series carry what the sources say at that moment;
// a failing source loses its own series only, and is not a failed scrape.
func TestScrapeReadsSources(t *testing.T) {
	subs := map[string]int{"alerts": 2, "news": 0}
	queue := 5
	m := New(Sources{
		StoreBytes:   func() (int64, int64, error) { return 100, 2000, nil },
		Index:        func(context.Context) (uint64, int64, error) { return 0, 0, errors.New("index closed") },
		WebhookQueue: func(context.Context) (int, error) { return queue, nil },
		Subscribers:  func(topic string) int { return subs[topic] },
		Topics:       []string{"alerts", "news"},
		DataVersion: func(context.Context) (time.Time, uint64, error) {
			return time.Unix(1700000000, 500_000_000), 42, nil
		},
		Reextract:      func() (int, int, bool) { return 300, 120, true },
		SharedCounters: func() (uint64, uint64, bool) { return 900, 45, true },
	}, "dev", "", nil)
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	queue = 7
	want := `# HELP spacd_webhook_queue_depth Webhook deliveries waiting in the persistent queue (due now or scheduled for a retry).
# TYPE spacd_webhook_queue_depth gauge
spacd_webhook_queue_depth 7
# HELP spacd_sse_subscribers Live stream (Server-Sent Events) subscribers, by topic.
# TYPE spacd_sse_subscribers gauge
spacd_sse_subscribers{topic="alerts"} 2
spacd_sse_subscribers{topic="news"} 0
# HELP spacd_store_lsm_bytes Size on disk of the Badger store's LSM tree (SST files).
# TYPE spacd_store_lsm_bytes gauge
spacd_store_lsm_bytes 100
# HELP spacd_store_vlog_bytes Size on disk of the Badger store's value log files.
# TYPE spacd_store_vlog_bytes gauge
spacd_store_vlog_bytes 2000
# HELP spacd_data_watermark_timestamp_seconds Unix time the served data last changed (the asOf of responses).
# TYPE spacd_data_watermark_timestamp_seconds gauge
spacd_data_watermark_timestamp_seconds 1.7000000005e+09
# HELP spacd_index_generation Writes applied to the search index since it was opened: part of the data version.
# TYPE spacd_index_generation gauge
spacd_index_generation 42
# HELP spacd_reextract_stale_filings Stored filings whose facts an older extractor derived, when the background re-extraction started (after it: those left stale).
# TYPE spacd_reextract_stale_filings gauge
spacd_reextract_stale_filings 300
# HELP spacd_reextract_done_filings Stale filings the background re-extraction has handled so far.
# TYPE spacd_reextract_done_filings gauge
spacd_reextract_done_filings 120
# HELP spacd_reextract_running 1 while the background re-extraction of stale filings runs, else 0.
# TYPE spacd_reextract_running gauge
spacd_reextract_running 1
# HELP spacd_shared_counter_adds_total Adds this node made to the cluster's shared counters (rate-limit windows, usage).
# TYPE spacd_shared_counter_adds_total counter
spacd_shared_counter_adds_total 900
# HELP spacd_shared_counter_conflicts_total Compare-and-sets of those adds that lost to a newer write (each read and tried again).
# TYPE spacd_shared_counter_conflicts_total counter
spacd_shared_counter_conflicts_total 45
`
	names := []string{"spacd_shared_counter_adds_total", "spacd_shared_counter_conflicts_total", "spacd_webhook_queue_depth", "spacd_sse_subscribers", "spacd_store_lsm_bytes", "spacd_store_vlog_bytes",
		"spacd_data_watermark_timestamp_seconds", "spacd_index_generation", "spacd_index_documents",
		"spacd_reextract_stale_filings", "spacd_reextract_done_filings", "spacd_reextract_running"}
	if err := testutil.ScrapeAndCompare(srv.URL, strings.NewReader(want), names...); err != nil {
		t.Error(err)
	}
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "go_goroutines") {
		t.Errorf("scrape with a failing source: %d; the Go collector's series missing: %v", resp.StatusCode, !strings.Contains(string(body), "go_goroutines"))
	}
}

// TestServerServesOnlyMetrics: the metrics listener answers GET and HEAD /metrics; any other
// path is a 404 problem, another method a 405 problem.
func TestServerServesOnlyMetrics(t *testing.T) {
	m := New(Sources{}, "dev", "", nil)
	srv := httptest.NewServer(m.Server("").Handler)
	defer srv.Close()
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/metrics", 200}, {http.MethodHead, "/metrics", 200},
		{http.MethodGet, "/", 404}, {http.MethodGet, "/v1/universe", 404}, {http.MethodPost, "/metrics", 405},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		decodeErr := json.NewDecoder(resp.Body).Decode(&p)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, resp.StatusCode, c.status)
		}
		if c.status >= 400 && (resp.Header.Get("Content-Type") != "application/problem+json" || decodeErr != nil || p["status"] != float64(c.status)) {
			t.Errorf("%s %s: not a problem+json: %s %v %v", c.method, c.path, resp.Header.Get("Content-Type"), p, decodeErr)
		}
	}
}
