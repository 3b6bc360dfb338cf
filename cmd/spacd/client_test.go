package main

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/client"
)

// typedRun calls the server through the client generated from the document (package
// client, oapi-codegen) and records which operations it called.
type typedRun struct {
	t       *testing.T
	c       *client.ClientWithResponses
	admin   *client.ClientWithResponses
	hookURL string
	rcv     *receiver // listens at hookURL
	base    string
	called  map[string]bool
}

// TestTypedClient calls every operation of the generated client against a real server, at
// both prefixes (the client's base URL ending in /api reaches the /api/v1 aliases), and
// requires each answer decoded into its typed struct. A method of the client the test does
// not call fails it.
func TestTypedClient(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds the fixture corpus")
	}
	t.Parallel()
	rcv := newReceiver(t, "")
	ts := startServer(t, map[string]string{"SPACD_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true"})
	key := ts.createKey(t, "enterprise")
	called := map[string]bool{}
	for _, base := range []string{ts.base, ts.base + "/api"} {
		r := &typedRun{t: t, c: newTypedClient(t, base, key), admin: newTypedClient(t, base, ts.admin), hookURL: rcv.URL(), rcv: rcv, base: base, called: called}
		r.data()
		r.live()
		r.keys()
		r.links()
	}
	for _, m := range clientOperations() {
		if !called[m] {
			t.Errorf("client method %s was never called", m)
		}
	}
}

