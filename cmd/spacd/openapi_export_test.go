package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
)

// exports validates the CSV and NDJSON exports of a list route (by format= and by Accept)
// against the operation's x-export (the 200 response's content lists the JSON page only, so
// that generated clients type the ordinary call): the media type is one it lists, and each
// NDJSON line matches the row schema it names (x-row-schema).
func (c *conformance) exports(path, query string) {
	export := c.getOperation(path)["x-export"].(map[string]any)["content"].(map[string]any)
	ref := export["application/x-ndjson"].(map[string]any)["x-row-schema"].(map[string]any)["$ref"].(string)
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
		media, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
		if export[media] == nil {
			c.t.Errorf("GET %s (Accept %q): %s is not in x-export", target, e.accept, media)
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

// getOperation is the GET operation serving path (its parameters filled in) at its /v1 path
// or one of its aliases.
func (c *conformance) getOperation(path string) map[string]any {
	for tmpl, item := range c.doc["paths"].(map[string]any) {
		get, _ := item.(map[string]any)["get"].(map[string]any)
		if get == nil {
			continue
		}
		aliases, _ := get["x-aliases"].([]any)
		for _, p := range append([]any{tmpl}, aliases...) {
			if c.fill(p.(string)) == path {
				return get
			}
		}
	}
	c.t.Fatalf("%s: not in the document", path)
	return nil
}

// streamEventData is the schema of the data of an SSE route's events: the contentSchema of
// the data property of the event schema its text/event-stream content lists.
func (c *conformance) streamEventData(path string) string {
	content := c.getOperation(path)["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)
	event := content["text/event-stream"].(map[string]any)["schema"].(map[string]any)["items"].(map[string]any)["$ref"].(string)
	name := strings.TrimPrefix(event, "#/components/schemas/")
	schema := c.doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
	data := schema["properties"].(map[string]any)["data"].(map[string]any)
	return data["contentSchema"].(map[string]any)["$ref"].(string)
}
