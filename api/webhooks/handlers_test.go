package webhooks

import (
	"strings"
	"testing"
)

func TestRegistrationLifecycleAndOwnership(t *testing.T) {
	h := newHarness(t, fastConfig())
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
	h := newHarness(t, Config{}) // private targets refused
	long := strings.Repeat("x", 501)
	cases := []struct {
		body  any
		param string
	}{
		{"not an object", "body"},
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

func TestMatches(t *testing.T) {
	cases := []struct {
		pattern, event string
		want           bool
	}{
		{"alert.*", "alert.liquidation", true},
		{"alert.*", "alerts.x", false},
		{"alert.liquidation", "alert.liquidation", true},
		{"alert.liquidation", "alert.new_ipo", false},
		{"*", "news.published", true},
		{"alert*", "alert.liquidation", false},
	}
	for _, tc := range cases {
		if got := Matches(tc.pattern, tc.event); got != tc.want {
			t.Errorf("Matches(%q, %q) = %v", tc.pattern, tc.event, got)
		}
	}
}
