package main

import (
	"encoding/json"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/fixtures/gen"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// scraped is one scrape of /metrics, parsed.
type scraped map[string]*dto.MetricFamily

func scrape(t testing.TB, ts *testServer) scraped {
	t.Helper()
	resp, err := ts.client.Get(ts.metrics)
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape: status %d", resp.StatusCode)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	return fams
}

// value sums the series of name whose labels include want (name=value pairs): a counter's or
// gauge's value, a histogram's observation count. ok is false when no series matched.
func (s scraped) value(name string, want ...string) (v float64, ok bool) {
	fam := s[name]
	if fam == nil {
		return 0, false
	}
	for _, m := range fam.GetMetric() {
		if !hasLabels(m, want) {
			continue
		}
		ok = true
		switch {
		case m.Counter != nil:
			v += m.Counter.GetValue()
		case m.Gauge != nil:
			v += m.Gauge.GetValue()
		case m.Histogram != nil:
			v += float64(m.Histogram.GetSampleCount())
		case m.Untyped != nil:
			v += m.Untyped.GetValue()
		}
	}
	return v, ok
}

func hasLabels(m *dto.Metric, want []string) bool {
	for i := 0; i+1 < len(want); i += 2 {
		found := false
		for _, l := range m.GetLabel() {
			if l.GetName() == want[i] && l.GetValue() == want[i+1] {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// must is value, failing the test when no series matched.
func (s scraped) must(t testing.TB, name string, want ...string) float64 {
	t.Helper()
	v, ok := s.value(name, want...)
	if !ok {
		t.Fatalf("no series %s%v in the scrape", name, want)
	}
	return v
}

// eventually re-scrapes until cond holds (webhook outcomes are recorded just after the receiver
// answers; a poll is counted after its last filing is folded).
func eventually(t testing.TB, ts *testServer, what string, cond func(scraped) bool) scraped {
	t.Helper()
	deadline := time.Now().Add(liveTimeout)
	for {
		s := scrape(t, ts)
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("metrics never showed %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestMetricsScraped is the "/metrics scraped in a test" must-show: the real server with its
// metrics listener, requests answered 200, 400 and 404, the fixtures ingested at start, a new
// SPAC arriving through the (fake) EDGAR poller, an SSE subscriber and a webhook delivery;
// each shows in the series that count it, by the exact amount. The public address never
// serves the metrics, with or without the admin token.
func TestMetricsScraped(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus and polls a fake EDGAR")
	}
	t.Parallel()
	feed := polltest.New(t)
	clock := newTestClock(gen.ReferenceDate)
	env := liveEnv(feed.URL())
	env["SPACD_METRICS_ADDR"] = "127.0.0.1:0"
	env["SPACD_LOG_LEVEL"] = "info" // request lines of 200s, for the traceparent check
	ts := startServerAt(t, env, clock.now)
	if ts.metrics == "" {
		t.Fatal("serve did not announce a metrics address")
	}
	notOnPublicAddress(t, ts)
	key := ts.createKey(t, "institutional")
	bootstrapCounted(t, ts, key)
	before := scrape(t, ts)

	rcv := newReceiver(t, "")
	_, secret := ts.registerWebhook(t, key, rcv.URL(), "alert.*", "filing.ingested")
	stream := ts.openStream(t, "/v1/alerts/stream", key, "")
	defer stream.Close()
	requestsCounted(t, ts, before)

	newSPACCounted(t, ts, feed, clock, stream, rcv, secret, before)
	traceparentLogged(t, ts)
}

// traceparentLogged: the request line of a request carrying a valid traceparent has its trace
// and span ids (in the server's real JSON log on stderr); a malformed traceparent is ignored.
func traceparentLogged(t *testing.T, ts *testServer) {
	const traceID, spanID = "0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331"
	for _, tp := range []string{"00-" + traceID + "-" + spanID + "-01", "00-" + traceID + "-" + spanID + "-01-junk"} {
		h := http.Header{"Traceparent": {tp}}
		ts.doWith(t, http.MethodGet, "/v1/universe?limit=1", "", "", h)
	}
	var traced, lines int
	for _, line := range strings.Split(ts.stderr.String(), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) != nil || rec["msg"] != "request" || rec["path"] != "/v1/universe" {
			continue
		}
		lines++
		if rec["trace_id"] == traceID {
			traced++
			if rec["span_id"] != spanID || rec["request_id"] != traceID {
				t.Errorf("traced request line %v: want span_id %s and the trace id as request id", rec, spanID)
			}
		}
	}
	if traced != 1 {
		t.Errorf("%d request lines carry trace_id %s, want 1 (the malformed traceparent ignored); %d /v1/universe lines", traced, traceID, lines)
	}
}

// notOnPublicAddress: the API's address answers /metrics 404 (it has no such route), with and
// without the admin token; the metrics listener serves nothing else.
func notOnPublicAddress(t *testing.T, ts *testServer) {
	for _, token := range []string{"", ts.admin} {
		if code, _, body := ts.do(t, http.MethodGet, "/metrics", token, ""); code != http.StatusNotFound || strings.Contains(string(body), "spacd_") {
			t.Errorf("public /metrics (token %q): status %d, body %.200s; want 404 without metrics", token, code, body)
		}
	}
	resp, err := ts.client.Get(strings.TrimSuffix(ts.metrics, "/metrics") + "/v1/universe")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("metrics listener /v1/universe: %d %s, want a 404 problem", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// bootstrapCounted: the fixture corpus built at start is counted, and the scrape-time series
// read the store, the index and the runtime.
func bootstrapCounted(t *testing.T, ts *testServer, key string) {
	var universe struct {
		Total int `json:"total"`
	}
	ts.getJSON(t, "/v1/universe?limit=1", key, http.StatusOK, &universe)
	s := scrape(t, ts)
	if docs := s.must(t, "spacd_index_documents"); universe.Total == 0 || docs != float64(universe.Total) {
		t.Errorf("spacd_index_documents %v, the universe's total %d", docs, universe.Total)
	}
	// The fixtures fit in Badger's memtable: no SST file need exist yet, but the series does.
	s.must(t, "spacd_store_lsm_bytes")
	for _, name := range []string{"spacd_index_bytes", "spacd_store_vlog_bytes",
		"spacd_ingest_facts_total", "spacd_data_watermark_timestamp_seconds", "go_goroutines"} {
		if v := s.must(t, name); v <= 0 {
			t.Errorf("%s = %v, want > 0 after the fixture bootstrap", name, v)
		}
	}
	if v := s.must(t, "spacd_ingest_filings_total", "outcome", "changed"); v < 10 {
		t.Errorf("spacd_ingest_filings_total{outcome=changed} = %v after building the fixtures", v)
	}
	if v := s.must(t, "spacd_build_info", "version", version); v != 1 {
		t.Errorf("spacd_build_info = %v", v)
	}
	if runtime.GOOS == "linux" {
		s.must(t, "process_resident_memory_bytes")
	}
	if v := s.must(t, "spacd_sse_subscribers", "topic", "alerts"); v != 0 {
		t.Errorf("spacd_sse_subscribers{topic=alerts} = %v before any stream", v)
	}
}

// requestsCounted: one 200, one 400 and one 404 show as exactly one more request each, by
// route name; the unknown path is "unmatched", never a label of its own.
func requestsCounted(t *testing.T, ts *testServer, before scraped) {
	ts.do(t, http.MethodGet, "/v1/universe", "", "")
	ts.do(t, http.MethodGet, "/api/v1/universe?limit=abc", "", "")
	ts.do(t, http.MethodGet, "/v1/no-such-thing/4242", "", "")
	after := scrape(t, ts)
	for _, c := range []struct{ route, status string }{{"universe", "200"}, {"universe", "400"}, {"unmatched", "404"}} {
		labels := []string{"route", c.route, "method", "GET", "status", c.status}
		was, _ := before.value("spacd_http_requests_total", labels...)
		if now := after.must(t, "spacd_http_requests_total", labels...); now-was != 1 {
			t.Errorf("spacd_http_requests_total%v: %v -> %v, want one more", labels, was, now)
		}
	}
	was, _ := before.value("spacd_http_request_duration_seconds", "route", "universe", "method", "GET")
	if now := after.must(t, "spacd_http_request_duration_seconds", "route", "universe", "method", "GET"); now-was != 2 {
		t.Errorf("latency observations of universe: %v -> %v, want two more", was, now)
	}
	for _, m := range after["spacd_http_requests_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "route" && strings.Contains(l.GetValue(), "/") {
				t.Errorf("a raw path as a route label: %q", l.GetValue())
			}
		}
	}
	if v := after.must(t, "spacd_sse_subscribers", "topic", "alerts"); v != 1 {
		t.Errorf("spacd_sse_subscribers{topic=alerts} = %v with one stream open", v)
	}
}

// newSPACCounted: a new SPAC's filings on the feed are found and ingested by the poller, each
// counted once; its webhooks (one per filing and its alert) are counted as delivered and the
// queue drains.
func newSPACCounted(t *testing.T, ts *testServer, feed *polltest.Server, clock *testClock, stream *sseClient, rcv *receiver, secret string, before scraped) {
	spacs := generateNewSPACs(t, 25)
	if len(spacs) != 1 {
		t.Fatalf("want exactly one new SPAC in the 25-SPAC corpus; got %d", len(spacs))
	}
	s := spacs[0]
	clock.setDay(s.entry.IPODate)
	clock.set(clock.now().AddDate(0, 0, 1))
	s.publish(feed)
	waitFor(t, stream.Events, time.After(liveTimeout), "new_ipo on the stream", func(e sseEvent) bool {
		return e.Type == "alert" && e.alert(t).CIK == spac.CIK(s.entry.CIK)
	})
	n := float64(len(s.files))
	delta := func(now scraped, name string, labels ...string) float64 {
		was, _ := before.value(name, labels...)
		v, _ := now.value(name, labels...)
		return v - was
	}
	after := eventually(t, ts, "the poll counted", func(now scraped) bool {
		return delta(now, "spacd_edgar_poll_filings_ingested_total") >= n
	})
	if d := delta(after, "spacd_edgar_poll_filings_found_total"); d != n {
		t.Errorf("spacd_edgar_poll_filings_found_total rose by %v, want %v (the new SPAC's filings)", d, n)
	}
	if d := delta(after, "spacd_ingest_filings_total", "outcome", "changed"); d != n {
		t.Errorf("spacd_ingest_filings_total{outcome=changed} rose by %v, want %v", d, n)
	}
	if after.must(t, "spacd_edgar_polls_total") < 1 || after.must(t, "spacd_edgar_last_success_timestamp_seconds") <= 0 {
		t.Errorf("polls %v, last success %v", after.must(t, "spacd_edgar_polls_total"), after.must(t, "spacd_edgar_last_success_timestamp_seconds"))
	}
	webhooksCounted(t, ts, rcv, secret, n)
}

// webhooksCounted waits for the filing.ingested webhooks of the new SPAC's n filings and
// requires every request the receiver got counted as a successful delivery and the queue empty.
func webhooksCounted(t *testing.T, ts *testServer, rcv *receiver, secret string, n float64) {
	var got float64
	waitFor(t, rcv.requests, time.After(liveTimeout), "filing.ingested webhooks", func(r hookRequest) bool {
		r.verify(t, secret)
		if _, typ, data := r.message(t); typ == "filing.ingested" {
			var f spac.FilingRef
			if json.Unmarshal(data, &f) == nil {
				got++
			}
		}
		return got >= n
	})
	received := float64(len(rcv.received()))
	after := eventually(t, ts, "every received webhook counted and the queue empty", func(s scraped) bool {
		ok, _ := s.value("spacd_webhook_deliveries_total", "outcome", "succeeded")
		depth, _ := s.value("spacd_webhook_queue_depth")
		return ok >= received && depth == 0
	})
	if v, _ := after.value("spacd_webhook_deliveries_total", "outcome", "failed"); v != 0 {
		t.Errorf("spacd_webhook_deliveries_total{outcome=failed} = %v", v)
	}
	ok, _ := after.value("spacd_webhook_deliveries_total", "outcome", "succeeded")
	t.Logf("webhooks received %v, counted succeeded %v; filings of the new SPAC %v", received, ok, n)
}
