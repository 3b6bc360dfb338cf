// Every operation of the SPAC Data API called the way a TypeScript user writes it with
// openapi-fetch: `const { data, error } = await client.GET(...); if (error) throw ...;` and
// then the typed body. CI generates schema.d.ts from api/testdata/openapi.json
// (openapi-typescript) and runs tsc --noEmit --strict on this file (.ci/run, "TypeScript
// client"); api's TestTypeScriptCallsEveryOperation keeps it calling every operation.
import createClient from "openapi-fetch";
import type { paths, components, webhooks } from "./schema";

type Schemas = components["schemas"];

const client = createClient<paths>({
  baseUrl: "http://localhost:8080",
  headers: { Authorization: "Bearer spac_live_..." },
});
const admin = createClient<paths>({
  baseUrl: "http://localhost:8080",
  headers: { Authorization: "Bearer admin-token" },
});

export async function data(): Promise<void> {
  const universe = await client.GET("/v1/universe", { params: { query: { status: ["searching"], sort: "-trust_size", limit: 10 } } });
  if (universe.error) throw new Error(universe.error.title);
  const first: Schemas["SPAC"] | Schemas["SPACSelection"] | undefined = universe.data.rows[0];
  const total: number = universe.data.total;
  const next: string | null = universe.data.next;
  console.log(first, total, next);

  const profile = await client.GET("/v1/spac/{symbol}", { params: { path: { symbol: "ACAC" } } });
  if (profile.error) throw new Error(profile.error.detail ?? profile.error.title);
  const cik: string = profile.data.cik;
  console.log(cik, profile.data.status, profile.data.filings.length);

  const calendar = await client.GET("/v1/calendar", { params: { query: { from: "2026-01-01", type: ["deadline"] } } });
  if (calendar.error) throw new Error(calendar.error.title);
  for (const ev of calendar.data.rows) console.log(ev.date, ev.type);

  const search = await client.GET("/v1/search", { params: { query: { q: "acquisition" } } });
  if (search.error) throw new Error(search.error.title);
  console.log(search.data.rows.length);

  const news = await client.GET("/v1/news", { params: { query: { symbol: "ACAC" } } });
  if (news.error) throw new Error(news.error.title);
  for (const a of news.data.rows) console.log(a.title, a.publishedAt);

  const filing = await client.GET("/v1/filings/{accession}", { params: { path: { accession: "0001234567-26-000001" } } });
  if (filing.error) throw new Error(filing.error.title);
  console.log(filing.data.form, filing.data.documents.length);

  const lines = await client.GET("/v1/filings/{accession}/lines", { params: { path: { accession: "0001234567-26-000001" }, query: { from: 1, to: 10 } } });
  if (lines.error) throw new Error(lines.error.title);
  for (const l of lines.data.rows) console.log(l.line, l.text);

  const cites = await client.GET("/v1/citations", { params: { query: { ref: ["abc"] } } });
  if (cites.error) throw new Error(cites.error.title);
  console.log(Object.keys(cites.data.citations));

  const csv = await client.GET("/v1/universe", { params: { query: { format: "csv" } }, parseAs: "text" });
  if (csv.error) throw new Error(csv.error.title);
  const text: string = csv.data;
  console.log(text.length);
}

export async function meta(): Promise<void> {
  const discover = await client.GET("/v1/discover");
  if (discover.error) throw new Error(discover.error.title);
  console.log(discover.data.endpoints.length);

  const doc = await client.GET("/v1/openapi.json");
  if (doc.error) throw new Error(doc.error.title);
  console.log(doc.data);

  const changelog = await client.GET("/v1/changelog");
  if (changelog.error) throw new Error(changelog.error.title);
  console.log(changelog.data.rows.length);

  const health = await client.GET("/v1/health");
  // a 503 carries the Health body too (status "down"), so error is Health | Problem
  if (health.error) throw new Error(String(health.error.status));
  console.log(health.data.status);
}

export async function live(): Promise<void> {
  const alerts = await client.GET("/v1/alerts", { params: { query: { severity: ["high"], limit: 20 } } });
  if (alerts.error) throw new Error(alerts.error.title);
  for (const a of alerts.data.rows) console.log(a.kind, a.severity, a.firedAt);

  const alertStream = await client.GET("/v1/alerts/stream", { parseAs: "stream" });
  if (alertStream.error) throw new Error(alertStream.error.title);
  const reader: ReadableStream<Uint8Array> | null = alertStream.data;
  console.log(reader);

  const newsStream = await client.GET("/v1/news/stream", { params: { query: { symbol: ["ACAC"] } }, parseAs: "stream" });
  if (newsStream.error) throw new Error(newsStream.error.title);
  console.log(newsStream.data);
}

