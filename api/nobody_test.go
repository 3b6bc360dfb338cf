package api

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// TestBodyOnRouteReadingNoneIs400: a write that reads no body refuses one carrying anything,
// naming the query parameters the caller meant (a rotation's grace sent as JSON used to be
// ignored: the old secret died at once); empty bodies, "{}" and "null" pass.
func TestBodyOnRouteReadingNoneIs400(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard = fullCaller
	var calls atomic.Int32
	f.deps.Extra = []Route{{Name: "rotate_probe", Method: http.MethodPost, Path: "/rotate-probe", Auth: spac.AuthRequired,
		Params: []Param{{Name: "grace", In: InQuery, Type: TypeString, Description: "grace"}},
		Handler: func(c *gin.Context) (any, error) {
			calls.Add(1)
			return gin.H{"ok": true}, nil
		}}}
	s := New(f.deps)

	rec := serveRecorded(s, http.MethodPost, "/v1/rotate-probe", `{"grace": "24h"}`)
	p := wantProblem(t, rec, http.StatusBadRequest, spac.EINVALID, "body")
	if detail, _ := p["detail"].(string); !strings.Contains(detail, "query string (grace)") {
		t.Errorf("the 400 does not say where grace goes: %q", detail)
	}
	if calls.Load() != 0 {
		t.Fatalf("the handler ran for a refused body")
	}
	for _, empty := range []string{"", "{}", " null\n"} {
		if rec := serveRecorded(s, http.MethodPost, "/v1/rotate-probe?grace=1h", empty); rec.Code != http.StatusOK {
			t.Errorf("body %q: %d %s", empty, rec.Code, rec.Body.String())
		}
	}
	if calls.Load() != 3 {
		t.Errorf("handler calls = %d, want 3", calls.Load())
	}
}

// TestRotationsTakeNoBody: the table's rotations and deletions read no body, so the refusal
// above guards them; the routes that read JSON declare it.
func TestRotationsTakeNoBody(t *testing.T) {
	want := map[string]bool{"webhooks_rotate_secret": true, "admin_keys_rotate": true, "webhooks_delete": true,
		"webhooks_create": false, "webhooks_update": false, "admin_keys_create": false}
	for _, r := range New(liveFixture(t).deps).Routes() {
		if w, ok := want[r.Name]; ok && r.takesNoBody() != w {
			t.Errorf("%s: takesNoBody = %v, want %v", r.Name, r.takesNoBody(), w)
		}
		delete(want, r.Name)
	}
	if len(want) > 0 {
		t.Errorf("routes missing from the table: %v", want)
	}
}
