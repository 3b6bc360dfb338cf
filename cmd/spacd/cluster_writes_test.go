package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// cacheBeaten bounds how long a replica may take to refuse a key revoked through another node:
// far under the key cache's TTL (access.DefaultKeyCacheTTL, 30 s), so a replica that only
// waited for its cache to expire fails.
const cacheBeaten = 5 * time.Second

// writesForwarded: writes that reach a replica (key administration, a webhook registration,
// its secret rotation and deletion) are served by the writer - durable there when the replica
// answers - and replicated: the replica that forwarded a write reads it at once, the other
// replica within moments, and a key created through one replica authenticates on the other.
// A key revoked through one replica is refused by the other, which had it cached, well
// before its cache would have let it go.
func writesForwarded(t *testing.T, writer, r1, r2 *clusterNode) {
	t.Helper()
	secret, keyID := r1.issueKey(t, "institutional")
	if got := writer.keyIDOf(t, secret); got != keyID { // no wait: durable on the writer
		t.Fatalf("the writer knows the key as %q, want %q", got, keyID)
	}
	if got := r1.keyIDOf(t, secret); got != keyID { // no wait: read its own write
		t.Fatalf("the replica that forwarded the creation knows the key as %q", got)
	}
	waitCondition(t, "the other replica authenticating the key", func() bool {
		code, _, _ := r2.do(t, http.MethodGet, "/v1/account", secret, "")
		return code == http.StatusOK
	})
	hook, _ := r2.registerWebhook(t, secret, "http://127.0.0.1:9/hook", "filing.ingested")
	path := "/v1/webhooks/" + hook
	same := func(what string, code int, nodes ...*clusterNode) {
		t.Helper()
		get := func(n *clusterNode) string {
			code, _, b := n.do(t, http.MethodGet, path, secret, "")
			if code != http.StatusOK {
				return fmt.Sprint(code) // a problem names its request's id
			}
			return fmt.Sprintf("%d %s", code, b)
		}
		want := get(writer)
		if !strings.HasPrefix(want, fmt.Sprint(code)) {
			t.Fatalf("%s: the writer answers %s with %.300s", what, path, want)
		}
		for _, n := range nodes {
			if got := get(n); got != want {
				t.Fatalf("%s: a replica answers %.300s, the writer %.300s", what, got, want)
			}
		}
	}
	same("registered through the replica", http.StatusOK, r2)
	waitListed(t, r1, secret, hook)
	if code, _, b := r1.do(t, http.MethodPost, path+"/rotate-secret", secret, ""); code != http.StatusOK {
		t.Fatalf("rotate the secret through a replica: %d %s", code, b)
	}
	same("its secret rotated through the replica", http.StatusOK, r1)
	if code, _, b := r2.do(t, http.MethodDelete, path, secret, ""); code != http.StatusNoContent {
		t.Fatalf("delete through a replica: %d %s", code, b)
	}
	same("deleted through the replica", http.StatusNotFound, r2)
	if code, _, b := r1.do(t, http.MethodDelete, "/v1/admin/keys/"+keyID, r1.admin, ""); code != http.StatusOK {
		t.Fatalf("revoke through a replica: %d %s", code, b)
	}
	for i, n := range []*clusterNode{writer, r1} {
		if code, _, _ := n.do(t, http.MethodGet, "/v1/account", secret, ""); code != http.StatusUnauthorized {
			t.Fatalf("node %d answers a key revoked through a replica with %d", i, code)
		}
	}
	start := time.Now()
	for {
		code, _, _ := r2.do(t, http.MethodGet, "/v1/account", secret, "")
		if code == http.StatusUnauthorized {
			break
		}
		if time.Since(start) > cacheBeaten {
			t.Fatalf("the other replica still answers the revoked key %d after %s", code, cacheBeaten)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitListed waits until n lists webhook hook among the key's registrations.
func waitListed(t *testing.T, n *clusterNode, secret, hook string) {
	t.Helper()
	waitCondition(t, "the other replica listing the registration", func() bool {
		code, _, b := n.do(t, http.MethodGet, "/v1/webhooks", secret, "")
		return code == http.StatusOK && strings.Contains(string(b), hook)
	})
}
