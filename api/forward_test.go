package api

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

// fakeForwarder records what a replica forwards and answers with resp, or fails with err.
type fakeForwarder struct {
	got  []spac.ForwardedRequest
	resp spac.ForwardedResponse
	err  error
}

func (f *fakeForwarder) Forward(_ context.Context, r spac.ForwardedRequest) (spac.ForwardedResponse, error) {
	f.got = append(f.got, r)
	return f.resp, f.err
}

// TestReplicaForwardsWrites: with Deps.Forward set, a write (any method but GET, HEAD and
// OPTIONS) goes to the writer whole, its answer is copied back, and reads (the webhook
// deliveries list included) are served locally; a writer out of reach is a 503 to retry.
func TestReplicaForwardsWrites(t *testing.T) {
	f := newFixture(3)
	fwd := &fakeForwarder{resp: spac.ForwardedResponse{Status: http.StatusCreated,
		Header: map[string][]string{"Content-Type": {"application/json"}, "Content-Length": {"999"}}, Body: []byte(`{"id":"key_1"}`)}}
	f.deps.Forward = fwd
	h := New(f.deps).Handler()
	req := httptest.NewRequest(http.MethodPost, "/v1/admin/keys?x=1", strings.NewReader(`{"name":"n"}`))
	req.Header.Set("Authorization", "Bearer admin")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated || rec.Body.String() != `{"id":"key_1"}` || rec.Header().Get("Content-Length") == "999" {
		t.Fatalf("forwarded POST answered %d %q %v", rec.Code, rec.Body, rec.Header())
	}
	if len(fwd.got) != 1 || fwd.got[0].URI != "/v1/admin/keys?x=1" || string(fwd.got[0].Body) != `{"name":"n"}` ||
		fwd.got[0].Header["Authorization"][0] != "Bearer admin" || fwd.got[0].Header[requestIDHeader][0] != rec.Header().Get(requestIDHeader) ||
		fwd.got[0].Host != "example.com" { // httptest's Host: the writer's URLs (an export link's) name the replica
		t.Fatalf("forwarded %+v", fwd.got)
	}
	if rec := do(t, h, "/v1/universe"); rec.Code != http.StatusOK || len(fwd.got) != 1 {
		t.Fatalf("a read: %d, forwarded %d", rec.Code, len(fwd.got))
	}
	do(t, h, "/v1/webhooks/wh_1/deliveries")
	if len(fwd.got) != 1 {
		t.Fatalf("the deliveries list was forwarded (every node serves it): %+v", fwd.got)
	}
	fwd.err = errors.New("no writer")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodDelete, "/v1/webhooks/wh_1", nil))
	wantProblem(t, rec, http.StatusServiceUnavailable, spac.EUNAVAILABLE, "")
	if rec.Header().Get("Retry-After") == "" {
		t.Fatal("no Retry-After on a writer out of reach")
	}
}
