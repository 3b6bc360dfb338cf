package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

func post(s *Server, path, idemKey, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return rec
}

// TestIdempotencyKey: the same key and body get the first response again (one webhook, not
// two); another body with the key is 422; without a key every POST does the work.
func TestIdempotencyKey(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	body := `{"url":"https://hooks.example.com/a","events":["alert.*"]}`
	first := post(s, "/v1/webhooks", "k-1", body)
	again := post(s, "/api/v1/webhooks", "k-1", body) // another path of the same route
	if first.Code != http.StatusCreated || again.Code != http.StatusCreated || again.Body.String() != first.Body.String() ||
		again.Header().Get("Idempotent-Replayed") != "true" || first.Header().Get("Idempotent-Replayed") != "" {
		t.Fatalf("replay: %d %s / %d %s (%q)", first.Code, first.Body, again.Code, again.Body, again.Header().Get("Idempotent-Replayed"))
	}
	wantProblem(t, post(s, "/v1/webhooks", "k-1", `{"url":"https://hooks.example.com/b","events":["alert.*"]}`),
		http.StatusUnprocessableEntity, CodeIdempotencyKeyReused, "")
	if other := post(s, "/v1/webhooks", "", body); other.Code != http.StatusCreated || other.Body.String() == first.Body.String() {
		t.Errorf("without a key: %d %s", other.Code, other.Body)
	}
	list := decode(t, do(t, s.Handler(), "/v1/webhooks"))
	if n := len(list["rows"].([]any)); n != 2 {
		t.Errorf("%d webhooks registered, want 2 (the replay created none)", n)
	}
	wantProblem(t, post(s, "/v1/webhooks", strings.Repeat("k", MaxIdempotencyKeyLen+1), body), http.StatusBadRequest, spac.EINVALID, "Idempotency-Key")
}

// TestIdempotencyKeyForgetsFailures: a refused request (400) is replayed as refused, but a
// server error is forgotten so that the same key can be tried again.
func TestIdempotencyKeyForgetsFailures(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	fail := true
	f.deps.Extra = []Route{{Name: "flaky", Method: http.MethodPost, Path: "/flaky", Auth: spac.AuthRequired,
		Handler: func(c *gin.Context) (any, error) {
			if fail {
				return nil, spac.Errorf(spac.EUNAVAILABLE, "try again")
			}
			return nil, spac.InvalidParam("x", "refused")
		}}}
	s = New(f.deps)
	wantProblem(t, post(s, "/v1/flaky", "k", `{}`), http.StatusServiceUnavailable, spac.EUNAVAILABLE, "")
	fail = false
	wantProblem(t, post(s, "/v1/flaky", "k", `{}`), http.StatusBadRequest, spac.EINVALID, "x") // the 503 was forgotten
	fail = true
	if rec := post(s, "/v1/flaky", "k", `{}`); rec.Code != http.StatusBadRequest || rec.Header().Get("Idempotent-Replayed") != "true" {
		t.Errorf("a 400 is replayed: %d %q", rec.Code, rec.Header().Get("Idempotent-Replayed"))
	}
}

// TestIdempotencyComparesParameters: the same JSON with other whitespace and key order is the
// same request (replayed); another value, or another path parameter, is 422.
func TestIdempotencyComparesParameters(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	s := New(f.deps)
	first := post(s, "/v1/webhooks", "k-1", `{"url":"https://hooks.example.com/a","events":["alert.*"]}`)
	again := post(s, "/v1/webhooks", "k-1", "{\n  \"events\": [ \"alert.*\" ],\n  \"url\": \"https://hooks.example.com/a\"\n}\n")
	if first.Code != http.StatusCreated || again.Code != http.StatusCreated || again.Header().Get("Idempotent-Replayed") != "true" || again.Body.String() != first.Body.String() {
		t.Fatalf("re-serialised JSON: %d / %d %q %s", first.Code, again.Code, again.Header().Get("Idempotent-Replayed"), again.Body)
	}
	wantProblem(t, post(s, "/v1/webhooks", "k-1", `{"events":["alert.*"],"url":"https://hooks.example.com/A"}`),
		http.StatusUnprocessableEntity, CodeIdempotencyKeyReused, "")
	id := decode(t, first)["id"].(string)
	if rec := post(s, "/v1/webhooks/"+id+"/test", "k-2", ""); rec.Code != http.StatusAccepted {
		t.Fatalf("test: %d %s", rec.Code, rec.Body)
	}
	other := decode(t, post(s, "/v1/webhooks", "", `{"url":"https://hooks.example.com/b","events":["alert.*"]}`))["id"].(string)
	wantProblem(t, post(s, "/v1/webhooks/"+other+"/test", "k-2", ""), http.StatusUnprocessableEntity, CodeIdempotencyKeyReused, "")
}

// TestIdempotencySurvivesARestart: a server over the same store replays the first answer.
func TestIdempotencySurvivesARestart(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	f.deps.Idempotency = newMemIdempotency(f.deps.Now)
	body := `{"url":"https://hooks.example.com/a","events":["alert.*"]}`
	first := post(New(f.deps), "/v1/webhooks", "k-1", body)
	again := post(New(f.deps), "/v1/webhooks", "k-1", body)
	if again.Header().Get("Idempotent-Replayed") != "true" || again.Body.String() != first.Body.String() {
		t.Errorf("another server over the store: %d %q", again.Code, again.Header().Get("Idempotent-Replayed"))
	}
}

// TestIdempotencyStoreIsBounded: past maxIdempotent keys the oldest is forgotten; expired ones
// are swept as new ones come; an expired key is free again.
func TestIdempotencyStoreIsBounded(t *testing.T) {
	now := time.Now()
	m := newMemIdempotency(func() time.Time { return now })
	ctx := context.Background()
	for i := range maxIdempotent + 1 {
		if _, ok, _ := m.ReserveIdempotent(ctx, fmt.Sprint(i), spac.IdempotentRecord{Params: "p"}, now.Add(time.Hour)); !ok {
			t.Fatal("reservation refused")
		}
	}
	if m.len() != maxIdempotent || m.byKey["0"] != nil || m.byKey["1"] == nil {
		t.Errorf("%d kept; key 0 kept %v", m.len(), m.byKey["0"] != nil)
	}
	now = now.Add(2 * time.Hour)
	if _, ok, _ := m.ReserveIdempotent(ctx, "1", spac.IdempotentRecord{Params: "q"}, now.Add(time.Hour)); !ok || m.len() != 1 {
		t.Errorf("after the expiry: reserved %v, %d kept, want 1 (the expired swept)", ok, m.len())
	}
}
