package webhooks

import (
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/webhook"
)

func TestRegistrationLifecycleAndOwnership(t *testing.T) {
	h := newHarness(t, webhook.Config{})
	created := h.register("key-a", "https://example.com/hook", "alert.*", "news.published")
	if !strings.HasPrefix(created.Secret, "whsec_") || created.ID == "" {
		t.Fatalf("created = %+v", created)
	}
	var page Page[map[string]any]
	if code := h.do("GET", "/webhooks", "key-a", nil, &page); code != 200 || page.Count != 1 {
		t.Fatalf("owner list: %d %+v", code, page)
	}
	if _, leaked := page.Rows[0]["secret"]; leaked {
		t.Fatal("the secret is shown again in the list")
	}
	if code := h.do("GET", "/webhooks", "key-b", nil, &page); code != 200 || page.Count != 0 {
		t.Fatalf("other key lists %d endpoints", page.Count)
	}
	path := "/webhooks/" + created.ID
	for _, tc := range []struct {
		method, path, key string
		want              int
	}{
		{"GET", path, "key-a", 200},
		{"GET", path, "key-b", 404},
		{"GET", path, "", 401},
		{"GET", "/webhooks", "", 401},
		{"POST", path + "/test", "key-b", 404},
		{"GET", path + "/deliveries?limit=0", "key-a", 400},
		{"POST", path + "/deliveries/dlv_nope/redeliver", "key-a", 404},
		{"DELETE", path, "key-b", 404},
		{"DELETE", path, "key-a", 204},
		{"GET", path, "key-a", 404},
	} {
		if code := h.do(tc.method, tc.path, tc.key, nil, nil); code != tc.want {
			t.Errorf("%s %s as %q: %d, want %d", tc.method, tc.path, tc.key, code, tc.want)
		}
	}
}

func TestRegistrationValidation(t *testing.T) {
	h := newHarness(t, webhook.Config{}) // private targets refused
	long := strings.Repeat("x", 501)
	cases := []struct {
		body  any
		param string
	}{
		{"not an object", "body"},
		{[]byte(`{"url":"https://example.com/h","events":["*"]} garbage`), "body"},
		{[]byte(`{"url":"https://example.com/h","events":["*"]}{"url":"https://example.com/2","events":["*"]}`), "body"},
		{CreateRequest{URL: "ftp://example.com", Events: []string{"alert.*"}}, "url"},
		{CreateRequest{URL: "/relative", Events: []string{"alert.*"}}, "url"},
		{CreateRequest{URL: "http://127.0.0.1:8080/x", Events: []string{"alert.*"}}, "url"},
		{CreateRequest{URL: "http://localhost/x", Events: []string{"alert.*"}}, "url"},
		{CreateRequest{URL: "http://169.254.169.254/latest", Events: []string{"alert.*"}}, "url"},
		{CreateRequest{URL: "http://[::1]/x", Events: []string{"alert.*"}}, "url"},
		{CreateRequest{URL: "https://example.com"}, "events"},
		{CreateRequest{URL: "https://example.com", Events: []string{"alert.bogus"}}, "events"},
		{CreateRequest{URL: "https://example.com", Events: []string{"nothing.*"}}, "events"},
		{CreateRequest{URL: "https://example.com", Events: []string{"alert.*"}, Description: long}, "description"},
	}
	for i, tc := range cases {
		var problem map[string]string
		code := h.do("POST", "/webhooks", "key-a", tc.body, &problem)
		if code != 400 || problem["param"] != tc.param {
			t.Errorf("case %d: %d %v, want 400 naming %s", i, code, problem, tc.param)
		}
	}
	for _, ok := range [][]string{{"*"}, {"alert.*"}, {"alert.ytm_arbitrage", "filing.ingested", "trust.recomputed"}} {
		if code := h.do("POST", "/webhooks", "key-a", CreateRequest{URL: "https://example.com/h", Events: ok}, nil); code != 201 {
			t.Errorf("events %v: %d, want 201", ok, code)
		}
	}
}

// TestCapIsUnprocessable: a key at its cap gets the engine's limit_exceeded code (422 in api).
func TestCapIsUnprocessable(t *testing.T) {
	h := newHarness(t, webhook.Config{MaxPerKey: 1})
	h.register("key-a", "https://example.com/hook", "*")
	var problem map[string]string
	if code := h.do("POST", "/webhooks", "key-a", CreateRequest{URL: "https://example.com/h", Events: []string{"*"}}, &problem); code != 422 || problem["code"] != webhook.CodeLimitExceeded {
		t.Fatalf("second endpoint: %d %v", code, problem)
	}
}

// TestTestAndRedeliverAreQueued: both answer 202 with a pending delivery of the same message;
// another key cannot redeliver it. (Sending them is tested in package webhook.)
func TestTestAndRedeliverAreQueued(t *testing.T) {
	h := newHarness(t, webhook.Config{})
	ep := h.register("key-a", "https://example.com/hook", "alert.new_ipo")
	var d spac.WebhookDelivery
	if code := h.do("POST", "/webhooks/"+ep.ID+"/test", "key-a", nil, &d); code != 202 || d.EventType != spac.WebhookTest || d.Status != spac.DeliveryPending {
		t.Fatalf("test: %d %+v", code, d)
	}
	var page Page[spac.WebhookDelivery]
	if code := h.do("GET", "/webhooks/"+ep.ID+"/deliveries", "key-a", nil, &page); code != 200 || page.Count != 1 || page.Rows[0].ID != d.ID {
		t.Fatalf("deliveries: %d %+v", code, page)
	}
	var again spac.WebhookDelivery
	if code := h.do("POST", "/webhooks/"+ep.ID+"/deliveries/"+d.ID+"/redeliver", "key-a", nil, &again); code != 202 || again.ID == d.ID || again.MessageID != d.MessageID {
		t.Fatalf("redeliver: %d %+v, want a new delivery of message %s", code, again, d.MessageID)
	}
	if code := h.do("POST", "/webhooks/"+ep.ID+"/deliveries/"+d.ID+"/redeliver", "key-b", nil, nil); code != 404 {
		t.Fatalf("another key redelivered: %d", code)
	}
}
