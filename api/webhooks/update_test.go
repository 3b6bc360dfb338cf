package webhooks

import (
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/webhook"
)

func TestRotateSecretRoute(t *testing.T) {
	h := newHarness(t, webhook.Config{})
	created := h.register("key-a", "https://example.com/hook", "alert.*")
	path := "/webhooks/" + created.ID + "/rotate-secret"
	var rotated Rotated
	if code := h.do("POST", path, "key-a", nil, &rotated); code != 200 {
		t.Fatalf("rotate: %d", code)
	}
	if !strings.HasPrefix(rotated.Secret, "whsec_") || rotated.Secret == created.Secret {
		t.Fatalf("rotated secret %q (was %q)", rotated.Secret, created.Secret)
	}
	// The default overlap is 24 h; the stored endpoint signs with both secrets until then.
	left := time.Until(*rotated.PreviousSecretExpiresAt)
	if left < 23*time.Hour || left > 24*time.Hour {
		t.Fatalf("previousSecretExpiresAt in %s, want about 24h", left)
	}
	stored, _ := h.store.Endpoint(t.Context(), created.ID)
	if secrets := stored.SigningSecrets(time.Now()); len(secrets) != 2 || secrets[0] != rotated.Secret || secrets[1] != created.Secret {
		t.Fatalf("signing secrets %v", secrets)
	}
	var got map[string]any
	if h.do("GET", "/webhooks/"+created.ID, "key-a", nil, &got); got["secret"] != nil || got["previousSecret"] != nil {
		t.Fatalf("GET shows a secret: %v", got)
	}
	for _, tc := range []struct {
		query, key string
		want       int
	}{
		{"?grace=169h", "key-a", 400}, {"?grace=-1s", "key-a", 400}, {"?grace=soon", "key-a", 400},
		{"?grace=0s", "key-b", 404}, {"", "", 401}, {"?grace=0s", "key-a", 200},
	} {
		var problem map[string]any
		code := h.do("POST", path+tc.query, tc.key, nil, &problem)
		if code != tc.want || (code == 400 && problem["param"] != "grace") {
			t.Errorf("rotate%s as %q: %d %v, want %d", tc.query, tc.key, code, problem, tc.want)
		}
	}
}

func TestUpdateRoute(t *testing.T) {
	h := newHarness(t, webhook.Config{}) // private targets refused
	created := h.register("key-a", "https://example.com/hook", "alert.*")
	path := "/webhooks/" + created.ID
	for body, param := range map[string]string{
		`{"url":"http://127.0.0.1/x"}`:       "url",
		`{"url":"ftp://example.com"}`:        "url",
		`{"url":null}`:                       "url",
		`{"events":[]}`:                      "events",
		`{"events":["alert.bogus"]}`:         "events",
		`{"events":"alert.*"}`:               "events",
		`{"enabled":"yes"}`:                  "enabled",
		`{"event":["alert.*"]}`:              "event",
		`{"enabled":true} {"enabled":false}`: "body",
		`["url"]`:                            "body",
		`null`:                               "body",
		`{"description":"` + strings.Repeat("x", 501) + `"}`: "description",
	} {
		var problem map[string]any
		if code := h.do("PATCH", path, "key-a", []byte(body), &problem); code != 400 || problem["param"] != param {
			t.Errorf("PATCH %.60s: %d %v, want 400 naming %s", body, code, problem, param)
		}
	}
	if code := h.do("PATCH", path, "key-b", []byte(`{"enabled":true}`), nil); code != 404 {
		t.Errorf("another key's endpoint: %d, want 404", code)
	}
	var got map[string]any
	if code := h.do("PATCH", path, "key-a", []byte(`{"enabled":false,"description":"d"}`), &got); code != 200 ||
		got["disabledReason"] != webhook.ReasonOwnerDisabled || got["description"] != "d" || got["url"] != created.URL {
		t.Fatalf("disable: %d %v", code, got)
	}
	got = nil
	if code := h.do("PATCH", path, "key-a", []byte(`{"enabled":true,"url":"https://example.org/2","events":["news.*"],"description":null}`), &got); code != 200 ||
		got["disabledAt"] != nil || got["url"] != "https://example.org/2" || got["description"] != nil || got["secret"] != nil {
		t.Fatalf("re-enable: %d %v", code, got)
	}
}
