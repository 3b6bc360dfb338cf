package access

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/spacdata/spac"
)

func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

// TestAdminAndAccountRoutes walks a key's life through the HTTP surface.
func TestAdminAndAccountRoutes(t *testing.T) {
	h := newHarness(t, nil)
	rec := h.do("POST", "/admin/keys", testAdminToken, `{"name":"acme research","tier":"pro"}`)
	expectStatus(t, rec, http.StatusCreated, "create")
	issued := decode[IssuedKey](t, rec.Body.String())
	if !strings.HasPrefix(issued.Secret, SecretPrefix) || issued.Key.Tier != spac.TierPro || strings.Contains(rec.Body.String(), `"Hash"`) {
		t.Fatalf("created %s", rec.Body.String())
	}

	rec = h.do("GET", "/v1/account", issued.Secret, "")
	expectStatus(t, rec, 200, "account")
	acct := decode[Account](t, rec.Body.String())
	if acct.KeyID != issued.Key.ID || acct.Prefix != issued.Secret[:8] || acct.Limits.PerDay != 10000 || acct.Tier != spac.TierPro {
		t.Errorf("account %+v", acct)
	}
	rec = h.do("GET", "/v1/account/usage?days=2", issued.Secret, "")
	expectStatus(t, rec, 200, "account usage")
	if u := decode[Usage](t, rec.Body.String()); u.Total != 2 || len(u.Days) != 2 {
		t.Errorf("account usage %+v, want the two account requests", u)
	}
	expectStatus(t, h.do("GET", "/v1/account/usage?days=x", issued.Secret, ""), 400, "bad days")

	rec = h.do("GET", "/admin/keys", testAdminToken, "")
	expectStatus(t, rec, 200, "list")
	if list := decode[KeyList](t, rec.Body.String()); list.Count != 1 || list.Rows[0].ID != issued.Key.ID {
		t.Errorf("list %s", rec.Body.String())
	}
	rec = h.do("GET", "/admin/keys/"+issued.Key.ID+"/usage?days=1", testAdminToken, "")
	expectStatus(t, rec, 200, "admin usage")
	if u := decode[Usage](t, rec.Body.String()); u.Days[0].Endpoints["/v1/account"] != 1 {
		t.Errorf("admin usage %s", rec.Body.String())
	}

	rec = h.do("POST", "/admin/keys/"+issued.Key.ID+"/rotate", testAdminToken, "")
	expectStatus(t, rec, http.StatusCreated, "rotate")
	rotated := decode[IssuedKey](t, rec.Body.String())
	if rotated.Revoked != issued.Key.ID {
		t.Errorf("rotate %s", rec.Body.String())
	}
	expectStatus(t, h.do("GET", "/v1/account", issued.Secret, ""), 401, "rotated-out key")
	expectStatus(t, h.do("DELETE", "/admin/keys/"+rotated.Key.ID, testAdminToken, ""), 200, "revoke")
	expectStatus(t, h.do("GET", "/v1/account", rotated.Secret, ""), 401, "revoked key")
}

func TestAdminRouteErrors(t *testing.T) {
	h := newHarness(t, nil)
	cases := []struct {
		method, path, body string
		want               int
	}{
		{"POST", "/admin/keys", `not json`, 400},
		{"POST", "/admin/keys", `{"name":"x","tier":"platinum"}`, 400},
		{"POST", "/admin/keys", `{"tier":"free"}`, 400},
		{"DELETE", "/admin/keys/key_nope", "", 404},
		{"POST", "/admin/keys/key_nope/rotate", "", 404},
		{"GET", "/admin/keys/key_nope/usage", "", 404},
	}
	for _, c := range cases {
		expectStatus(t, h.do(c.method, c.path, testAdminToken, c.body), c.want, c.method+" "+c.path+" "+c.body)
	}
}
