package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
)

// exports validates the CSV and NDJSON exports of a list route (by format= and by Accept):
// the response against the document, and each NDJSON line against the row schema the
// document names (x-row-schema).
func (c *conformance) exports(path, query string) {
	ref := c.contentRef(path, "application/x-ndjson", "x-row-schema")
	for _, e := range []struct{ query, accept string }{
		{"?format=csv" + query, ""}, {"?format=ndjson" + query, ""}, {"?x=" + query, "text/csv"}, {"?x=" + query, "application/x-ndjson"},
	} {
		target := path + strings.Replace(e.query, "?x=&", "?", 1)
		target = strings.TrimSuffix(target, "?x=")
		req, _ := http.NewRequest(http.MethodGet, c.ts.base+target, nil)
		req.Header.Set("Authorization", "Bearer "+c.key)
		if e.accept != "" {
			req.Header.Set("Accept", e.accept)
		}
		resp, err := c.ts.client.Do(req)
		if err != nil {
			c.t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		if err := c.chk.Response(req, resp); err != nil {
			c.t.Error(err)
		}
		c.checked++
		if resp.StatusCode != http.StatusOK || len(body) == 0 {
			c.t.Errorf("GET %s (Accept %q): %d, %d bytes", target, e.accept, resp.StatusCode, len(body))
			continue
		}
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-ndjson") {
			continue
		}
		for i, line := range bytes.Split(bytes.TrimSuffix(body, []byte("\n")), []byte("\n")) {
			if err := c.schemas.Validate(ref, line); err != nil {
				c.t.Errorf("%s line %d: %v", target, i+1, err)
			}
		}
	}
}

// contentRef is the $ref under key of one media type of the route's 200 response.
func (c *conformance) contentRef(path, media, key string) string {
	for tmpl, item := range c.doc["paths"].(map[string]any) {
		if c.fill(tmpl) != path {
			continue
		}
		get := item.(map[string]any)["get"].(map[string]any)
		content := get["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)
		return content[media].(map[string]any)[key].(map[string]any)["$ref"].(string)
	}
	c.t.Fatalf("%s: not in the document", path)
	return ""
}
