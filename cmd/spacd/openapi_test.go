package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/api/openapicheck"
)

// conformance calls a real server and validates every response against the OpenAPI document
// the server publishes (api/openapicheck: libopenapi-validator).
type conformance struct {
	t        *testing.T
	ts       *testServer
	chk      *openapicheck.Checker
	schemas  *openapicheck.Schemas
	doc      map[string]any
	key      string
	symbol   string // a SPAC of the fixtures
	acc      string // one of its filings
	hookURL  string // a webhook receiver
	hookID   string // a registered webhook
	delivery string // one of its deliveries
	keyID    string // an API key
	ref      string // a citation ref of the SPAC
	aliases  []alias
	checked  int
	current  op                  // the operation run is calling
	examples map[string]*example // the first call of each operation (docs/api-reference.md)
}

// TestEveryResponseMatchesOpenAPI walks the published document: every operation (each
// alias included, so both /v1 and /api/v1) is called with real values and its response
// validated against the document; then a set of error responses is. An operation the test
// has no recipe for fails it, so a new route cannot go unchecked.
func TestEveryResponseMatchesOpenAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus")
	}
	t.Parallel()
	rcv := newReceiver(t, "")
	ts := startServer(t, map[string]string{"SPACD_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true"})
	c := newConformance(t, ts, rcv.URL())
	for _, op := range c.operations() {
		c.run(op)
	}
	c.errorResponses()
	c.idempotency()
	t.Logf("%d responses validated against the document", c.checked)
	checkReference(t, c.examples, *updateREADME)
}

func newConformance(t *testing.T, ts *testServer, hookURL string) *conformance {
	_, _, raw := ts.do(t, http.MethodGet, "/v1/openapi.json", "", "")
	chk, err := openapicheck.New(raw)
	if err != nil {
		t.Fatal(err)
	}
	schemas, err := openapicheck.NewSchemas(raw)
	if err != nil {
		t.Fatal(err)
	}
	c := &conformance{t: t, ts: ts, chk: chk, schemas: schemas, key: ts.createKey(t, "enterprise"), hookURL: hookURL,
		examples: map[string]*example{}}
	if err := json.Unmarshal(raw, &c.doc); err != nil {
		t.Fatal(err)
	}
	c.aliases = aliasesOf(c.doc)
	c.symbol = firstSymbol(t, ts, c.key)
	var prof struct {
		Filings []struct {
			Accession string `json:"accession"`
		} `json:"filings"`
	}
	ts.getJSON(t, "/v1/spac/"+c.symbol, c.key, http.StatusOK, &prof)
	if len(prof.Filings) == 0 {
		t.Fatalf("%s has no filings", c.symbol)
	}
	c.acc = prof.Filings[0].Accession
	var refs struct {
		Citations []struct {
			Ref string `json:"ref"`
		} `json:"citations"`
	}
	ts.getJSON(t, "/v1/spac/"+c.symbol+"?citations=ref", c.key, http.StatusOK, &refs)
	if len(refs.Citations) == 0 || refs.Citations[0].Ref == "" {
		t.Fatalf("%s?citations=ref: no ref", c.symbol)
	}
	c.ref = refs.Citations[0].Ref
	c.hookID = c.createWebhook("/v1/webhooks")
	c.delivery = c.idOf(c.call(http.MethodPost, "/v1/webhooks/"+c.hookID+"/test", c.key, "", http.StatusAccepted))
	c.keyID = c.createKey("/v1/admin/keys")
	return c
}

// op is one operation of the document at one of its paths.
type op struct {
	method, path, route string // route: the operation's id
}

// operations are the document's operations at their /v1 paths and at each of their aliases
// (x-aliases), so that every path the server answers is validated.
func (c *conformance) operations() []op {
	var out []op
	for path, item := range c.doc["paths"].(map[string]any) {
		for method, raw := range item.(map[string]any) {
			o := raw.(map[string]any)
			route := o["operationId"].(string)
			out = append(out, op{strings.ToUpper(method), path, route})
			aliases, _ := o["x-aliases"].([]any)
			for _, alias := range aliases {
				out = append(out, op{strings.ToUpper(method), alias.(string), route})
			}
		}
	}
	slices.SortFunc(out, func(a, b op) int { return strings.Compare(a.path+a.method, b.path+b.method) })
	return out
}

// alias is a path the document names in an operation's x-aliases but reaches through no
// server (/health, /api/webhooks/...): re matches it, path is the operation's own.
type alias struct {
	re   *regexp.Regexp
	path string
}

