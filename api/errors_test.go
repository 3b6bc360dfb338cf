package api

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

// wantRawProblem checks a response read off the wire: status, problem+json, code, and the
// request id both in the body and in X-Request-Id.
func wantRawProblem(t *testing.T, resp *http.Response, body string, status int, code string) map[string]any {
	t.Helper()
	if resp.StatusCode != status || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("status %d %q, want %d problem+json: %s", resp.StatusCode, resp.Header.Get("Content-Type"), status, body)
	}
	var p map[string]any
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatalf("body is not JSON: %v: %q", err, body)
	}
	if p["code"] != code || p["status"] != float64(status) || p["requestId"] == "" || p["requestId"] != resp.Header.Get("X-Request-Id") {
		t.Fatalf("problem %v, want code %s and the X-Request-Id", p, code)
	}
	return p
}

// TestNetHTTPErrorsAreProblems: the errors net/http answers before any handler runs reach the
// client as problem+json through Listener.
func TestNetHTTPErrorsAreProblems(t *testing.T) {
	base := serveReal(t, New(newFixture(1).deps))
	huge := "GET /v1/universe HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", MaxHeaderBytes+8<<10) + "\r\n\r\n"
	resp, body := rawExchange(t, base, huge)
	p := wantRawProblem(t, resp, body, http.StatusRequestHeaderFieldsTooLarge, CodeHeadersTooLarge)
	if !strings.Contains(p["detail"].(string), "65536 bytes (64 KiB)") {
		t.Errorf("431 detail does not name the limit: %v", p["detail"])
	}
	resp, body = rawExchange(t, base, "GET /v1/universe HTTP/1.1\r\n\r\n") // no Host
	p = wantRawProblem(t, resp, body, http.StatusBadRequest, CodeMalformedRequest)
	if !strings.Contains(p["detail"].(string), "Host") {
		t.Errorf("400 detail does not give net/http's reason: %v", p["detail"])
	}
	resp, body = rawExchange(t, base, "POST /v1/webhooks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n")
	wantRawProblem(t, resp, body, http.StatusNotImplemented, CodeNotImplemented)
}

// TestTrailingSlashIsAProblemNotARedirect: gin's HTML 301 is off; the 404 names the path.
func TestTrailingSlashIsAProblemNotARedirect(t *testing.T) {
	base := serveReal(t, New(newFixture(1).deps))
	resp, body := rawExchange(t, base, "GET /v1/universe/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	p := wantRawProblem(t, resp, body, http.StatusNotFound, "not_found")
	if !strings.Contains(p["detail"].(string), "did you mean /v1/universe?") || resp.Header.Get("Location") != "" {
		t.Errorf("trailing slash: %v, Location %q", p["detail"], resp.Header.Get("Location"))
	}
	resp, body = rawExchange(t, base, "GET /v1/spac/AAA0/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	wantRawProblem(t, resp, body, http.StatusNotFound, "not_found")
}

// TestHeadOnEveryGetRoute: every GET route answers HEAD with the GET's status and headers
// and no body, streams included (their HEAD returns at once).
func TestHeadOnEveryGetRoute(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	base := serveReal(t, s)
	client := &http.Client{Timeout: 5 * time.Second}
	for _, r := range s.Routes() {
		if r.Method != http.MethodGet {
			continue
		}
		target := base + targetOf(r.Paths()[0], false)
		switch r.Name {
		case "search":
			target += "?q=alpha"
		case "citations":
			target += "?ref=" + targetOf(":ref", false)
		}
		for _, encoding := range []string{"identity", "gzip"} {
			compareHeadAndGet(t, client, r.Name, target, encoding)
		}
	}
}

// compareHeadAndGet requires the same status and headers of a HEAD and a GET asking for the
// same encoding (Go's client, asked explicitly, leaves a gzip body and its headers alone).
func compareHeadAndGet(t *testing.T, client *http.Client, name, target, encoding string) {
	head := fetch(t, client, http.MethodHead, target, encoding)
	get := fetch(t, client, http.MethodGet, target, encoding)
	if head.StatusCode != get.StatusCode {
		t.Errorf("%s: HEAD %d, GET %d", name, head.StatusCode, get.StatusCode)
	}
	for _, h := range []string{"Content-Type", "Content-Length", "Content-Encoding", "X-Data-Scope", "X-Request-Id", "Cache-Control", "ETag", "Vary"} {
		varies := h == "X-Request-Id" || (h == "Content-Length" && name == "health") // health reports its latencies
		if (head.Header.Get(h) == "") != (get.Header.Get(h) == "") || (!varies && head.Header.Get(h) != get.Header.Get(h)) {
			t.Errorf("%s (%s): header %s: HEAD %q, GET %q", name, encoding, h, head.Header.Get(h), get.Header.Get(h))
		}
	}
}

// fetch returns the response with its headers; a stream's body is not waited for.
func fetch(t *testing.T, client *http.Client, method, target, encoding string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(method, target, nil)
	req.Header.Set("Accept-Encoding", encoding)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		_, _ = io.Copy(io.Discard, resp.Body)
	}
	resp.Body.Close()
	return resp
}

// TestDataScopeOnlyOnDataRoutes: X-Data-Scope says which universe was served, so only the
// routes serving SPAC data carry it (not admin, account, discover or health).
func TestDataScopeOnlyOnDataRoutes(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	for _, r := range s.Routes() {
		if r.Auth == spac.AuthLink {
			continue // served only past the access Guard's link check (TestExportLinkServesASpreadsheet checks its scope)
		}
		target := targetOf(r.Paths()[0], false)
		switch r.Name {
		case "search":
			target += "?q=alpha"
		case "citations":
			target += "?ref=" + targetOf(":ref", false)
		}
		method := r.Method
		if r.Stream != nil && r.Handler == nil {
			method = http.MethodHead
		}
		rec := serveRecorded(s, method, target, "")
		want := map[bool]string{true: "full", false: ""}[r.Data]
		if got := rec.Header().Get("X-Data-Scope"); got != want {
			t.Errorf("%s %s (%d): X-Data-Scope %q, want %q", method, target, rec.Code, got, want)
		}
	}
}

// TestWebhookCapIs422: the webhook service's cap error renders as 422, not as a 500.
func TestWebhookCapIs422(t *testing.T) {
	if webhook.CodeLimitExceeded != CodeLimitExceeded || statusOf(webhook.CodeLimitExceeded) != http.StatusUnprocessableEntity {
		t.Errorf("webhook.CodeLimitExceeded %q renders as %d", webhook.CodeLimitExceeded, statusOf(webhook.CodeLimitExceeded))
	}
}

// TestHeadOnAStreamStillValidates: a HEAD on a stream runs the stream's own checks, and their
// errors are problems like the GET's (not taken for a departed client).
func TestHeadOnAStreamStillValidates(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		rec := serveRecorded(s, method, "/v1/alerts/stream?lastEventId=x", "")
		wantProblem(t, rec, http.StatusBadRequest, "invalid_parameter", "lastEventId")
	}
}
