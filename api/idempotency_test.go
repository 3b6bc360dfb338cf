package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
	m := newIdempotency()
	now := time.Now()
	hash := [32]byte{1}
	if prev, err := m.begin("a", hash, now); prev != nil || err != nil {
		t.Fatal(prev, err)
	}
	if _, err := m.begin("a", hash, now); spac.ErrorCode(err) != CodeIdempotencyInProgress {
		t.Errorf("in progress: %v", err)
	}
	m.finish("a", http.StatusServiceUnavailable, "application/problem+json", []byte("{}"))
	if prev, err := m.begin("a", hash, now); prev != nil || err != nil {
		t.Errorf("after a 503 the key is free: %v %v", prev, err)
	}
	m.finish("a", http.StatusBadRequest, "application/problem+json", []byte(`{"status":400}`))
	if prev, _ := m.begin("a", hash, now); prev == nil || prev.status != http.StatusBadRequest {
		t.Errorf("a 400 is replayed: %+v", prev)
	}
	if prev, err := m.begin("a", hash, now.Add(idempotencyTTL+time.Second)); prev != nil || err != nil {
		t.Errorf("after the TTL the key is free: %v %v", prev, err)
	}
}

// TestIdempotencyStoreIsBounded: past maxIdempotent keys the oldest is forgotten.
func TestIdempotencyStoreIsBounded(t *testing.T) {
	m := newIdempotency()
	now := time.Now()
	for i := range maxIdempotent + 1 {
		key := fmt.Sprint(i)
		if _, err := m.begin(key, [32]byte{}, now); err != nil {
			t.Fatal(err)
		}
		m.finish(key, http.StatusCreated, "application/json", []byte("{}"))
	}
	if m.order.Len() != maxIdempotent || m.byKey["0"] != nil || m.byKey["1"] == nil {
		t.Errorf("%d kept; key 0 kept %v", m.order.Len(), m.byKey["0"] != nil)
	}
}