var pathParamRe = regexp.MustCompile(`\{[A-Za-z]+\}`)

func aliasesOf(doc map[string]any) []alias {
	var out []alias
	for path, item := range doc["paths"].(map[string]any) {
		for _, raw := range item.(map[string]any) {
			names, _ := raw.(map[string]any)["x-aliases"].([]any)
			for _, n := range names {
				if a := n.(string); !strings.HasPrefix(a, "/api/v1/") { // the /api server reaches those
					out = append(out, alias{regexp.MustCompile("^" + pathParamRe.ReplaceAllString(a, "([^/]+)") + "$"), path})
				}
			}
		}
	}
	return out
}

// asDocumented is req as the document lists it: a request to an alias the servers do not
// reach is validated as a request to the operation's own path (an alias answers as it does).
func (c *conformance) asDocumented(req *http.Request) *http.Request {
	for _, a := range c.aliases {
		m := a.re.FindStringSubmatch(req.URL.Path)
		if m == nil {
			continue
		}
		i := 0
		path := pathParamRe.ReplaceAllStringFunc(a.path, func(string) string { i++; return m[i] })
		out := req.Clone(req.Context())
		out.URL.Path = path
		return out
	}
	return req
}

// fill substitutes the path parameters.
func (c *conformance) fill(path string) string {
	return strings.NewReplacer("{symbol}", c.symbol, "{accession}", c.acc, "{deliveryId}", c.delivery).Replace(path)
}

// run calls one operation the way its route is meant to be used.
func (c *conformance) run(o op) {
	c.current = o
	defer func() { c.current = op{} }()
	path := c.fill(o.path)
	withID := func(id string) string { return strings.Replace(path, "{id}", id, 1) }
	get := func(query, token string) { c.call(http.MethodGet, path+query, token, "", http.StatusOK) }
	switch o.route {
	case "universe":
		get("?limit=3&facets=status,sector,trust_size", c.key)
		get("?limit=3&fields=symbol,trust_size,tickers", c.key)
		get("?limit=3&citations=ref", c.key)
		get("?limit=3&citations=none", c.key)
		get("?limit=2", "") // anonymous: the sample
		c.notModified(path+"?limit=3", c.key)
		c.exports(path, "&fields=symbol,trust_size,tickers")
	case "calendar":
		get("?limit=3", c.key)
		get("?limit=3&citations=ref", c.key)
		get("?limit=3&citations=none", c.key)
		c.exports(path, "&from=2000-01-01")
	case "news", "alerts":
		get("?limit=3", c.key)
		c.exports(path, "")
	case "changelog":
		get("?limit=3", c.key)
	case "search":
		get("?q=acquisition&limit=3", c.key)
		get("?q=acquisition&limit=3&citations=none", c.key)
	case "citations":
		get("?ref="+c.ref+",9900001-000000000000", c.key)
	case "filing_lines":
		get("?from=1&to=5", c.key)
	case "profile":
		get("", c.key)
		get("?citations=ref", c.key)
		get("?citations=none", c.key)
		c.notModified(path, c.key)
	case "filing", "discover", "openapi", "health", "account":
		get("", c.key)
	case "account_usage":
		get("?days=2", c.key)
	case "alerts_stream", "news_stream":
		c.stream(path)
	case "webhooks_create":
		c.createWebhook(path)
	case "webhooks_list", "webhooks_get", "webhooks_deliveries":
		c.call(http.MethodGet, withID(c.hookID), c.key, "", http.StatusOK)
	case "webhooks_test", "webhooks_redeliver":
		c.call(http.MethodPost, withID(c.hookID), c.key, "", http.StatusAccepted)
	case "webhooks_delete":
		c.call(http.MethodDelete, withID(c.createWebhook("/v1/webhooks")), c.key, "", http.StatusNoContent)
	case "webhooks_update":
		c.call(http.MethodPatch, withID(c.hookID), c.key, `{"description":"patched","enabled":true}`, http.StatusOK)
	case "webhooks_rotate_secret":
		c.call(http.MethodPost, withID(c.createWebhook("/v1/webhooks"))+"?grace=1h", c.key, "", http.StatusOK)
	case "export_links_create":
		c.makeLink(path, "universe")
	case "export_links_list":
		get("", c.key)
	case "export_links_delete":
		id, _ := c.makeLink("/v1/account/export-links", "news")
		c.call(http.MethodDelete, withID(id), c.key, "", http.StatusNoContent)
	case "link_universe", "link_calendar", "link_alerts", "link_news":
		_, token := c.makeLink("/v1/account/export-links", strings.TrimPrefix(o.route, "link_"))
		get("?token="+token, "")
	case "admin_keys_create":
		c.createKey(path)
	case "admin_keys_list", "admin_keys_usage":
		c.call(http.MethodGet, withID(c.keyID), c.ts.admin, "", http.StatusOK)
	case "admin_keys_rotate":
		c.call(http.MethodPost, withID(c.createKey("/v1/admin/keys")), c.ts.admin, "", http.StatusCreated)
	case "admin_keys_revoke":
		c.call(http.MethodDelete, withID(c.createKey("/v1/admin/keys")), c.ts.admin, "", http.StatusOK)
	case "admin_keys_webhooks":
		c.call(http.MethodGet, withID(c.keyID), c.ts.admin, "", http.StatusOK)
	case "admin_webhooks_delete":
		c.call(http.MethodDelete, withID(c.createWebhook("/v1/webhooks")), c.ts.admin, "", http.StatusNoContent)
	default:
		c.t.Errorf("%s %s (%s): no recipe; add one so its responses are validated", o.method, o.path, o.route)
	}
}

