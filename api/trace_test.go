package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

const (
	validTrace  = "4bf92f3577b34da6a3ce929d0e0e4736"
	validParent = "00f067aa0ba902b7"
)

func TestParseTraceparent(t *testing.T) {
	valid := "00-" + validTrace + "-" + validParent + "-01"
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{valid, true},
		{"00-" + validTrace + "-" + validParent + "-00", true},              // not sampled: still a trace
		{"01-" + validTrace + "-" + validParent + "-01-future-field", true}, // a later version may add fields
		{"01-" + validTrace + "-" + validParent + "-01", true},
		{valid + "-extra", false}, // version 00 has exactly four fields
		{"ff-" + validTrace + "-" + validParent + "-01", false},
		{"00-" + strings.ToUpper(validTrace) + "-" + validParent + "-01", false},
		{"00-00000000000000000000000000000000-" + validParent + "-01", false},
		{"00-" + validTrace + "-0000000000000000-01", false},
		{"00-" + validTrace[:31] + "-" + validParent + "-01", false},
		{"00_" + validTrace + "-" + validParent + "-01", false},
		{"00-" + validTrace + "-" + validParent + "-0g", false},
		{"01-" + validTrace + "-" + validParent + "-01x", false},
		{"", false},
		{"garbage", false},
	} {
		tc2, ok := parseTraceparent(tc.in)
		if ok != tc.ok {
			t.Errorf("parseTraceparent(%q) ok = %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok && (tc2.TraceID != validTrace || tc2.SpanID != validParent) {
			t.Errorf("parseTraceparent(%q) = %+v", tc.in, tc2)
		}
	}
}

// requestLines returns the "request" log records the server wrote.
func requestLines(t *testing.T, logs *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] == "request" {
			out = append(out, rec)
		}
	}
	return out
}

// TestTraceparentInLogs: a valid traceparent puts the trace and span ids on the request's log
// line and becomes the request id when none was sent; a malformed one is ignored; a sent
// X-Request-Id is kept.
func TestTraceparentInLogs(t *testing.T) {
	f := newFixture(3)
	var logs bytes.Buffer
	f.deps.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	h := New(f.deps).Handler()
	valid := "00-" + validTrace + "-" + validParent + "-01"

	rec := do(t, h, "/v1/universe", "traceparent", valid)
	if got := rec.Header().Get(requestIDHeader); got != validTrace {
		t.Errorf("request id %q, want the trace id %s", got, validTrace)
	}
	do(t, h, "/v1/universe", "traceparent", "00-"+validTrace+"-0000000000000000-01") // malformed: zero span
	do(t, h, "/v1/universe", "traceparent", valid, requestIDHeader, "caller-id-1")

	lines := requestLines(t, &logs)
	if len(lines) != 3 {
		t.Fatalf("%d request lines, want 3:\n%s", len(lines), logs.String())
	}
	if l := lines[0]; l["trace_id"] != validTrace || l["span_id"] != validParent || l["request_id"] != validTrace {
		t.Errorf("traced request line %v: want trace_id %s, span_id %s, request_id = trace id", l, validTrace, validParent)
	}
	if l := lines[1]; l["trace_id"] != nil || l["span_id"] != nil || len(l["request_id"].(string)) != 32 {
		t.Errorf("malformed traceparent: line %v, want no trace_id/span_id and a generated request id", l)
	}
	if l := lines[2]; l["trace_id"] != validTrace || l["request_id"] != "caller-id-1" {
		t.Errorf("line %v: want the trace and the caller's own request id", l)
	}
}

// TestTraceparentOnErrorLogs: a log written while serving a request (a failing store) carries
// the request's trace too, not only the request line.
func TestTraceparentOnErrorLogs(t *testing.T) {
	f := newFixture(3)
	var logs bytes.Buffer
	f.deps.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	f.deps.Extra = []Route{{Name: "fail", Method: http.MethodGet, Path: "/fail", Auth: spac.AuthOptional,
		Handler: func(*gin.Context) (any, error) { return nil, errors.New("store down") }}}
	h := New(f.deps).Handler()
	do(t, h, "/v1/fail", "traceparent", "00-"+validTrace+"-"+validParent+"-01")
	found := false
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		_ = json.Unmarshal([]byte(line), &rec)
		if rec["msg"] != "request" && rec["level"] == "ERROR" {
			found = true
			if rec["trace_id"] != validTrace || rec["span_id"] != validParent {
				t.Errorf("error log %v: want trace_id and span_id", rec)
			}
		}
	}
	if !found {
		t.Fatalf("no error logged for a failing store:\n%s", logs.String())
	}
}

type recordedRequest struct {
	route, method string
	status        int
}

type requestRecorder struct{ got []recordedRequest }

func (r *requestRecorder) ObserveRequest(route, method string, status int, _ time.Duration) {
	r.got = append(r.got, recordedRequest{route, method, status})
}

// TestRequestMetricsByRouteName: requests are counted by the route table's name, never the
// raw path; a path no route matches is counted with an empty route.
func TestRequestMetricsByRouteName(t *testing.T) {
	f := newFixture(3)
	rec := &requestRecorder{}
	f.deps.Metrics = rec
	h := New(f.deps).Handler()
	do(t, h, "/v1/universe")
	do(t, h, "/api/v1/universe?limit=abc")
	do(t, h, "/v1/no/such/path/12345")
	want := []recordedRequest{{"universe", http.MethodGet, 200}, {"universe", http.MethodGet, 400}, {"", http.MethodGet, 404}}
	if len(rec.got) != len(want) {
		t.Fatalf("observed %+v, want %+v", rec.got, want)
	}
	for i := range want {
		if rec.got[i] != want[i] {
			t.Errorf("request %d observed %+v, want %+v", i, rec.got[i], want[i])
		}
	}
}
