package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// sharedAcrossReplicas: what a key does anywhere counts and works everywhere. An export link
// made through one replica (the POST goes to the writer) serves its CSV on every node, and its
// revocation through another replica ends it there too; a key's usage, its requests spread
// over two replicas, reads the same total on either (the counts are in the shared counters,
// not each node's store).
func sharedAcrossReplicas(t *testing.T, writer, r1, r2 *clusterNode) {
	t.Helper()
	secret, _ := r1.issueKey(t, "pro")
	waitCondition(t, "the other replica authenticating the key", func() bool {
		code, _, _ := r2.do(t, http.MethodGet, "/v1/account", secret, "")
		return code == http.StatusOK
	})
	target, linkID := r2.exportLink(t, secret, `{"route":"universe","params":{"sort":"symbol"}}`)
	code, _, want := writer.do(t, http.MethodGet, target, "", "")
	if code != http.StatusOK {
		t.Fatalf("the writer answers the export link made through a replica with %d %s", code, want)
	}
	links := 1 // answered 200: counted as the key's usage
	for _, n := range []*clusterNode{r2, r1} {
		// The same CSV, but for its citation URLs, which name the node that answered.
		same := strings.ReplaceAll(string(want), writer.base, n.base)
		var last string
		waitCondition(t, "a replica serving the export link", func() bool {
			code, _, b := n.do(t, http.MethodGet, target, "", "")
			if code == http.StatusOK {
				links++
			}
			last = fmt.Sprintf("%d %.300s", code, b)
			if code == http.StatusOK && string(b) != same {
				last = servedDiff(map[string]string{target: string(b)}, map[string]string{target: same})
			}
			time.Sleep(100 * time.Millisecond) // the link counts in its key's minute limit
			return code == http.StatusOK && string(b) == same
		}, func() string { return "last answer: " + last })
	}
	calls := map[*clusterNode]int{r1: 3, r2: 4} // r2 answered one /v1/account above
	for n, k := range calls {
		for range k {
			n.do(t, http.MethodGet, "/v1/account", secret, "")
		}
	}
	wantUsage := map[string]int64{"account": 8, "link_universe": int64(links)}
	for _, n := range []*clusterNode{r1, r2, writer} {
		var got map[string]int64
		waitCondition(t, "a replica reading the key's usage on every node", func() bool {
			var u struct {
				Days []struct {
					Endpoints map[string]int64 `json:"endpoints"`
				} `json:"days"`
			}
			time.Sleep(100 * time.Millisecond) // a read counts in the key's minute limit too
			code, _, b := n.do(t, http.MethodGet, "/v1/account/usage?days=1", secret, "")
			if err := json.Unmarshal(b, &u); code != http.StatusOK || err != nil || len(u.Days) != 1 {
				t.Fatalf("%s: usage: %d %s\n%s", n.role, code, b, n.stderr.String())
			}
			got = u.Days[0].Endpoints
			return got["account"] == wantUsage["account"] && got["link_universe"] == wantUsage["link_universe"]
		}, func() string { return fmt.Sprintf("%s reads %v, want %v", n.role, got, wantUsage) })
	}
	if code, _, b := r1.do(t, http.MethodDelete, "/v1/account/export-links/"+linkID, secret, ""); code != http.StatusNoContent {
		t.Fatalf("revoke the link through a replica: %d %s", code, b)
	}
	waitCondition(t, "the other replica refusing the revoked link", func() bool {
		code, _, _ := r2.do(t, http.MethodGet, target, "", "")
		return code == http.StatusUnauthorized
	})
}