// notModified repeats a GET with the ETag of its first answer and validates the 304.
func (c *conformance) notModified(path, token string) {
	req, _ := http.NewRequest(http.MethodGet, c.ts.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.ts.client.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	resp.Body.Close()
	etag := resp.Header.Get("ETag")
	if etag == "" {
		c.t.Errorf("GET %s: no ETag", path)
		return
	}
	req.Header.Set("If-None-Match", etag)
	resp, err = c.ts.client.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := c.chk.Response(c.asDocumented(req), resp); err != nil {
		c.t.Error(err)
	}
	c.checked++
	if resp.StatusCode != http.StatusNotModified {
		c.t.Errorf("GET %s with If-None-Match: %d, want 304", path, resp.StatusCode)
	}
}

func (c *conformance) createWebhook(path string) string {
	body := fmt.Sprintf(`{"url":%q,"events":["alert.*"],"description":"conformance"}`, c.hookURL)
	return c.idOf(c.call(http.MethodPost, path, c.key, body, http.StatusCreated))
}

// makeLink creates an export link of route through path and returns its id and token.
func (c *conformance) makeLink(path, route string) (id, token string) {
	b := c.call(http.MethodPost, path, c.key, `{"route":"`+route+`","ttl":"1h"}`, http.StatusCreated)
	var made struct {
		ID  string `json:"id"`
		URL string `json:"url"`
	}
	if err := json.Unmarshal(b, &made); err != nil {
		c.t.Fatalf("POST %s: %s", path, b)
	}
	u, err := url.Parse(made.URL)
	if err != nil {
		c.t.Fatal(err)
	}
	return made.ID, u.Query().Get("token")
}

func (c *conformance) createKey(path string) string {
	b := c.call(http.MethodPost, path, c.ts.admin, `{"name":"conformance","tier":"free"}`, http.StatusCreated)
	var issued struct {
		Key struct {
			ID string `json:"id"`
		} `json:"key"`
	}
	if err := json.Unmarshal(b, &issued); err != nil || issued.Key.ID == "" {
		c.t.Fatalf("POST %s: no key id in %s", path, b)
	}
	return issued.Key.ID
}

func (c *conformance) idOf(b []byte) string {
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.ID == "" {
		c.t.Fatalf("no id in %s", b)
	}
	return v.ID
}

// call sends one request, requires the status, and validates the response against the
// document.
func (c *conformance) call(method, path, token, body string, want int) []byte {
	c.t.Helper()
	req, err := http.NewRequest(method, c.ts.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.ts.client.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	if err := c.chk.Response(c.asDocumented(req), resp); err != nil {
		c.t.Error(err)
	}
	c.checked++
	b, _ := io.ReadAll(resp.Body)
	media, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
	c.record(method, path, token, body, resp.StatusCode, media, b)
	if resp.StatusCode != want {
		c.t.Errorf("%s %s: status %d, want %d: %.300s", method, path, resp.StatusCode, want, b)
	}
	return b
}

// stream opens an SSE route (the news stream replays the 50 most recent articles) and
// validates the data of the events that arrive against the schema the document gives an
// event's data (its contentSchema). It reads until a second passes without an event; on the news stream it
// waits for the first event of the replay as long as the live tests wait (liveTimeout), so
// that a loaded machine (the race detector, parallel tests) does not turn a slow replay into
// a missing one.
func (c *conformance) stream(path string) {
	replays := strings.Contains(path, "news")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.ts.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+c.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		c.t.Fatalf("GET %s: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ref := c.streamEventData(path)
	events := make(chan sseEvent, 1024)
	go func() { defer close(events); readFrames(bufio.NewScanner(resp.Body), events) }()
	wait := time.Second
	if replays {
		wait = liveTimeout
	}
	quiet := time.NewTimer(wait)
	defer quiet.Stop()
	n := 0
	c.record(http.MethodGet, path, c.key, "", resp.StatusCode, "text/event-stream", nil)
	validate := func(ev sseEvent) {
		if err := c.schemas.Validate(ref, ev.Data); err != nil {
			c.t.Errorf("%s event %d: %v", path, ev.ID, err)
		}
		n++
	}
read:
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				break read
			}
			validate(ev)
			quiet.Reset(time.Second)
		case <-quiet.C:
			break read
		}
	}
	cancel()
	for ev := range events { // what arrived before the connection closed
		validate(ev)
	}
	c.checked++
	if replays && n == 0 {
		c.t.Errorf("%s: no event within %s (the 50 most recent articles are replayed first)", path, liveTimeout)
	}
}