func newTypedClient(t *testing.T, base, token string) *client.ClientWithResponses {
	c, err := client.NewClientWithResponses(base, client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+token)
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// clientOperations are the operation methods of the typed client: XWithResponse, and for a
// POST with a body the XWithResponse taking the typed body (its WithBody twin is the same call).
func clientOperations() []string {
	var out []string
	typ := reflect.TypeOf(&client.ClientWithResponses{})
	for i := 0; i < typ.NumMethod(); i++ {
		name := typ.Method(i).Name
		if strings.HasSuffix(name, "WithResponse") && !strings.HasSuffix(name, "WithBodyWithResponse") {
			out = append(out, strings.TrimSuffix(name, "WithResponse"))
		}
	}
	return out
}

// ok records the call and requires status want and the typed body (body is the JSONxxx
// field of the response, nil when it could not be decoded).
func (r *typedRun) ok(op string, err error, status, want int, body any) {
	r.t.Helper()
	r.called[op] = true
	if err != nil {
		r.t.Fatalf("%s: %v", op, err)
	}
	if status != want {
		r.t.Fatalf("%s: status %d, want %d", op, status, want)
	}
	if body != nil && reflect.ValueOf(body).IsNil() {
		r.t.Fatalf("%s: %d but no typed body decoded", op, status)
	}
}

func ptr[T any](v T) *T { return &v }

// data calls the read routes and checks values through the typed structs.
func (r *typedRun) data() {
	ctx := r.t.Context()
	u, err := r.c.UniverseWithResponse(ctx, &client.UniverseParams{Limit: ptr(3), Facets: &[]client.UniverseParamsFacets{"status"}})
	r.ok("Universe", err, u.StatusCode(), 200, u.JSON200)
	row, err := u.JSON200.Rows[0].FullSPAC()
	if err != nil || row.Symbol == "" || row.Citations == nil || len(*u.JSON200.Facets) == 0 {
		r.t.Fatalf("universe row %+v: %v", row, err)
	}
	// a fields= row is a selection: FullSPAC refuses it, AsSPACSelection reads it
	sel, err := r.c.UniverseWithResponse(ctx, &client.UniverseParams{Limit: ptr(1), Fields: &[]client.UniverseParamsFields{"symbol", "trust_size"}})
	r.ok("Universe fields=", err, sel.StatusCode(), 200, sel.JSON200)
	if _, err := sel.JSON200.Rows[0].FullSPAC(); err == nil {
		r.t.Fatalf("FullSPAC accepted a fields= row")
	}
	if picked, err := sel.JSON200.Rows[0].AsSPACSelection(); err != nil || picked.Symbol == nil || picked.TrustSize == nil {
		r.t.Fatalf("fields= row as a selection: %+v, %v", picked, err)
	}
	p, err := r.c.ProfileWithResponse(ctx, row.Symbol, &client.ProfileParams{Citations: ptr(client.ProfileParamsCitationsRef)})
	r.ok("Profile", err, p.StatusCode(), 200, p.JSON200)
	if p.JSON200.Cik != row.Cik || len(p.JSON200.Filings) == 0 || p.JSON200.Citations == nil {
		r.t.Fatalf("profile %s: cik %s, %d filings", row.Symbol, p.JSON200.Cik, len(p.JSON200.Filings))
	}
	ref, err := (*p.JSON200.Citations)[0].AsCitationRef()
	if err != nil || ref.Ref == "" {
		r.t.Fatalf("citations=ref: %+v %v", ref, err)
	}
	cs, err := r.c.CitationsWithResponse(ctx, &client.CitationsParams{Ref: []string{ref.Ref}})
	r.ok("Citations", err, cs.StatusCode(), 200, cs.JSON200)
	if full, found := cs.JSON200.Citations[ref.Ref]; !found || ref.Accession == nil || full.Accession != *ref.Accession {
		r.t.Fatalf("citation %s resolved to %+v", ref.Ref, cs.JSON200.Citations)
	}
	acc := p.JSON200.Filings[0].Accession
	f, err := r.c.FilingWithResponse(ctx, acc, nil)
	r.ok("Filing", err, f.StatusCode(), 200, f.JSON200)
	l, err := r.c.FilingLinesWithResponse(ctx, acc, &client.FilingLinesParams{From: ptr(1), To: ptr(3)})
	r.ok("FilingLines", err, l.StatusCode(), 200, l.JSON200)
	if f.JSON200.Accession != acc || len(l.JSON200.Rows) != 3 || l.JSON200.Rows[0].Line != 1 {
		r.t.Fatalf("filing %s: %+v, lines %+v", acc, f.JSON200.Accession, l.JSON200.Rows)
	}
	cal, err := r.c.CalendarWithResponse(ctx, &client.CalendarParams{Limit: ptr(5)})
	r.ok("Calendar", err, cal.StatusCode(), 200, cal.JSON200)
	s, err := r.c.SearchWithResponse(ctx, &client.SearchParams{Q: "acquisition", Limit: ptr(2)})
	r.ok("Search", err, s.StatusCode(), 200, s.JSON200)
	n, err := r.c.NewsWithResponse(ctx, &client.NewsParams{Limit: ptr(2)})
	r.ok("News", err, n.StatusCode(), 200, n.JSON200)
	if len(cal.JSON200.Rows) == 0 || len(s.JSON200.Rows) == 0 || len(n.JSON200.Rows) == 0 {
		r.t.Fatalf("calendar %d, search %d, news %d rows", len(cal.JSON200.Rows), len(s.JSON200.Rows), len(n.JSON200.Rows))
	}
	r.meta()
}

// meta calls discover, the document itself, the changelog and the health probe.
func (r *typedRun) meta() {
	ctx := r.t.Context()
	d, err := r.c.DiscoverWithResponse(ctx, nil)
	r.ok("Discover", err, d.StatusCode(), 200, d.JSON200)
	o, err := r.c.OpenapiWithResponse(ctx)
	r.ok("Openapi", err, o.StatusCode(), 200, o.JSON200)
	ch, err := r.c.ChangelogWithResponse(ctx, nil)
	r.ok("Changelog", err, ch.StatusCode(), 200, ch.JSON200)
	h, err := r.c.HealthWithResponse(ctx)
	r.ok("Health", err, h.StatusCode(), 200, h.JSON200)
	if len(d.JSON200.Endpoints) < 20 || (*o.JSON200)["openapi"] != "3.1.0" || h.JSON200.Status != client.HealthStatusOk {
		r.t.Fatalf("discover %d endpoints, openapi %v, health %s", len(d.JSON200.Endpoints), (*o.JSON200)["openapi"], h.JSON200.Status)
	}
}

// live calls the alert routes, both streams and every webhook route.
func (r *typedRun) live() {
	ctx := r.t.Context()
	a, err := r.c.AlertsWithResponse(ctx, &client.AlertsParams{Limit: ptr(3)})
	r.ok("Alerts", err, a.StatusCode(), 200, a.JSON200)
	fromStart := ptr("0") // replay the log from its start, so the stream has events to read
	readTyped[client.Alert](r, "AlertsStream", func(ctx context.Context) (*http.Response, error) {
		return r.c.AlertsStream(ctx, &client.AlertsStreamParams{LastEventId: fromStart})
	})
	readTyped[client.Article](r, "NewsStream", func(ctx context.Context) (*http.Response, error) {
		return r.c.NewsStream(ctx, &client.NewsStreamParams{LastEventId: fromStart})
	})
	cr, err := r.c.WebhooksCreateWithResponse(ctx, &client.WebhooksCreateParams{IdempotencyKey: ptr(client.IdempotencyKey("typed-" + r.base))}, client.WebhookCreateRequest{Url: r.hookURL, Events: []client.WebhookCreateRequestEvents{client.WebhookCreateRequestEventsAlert}})
	r.ok("WebhooksCreate", err, cr.StatusCode(), 201, cr.JSON201)
	id := cr.JSON201.Id
	if !strings.HasPrefix(cr.JSON201.Secret, "whsec_") {
		r.t.Fatalf("webhook secret %q", cr.JSON201.Secret)
	}
	ls, err := r.c.WebhooksListWithResponse(ctx)
	r.ok("WebhooksList", err, ls.StatusCode(), 200, ls.JSON200)
	g, err := r.c.WebhooksGetWithResponse(ctx, id)
	r.ok("WebhooksGet", err, g.StatusCode(), 200, g.JSON200)
	te, err := r.c.WebhooksTestWithResponse(ctx, id, nil)
	r.ok("WebhooksTest", err, te.StatusCode(), 202, te.JSON202)
	dl, err := r.c.WebhooksDeliveriesWithResponse(ctx, id, nil)
	r.ok("WebhooksDeliveries", err, dl.StatusCode(), 200, dl.JSON200)
	rd, err := r.c.WebhooksRedeliverWithResponse(ctx, id, te.JSON202.Id, nil)
	r.ok("WebhooksRedeliver", err, rd.StatusCode(), 202, rd.JSON202)
	r.adminWebhooks(id)
	r.updateAndRotate(id, cr.JSON201.Secret)
	del, err := r.c.WebhooksDeleteWithResponse(ctx, id)
	r.ok("WebhooksDelete", err, del.StatusCode(), 204, nil)
	if g.JSON200.Url != r.hookURL || rd.JSON202.MessageId != te.JSON202.MessageId || !slices.ContainsFunc(ls.JSON200.Rows, func(w client.Webhook) bool { return w.Id == id }) {
		r.t.Fatalf("webhook %s: %+v, redelivery %+v of %+v", id, g.JSON200, rd.JSON202, te.JSON202)
	}
}

// adminWebhooks lists the calling key's webhooks as the admin sees them (id among them), and
// deletes one more the admin way.
func (r *typedRun) adminWebhooks(id string) {
	ctx := r.t.Context()
	acc, err := r.c.AccountWithResponse(ctx)
	r.ok("Account", err, acc.StatusCode(), 200, acc.JSON200)
	aw, err := r.admin.AdminKeysWebhooksWithResponse(ctx, acc.JSON200.KeyId)
	r.ok("AdminKeysWebhooks", err, aw.StatusCode(), 200, aw.JSON200)
	if !slices.ContainsFunc(aw.JSON200.Rows, func(w client.Webhook) bool { return w.Id == id }) {
		r.t.Fatalf("the admin's list of the key's webhooks lacks %s: %+v", id, aw.JSON200.Rows)
	}
	more, err := r.c.WebhooksCreateWithResponse(ctx, nil, client.WebhookCreateRequest{Url: r.hookURL, Events: []client.WebhookCreateRequestEvents{client.WebhookCreateRequestEventsAlert}})
	r.ok("WebhooksCreate", err, more.StatusCode(), 201, more.JSON201)
	ad, err := r.admin.AdminWebhooksDeleteWithResponse(ctx, more.JSON201.Id)
	r.ok("AdminWebhooksDelete", err, ad.StatusCode(), 204, nil)
}

// readTyped opens a stream the way a client user does and reads its first replayed events
// with client.ReadStream: each must decode as T and carry an id, and breaking out of the loop
// must end the read (the generated ...WithResponse variants never return on a stream).
func readTyped[T any](r *typedRun, op string, open func(context.Context) (*http.Response, error)) {
	r.called[op] = true
	const want = 3
	ctx, cancel := context.WithTimeout(r.t.Context(), 30*time.Second) // a bound, not a measure
	defer cancel()
	resp, err := open(ctx)
	if err != nil {
		r.t.Fatalf("%s: %v", op, err)
	}
	n := 0
	for msg, err := range client.ReadStream[T](resp) {
		if err != nil {
			r.t.Errorf("%s: %v", op, err)
			continue
		}
		if msg.ID == "" {
			r.t.Errorf("%s: event without an id: %+v", op, msg)
		}
		if n++; n == want {
			break
		}
	}
	if n != want {
		r.t.Errorf("%s: %d events replayed before the stream ended, want %d", op, n, want)
	}
}

// keys calls the account and admin key routes.
func (r *typedRun) keys() {
	ctx := r.t.Context()
	acc, err := r.c.AccountWithResponse(ctx)
	r.ok("Account", err, acc.StatusCode(), 200, acc.JSON200)
	us, err := r.c.AccountUsageWithResponse(ctx, &client.AccountUsageParams{Days: ptr(2)})
	r.ok("AccountUsage", err, us.StatusCode(), 200, us.JSON200)
	cr, err := r.admin.AdminKeysCreateWithResponse(ctx, nil, client.KeyCreateRequest{Name: "typed", Tier: client.KeyCreateRequestTierFree})
	r.ok("AdminKeysCreate", err, cr.StatusCode(), 201, cr.JSON201)
	ls, err := r.admin.AdminKeysListWithResponse(ctx)
	r.ok("AdminKeysList", err, ls.StatusCode(), 200, ls.JSON200)
	ku, err := r.admin.AdminKeysUsageWithResponse(ctx, cr.JSON201.Key.Id, nil)
	r.ok("AdminKeysUsage", err, ku.StatusCode(), 200, ku.JSON200)
	ro, err := r.admin.AdminKeysRotateWithResponse(ctx, cr.JSON201.Key.Id, nil)
	r.ok("AdminKeysRotate", err, ro.StatusCode(), 201, ro.JSON201)
	rv, err := r.admin.AdminKeysRevokeWithResponse(ctx, ro.JSON201.Key.Id)
	r.ok("AdminKeysRevoke", err, rv.StatusCode(), 200, rv.JSON200)
	if acc.JSON200.Tier != client.AccountTierEnterprise || rv.JSON200.RevokedAt == nil || *ro.JSON201.Revoked != cr.JSON201.Key.Id {
		r.t.Fatalf("account %+v; rotate %+v; revoke %+v", acc.JSON200, ro.JSON201, rv.JSON200)
	}
}

// links makes an export link of each route, fetches each as CSV, lists them and deletes them.
func (r *typedRun) links() {
	ctx := r.t.Context()
	fetch := map[string]func(token string) (int, []byte, error){
		"universe": func(tk string) (int, []byte, error) {
			res, err := r.c.LinkUniverseWithResponse(ctx, &client.LinkUniverseParams{Token: tk})
			return statusBody(res, err)
		},
		"calendar": func(tk string) (int, []byte, error) {
			res, err := r.c.LinkCalendarWithResponse(ctx, &client.LinkCalendarParams{Token: tk})
			return statusBody(res, err)
		},
		"alerts": func(tk string) (int, []byte, error) {
			res, err := r.c.LinkAlertsWithResponse(ctx, &client.LinkAlertsParams{Token: tk})
			return statusBody(res, err)
		},
		"news": func(tk string) (int, []byte, error) {
			res, err := r.c.LinkNewsWithResponse(ctx, &client.LinkNewsParams{Token: tk})
			return statusBody(res, err)
		},
	}
	for route, get := range fetch {
		made, err := r.c.ExportLinksCreateWithResponse(ctx, nil, client.ExportLinkRequest{Route: client.ExportLinkRequestRoute(route), Ttl: ptr("1h")})
		r.ok("ExportLinksCreate", err, made.StatusCode(), 201, made.JSON201)
		u, err := url.Parse(made.JSON201.Url)
		if err != nil {
			r.t.Fatal(err)
		}
		status, body, err := get(u.Query().Get("token"))
		op := "Link" + strings.ToUpper(route[:1]) + route[1:]
		r.ok(op, err, status, 200, nil)
		if !bytes.Contains(body, []byte("id,")) && !bytes.HasPrefix(body, []byte("cik,")) {
			r.t.Errorf("%s: not the CSV: %.80s", op, body)
		}
		del, err := r.c.ExportLinksDeleteWithResponse(ctx, made.JSON201.Id)
		r.ok("ExportLinksDelete", err, del.StatusCode(), 204, nil)
	}
	ls, err := r.c.ExportLinksListWithResponse(ctx)
	r.ok("ExportLinksList", err, ls.StatusCode(), 200, ls.JSON200)
}

// statusBody is the status and body of a response without a typed body (CSV).
func statusBody(res interface{ StatusCode() int }, err error) (int, []byte, error) {
	if err != nil {
		return 0, nil, err
	}
	body := reflect.ValueOf(res).Elem().FieldByName("Body").Bytes()
	return res.StatusCode(), body, nil
}