export async function webhooks(): Promise<void> {
  const created = await client.POST("/v1/webhooks", {
    body: { url: "https://example.com/hook", events: ["alert.*"], description: "desk" },
    params: { header: { "Idempotency-Key": "create-1" } },
  });
  if (created.error) throw new Error(created.error.title);
  const id: string = created.data.id;
  const secret: string = created.data.secret;
  console.log(secret);

  const list = await client.GET("/v1/webhooks");
  if (list.error) throw new Error(list.error.title);
  for (const w of list.data.rows) console.log(w.id, w.url, w.events);

  const one = await client.GET("/v1/webhooks/{id}", { params: { path: { id } } });
  if (one.error) throw new Error(one.error.title);
  console.log(one.data.url);

  const test = await client.POST("/v1/webhooks/{id}/test", { params: { path: { id } } });
  if (test.error) throw new Error(test.error.title);
  const deliveryId: string = test.data.id;

  const deliveries = await client.GET("/v1/webhooks/{id}/deliveries", { params: { path: { id }, query: { limit: 10 } } });
  if (deliveries.error) throw new Error(deliveries.error.title);
  console.log(deliveries.data.rows.length);

  const again = await client.POST("/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver", { params: { path: { id, deliveryId } } });
  if (again.error) throw new Error(again.error.title);
  console.log(again.data.status);

  const updated = await client.PATCH("/v1/webhooks/{id}", {
    params: { path: { id } },
    body: { events: ["alert.*", "news.*"], enabled: true },
  });
  if (updated.error) throw new Error(updated.error.title);
  console.log(updated.data.events, updated.data.disabledAt);

  const rotated = await client.POST("/v1/webhooks/{id}/rotate-secret", { params: { path: { id }, query: { grace: "24h" } } });
  if (rotated.error) throw new Error(rotated.error.title);
  const newSecret: string = rotated.data.secret;
  console.log(newSecret, rotated.data.previousSecretExpiresAt);

  const deleted = await client.DELETE("/v1/webhooks/{id}", { params: { path: { id } } });
  if (deleted.error) throw new Error(deleted.error.title);
}

export async function spreadsheets(): Promise<void> {
  const link = await client.POST("/v1/account/export-links", { body: { route: "universe", params: { status: "searching" }, ttl: "720h" } });
  if (link.error) throw new Error(link.error.title);
  const url: string = link.data.url;
  const expiresAt: string = link.data.expiresAt;
  console.log(url, expiresAt);

  const links = await client.GET("/v1/account/export-links");
  if (links.error) throw new Error(links.error.title);
  for (const l of links.data.rows) console.log(l.id, l.route);

  // what a spreadsheet fetches: the CSV, authorised by the link's token alone
  const anon = createClient<paths>({ baseUrl: "http://localhost:8080" });
  const token = new URL(url).searchParams.get("token") ?? "";
  const sheets = [
    await anon.GET("/v1/links/universe.csv", { params: { query: { token } }, parseAs: "text" }),
    await anon.GET("/v1/links/calendar.csv", { params: { query: { token } }, parseAs: "text" }),
    await anon.GET("/v1/links/alerts.csv", { params: { query: { token } }, parseAs: "text" }),
    await anon.GET("/v1/links/news.csv", { params: { query: { token } }, parseAs: "text" }),
  ];
  for (const csv of sheets) {
    if (csv.error) throw new Error(csv.error.title);
    const text: string = csv.data;
    console.log(text.split("\n").length);
  }

  const gone = await client.DELETE("/v1/account/export-links/{id}", { params: { path: { id: link.data.id } } });
  if (gone.error) throw new Error(gone.error.title);
}

export async function keys(): Promise<void> {
  const account = await client.GET("/v1/account");
  if (account.error) throw new Error(account.error.title);
  console.log(account.data.tier, account.data.limits);

  const usage = await client.GET("/v1/account/usage", { params: { query: { days: 7 } } });
  if (usage.error) throw new Error(usage.error.title);
  console.log(usage.data);

  const created = await admin.POST("/v1/admin/keys", { body: { name: "desk", tier: "pro" } });
  if (created.error) throw new Error(created.error.title);
  const keyId: string = created.data.key.id;
  console.log(created.data.secret);

  const list = await admin.GET("/v1/admin/keys");
  if (list.error) throw new Error(list.error.title);
  for (const k of list.data.rows) console.log(k.id, k.tier, k.revokedAt);

  const rotated = await admin.POST("/v1/admin/keys/{id}/rotate", { params: { path: { id: keyId } } });
  if (rotated.error) throw new Error(rotated.error.title);
  console.log(rotated.data.secret);

  const keyUsage = await admin.GET("/v1/admin/keys/{id}/usage", { params: { path: { id: keyId }, query: { days: 30 } } });
  if (keyUsage.error) throw new Error(keyUsage.error.title);
  console.log(keyUsage.data);

  const hooks = await admin.GET("/v1/admin/keys/{id}/webhooks", { params: { path: { id: keyId } } });
  if (hooks.error) throw new Error(hooks.error.title);
  for (const w of hooks.data.rows) {
    const gone = await admin.DELETE("/v1/admin/webhooks/{id}", { params: { path: { id: w.id } } });
    if (gone.error) throw new Error(gone.error.title);
  }

  const revoked = await admin.DELETE("/v1/admin/keys/{id}", { params: { path: { id: keyId } } });
  if (revoked.error) throw new Error(revoked.error.title);
  console.log(revoked.data.revokedAt);
}

// A webhook receiver types the body it is POSTed from the document's webhooks section.
type AlertMessage = webhooks["alert.high_redemptions"]["post"]["requestBody"]["content"]["application/json"];
type FilingMessage = webhooks["filing.ingested"]["post"]["requestBody"]["content"]["application/json"];

export function receive(body: AlertMessage | FilingMessage): string {
  switch (body.type) {
    case "alert.high_redemptions":
      return `${body.data.symbol} ${body.data.severity} ${body.data.occurredAt}`;
    case "filing.ingested":
      return `${body.data.form} ${body.data.filedAt}`;
  }
}