// errorResponses validates the problem responses of the common failures.
func (c *conformance) errorResponses() {
	free := c.ts.createKey(c.t, "free")
	for _, e := range []struct {
		method, path, token, body string
		status                    int
	}{
		{"GET", "/v1/spac/NOSUCH", c.key, "", http.StatusNotFound},
		{"GET", "/api/v1/universe?bogus=1", c.key, "", http.StatusBadRequest},
		{"GET", "/v1/universe?limit=0", c.key, "", http.StatusBadRequest},
		{"GET", "/v1/alerts", "", "", http.StatusUnauthorized},
		{"GET", "/v1/alerts/stream", free, "", http.StatusForbidden},
		{"GET", "/v1/calendar?symbol=NOSUCH", c.key, "", http.StatusNotFound},
		{"GET", "/v1/filings/0000000000-00-000000", c.key, "", http.StatusNotFound},
		{"GET", "/v1/webhooks/wh_none", c.key, "", http.StatusNotFound},
		{"POST", "/v1/webhooks", c.key, `{"url":"ftp://x","events":["alert.*"]}`, http.StatusBadRequest},
		{"POST", "/v1/webhooks", c.key, `{"url":"` + c.hookURL + `","events":["x"],"description":"` + strings.Repeat("d", 20<<10) + `"}`, http.StatusRequestEntityTooLarge},
		{"GET", "/v1/admin/keys", "", "", http.StatusUnauthorized},
	} {
		c.call(e.method, e.path, e.token, e.body, e.status)
	}
}

// idempotency repeats a POST with an Idempotency-Key (the first answer again) and sends the
// key with another body (422), validating each answer.
func (c *conformance) idempotency() {
	body := fmt.Sprintf(`{"url":%q,"events":["alert.*"]}`, c.hookURL)
	send := func(body string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, c.ts.base+"/v1/webhooks", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+c.key)
		req.Header.Set("Idempotency-Key", "conformance-1")
		resp, err := c.ts.client.Do(req)
		if err != nil {
			c.t.Fatal(err)
		}
		if err := c.chk.Response(c.asDocumented(req), resp); err != nil {
			c.t.Error(err)
		}
		c.checked++
		return resp
	}
	first, again := send(body), send(body)
	a, _ := io.ReadAll(first.Body)
	b, _ := io.ReadAll(again.Body)
	if first.StatusCode != http.StatusCreated || again.StatusCode != http.StatusCreated || string(a) != string(b) ||
		again.Header.Get("Idempotent-Replayed") != "true" {
		c.t.Errorf("replayed POST: %d / %d (%q): %s / %s", first.StatusCode, again.StatusCode, again.Header.Get("Idempotent-Replayed"), a, b)
	}
	if other := send(strings.Replace(body, "alert.*", "filing.ingested", 1)); other.StatusCode != http.StatusUnprocessableEntity {
		c.t.Errorf("same key, another body: %d, want 422", other.StatusCode)
	}
}
