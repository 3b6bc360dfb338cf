"""Every operation of the SPAC Data API called through the generated client (spacdata.py)
the way a Python user writes it: a method call, its typed result, ApiError for a problem.

scripts/py-client-check.sh runs it against `spacd serve` on the embedded fixtures, after
pyright (strict) has type-checked it with the client; api's TestPythonCallsEveryOperation
keeps it calling every operation. It asserts values the fixtures hold, so a client that
types or decodes a field wrongly fails here, not in a user's hands.

    python3 calls.py BASE_URL ADMIN_TOKEN
"""

from __future__ import annotations

import datetime as dt
import http.server
import queue
import sys
import threading
from collections.abc import Callable
from contextlib import closing
from itertools import islice
from decimal import Decimal

from spacdata import (
    SPAC,
    ApiError,
    Citation,
    CitationRef,
    Client,
    ExportLinkRequest,
    ExportLinkRequestRoute,
    KeyCreateRequest,
    WebhookCreateRequest,
    WebhookTestMessage,
    WebhookUpdateRequest,
    parse_webhook,
    verify_webhook,
)


def check(ok: bool, what: str) -> None:
    if not ok:
        raise AssertionError(what)


def typed(v: object, t: type) -> bool:
    """Whether v decoded to t (the annotations say it did; this checks the decoding)."""
    return isinstance(v, t)


def report(op: str, what: str) -> None:
    print(f"{op:24} {what}")


def data(c: Client) -> str:
    """The read routes; returns a symbol of the universe."""
    page = c.universe(status=["searching", "in_extension"], sort="-trust_size", limit=3, facets=["status"])
    first = page.rows[0]
    check(isinstance(first, SPAC), f"a universe row without fields= is a whole SPAC: {first!r:.80}")
    assert isinstance(first, SPAC)
    check(len(first.cik) == 10 and isinstance(first.trust_size, Decimal) and page.facets is not None, f"universe row {first!r:.200}")
    report("universe", f"{page.count} of {page.total} rows; first {first.symbol} trust {first.trust_size} ({type(first.trust_size).__name__}), deadline {first.deadline!r}")
    picked = c.universe(fields=["symbol", "trust_size"], limit=1).rows[0]
    check(not isinstance(picked, SPAC) and picked.symbol is not None and picked.cik is None, f"fields= row {picked!r}")
    every = list(c.iter_universe(limit=2))
    check(len(every) == c.universe().total, f"iter_universe gave {len(every)} rows")
    report("iter_universe", f"{len(every)} rows in pages of 2")
    csv = c.universe_export("csv", status=["searching"])
    check(csv.startswith("cik,"), f"universe CSV {csv[:60]!r}")
    report("universe_export", f"CSV, {len(csv.splitlines())} lines")

    profile = c.profile(first.symbol, citations="ref")
    check(profile.cik == first.cik and len(profile.filings) > 0, f"profile {profile.symbol}")
    refs = [r for r in profile.citations or [] if isinstance(r, CitationRef) and r.accession]
    cited = c.citations(ref=[refs[0].ref])
    full: Citation = cited.citations[refs[0].ref]
    check(full.accession == refs[0].accession and full.line is not None, f"citation {full!r:.200}")
    report("profile, citations", f"{profile.symbol} {profile.status}, IPO {profile.ipo_date}, {len(profile.filings)} filings; {refs[0].field} from {full.accession} line {full.line}")
    acc = profile.filings[0].accession
    filing = c.filing(acc)
    lines = c.filing_lines(acc, from_=1, to=3)
    check(filing.accession == acc and typed(filing.filed_at, dt.date) and [r.line for r in lines.rows] == [1, 2, 3], f"filing {acc}")
    report("filing, filing_lines", f"{filing.form} filed {filing.filed_at}, {filing.line_count} lines; line 1 {lines.rows[0].text[:40]!r}")

    events = c.calendar(from_=dt.date(2020, 1, 1), limit=5)
    check(len(events.rows) > 0 and typed(events.rows[0].date, dt.date), "calendar")
    report("calendar", f"{events.total} events; first {events.rows[0].date} {events.rows[0].type} {events.rows[0].symbol}")
    report("calendar_export", f"NDJSON, {len(c.calendar_export('ndjson').splitlines())} lines")
    found = c.search(q="acquisition", limit=2)
    check(len(found.rows) > 0 and found.rows[0].score > 0, "search")
    report("search", f"{found.total} hits; first {found.rows[0].symbol} score {found.rows[0].score:.2f}")
    news = c.news(limit=2)
    check(len(news.rows) > 0 and news.rows[0].published_at.tzinfo is not None, "news")
    report("news", f"{news.total} articles; first {news.rows[0].published_at:%Y-%m-%d} {news.rows[0].title[:50]!r}")
    report("news_export", f"CSV, {len(c.news_export('csv').splitlines())} lines")

    try:
        c.profile("NOSUCHSPAC")
        check(False, "profile of an unknown symbol succeeded")
    except ApiError as e:
        check(e.status == 404 and e.problem is not None and e.problem.code == "not_found", f"unknown symbol: {e}")
        report("profile (unknown)", f"ApiError {e.status} {e.problem.code if e.problem else ''}: {e.problem.detail if e.problem else ''}")
    return first.symbol


def meta(c: Client) -> None:
    d = c.discover()
    doc = c.openapi()
    releases = c.changelog(limit=2)
    health = c.health()
    every_release = list(c.iter_changelog(limit=1))
    check(len(d.endpoints) >= 20 and doc["openapi"] == "3.1.0" and health.status == "ok", "meta")
    check(len(every_release) == releases.total, "iter_changelog")
    report("discover, openapi", f"{len(d.endpoints)} endpoints; OpenAPI {doc['openapi']}")
    report("changelog, health", f"{releases.total} releases, latest {releases.rows[0].version}; health {health.status}, {health.universe_rows} SPACs, store {health.store}")


def alerts(c: Client) -> None:
    page = c.alerts(severity=["info", "warn", "high", "critical"], limit=3)
    check(len(page.rows) > 0 and typed(page.rows[0].occurred_at, dt.date), "alerts")
    a = page.rows[0]
    report("alerts", f"{page.total} alerts; first {a.kind} {a.severity} {a.symbol} on {a.occurred_at}")
    check(len(list(c.iter_alerts(limit=50))) == page.total, "iter_alerts")
    report("alerts_export", f"CSV, {len(c.alerts_export('csv').splitlines())} lines")
    # from the start of the log (last_event_id 0): the first 5 events, then the stream is closed
    with closing(c.alerts_stream(last_event_id="0", idle_timeout=30)) as events:
        streamed = list(islice(events, 5))
    check(len(streamed) == 5 and streamed[0].event == "alert" and streamed[0].data.seq >= 0, "alerts stream")
    report("alerts_stream", f"{len(streamed)} events replayed; first id {streamed[0].id}: {streamed[0].data.title[:50]!r}")
    with closing(c.news_stream(last_event_id="0", idle_timeout=30)) as news:
        articles = list(islice(news, 5))
    check(len(articles) == 5 and articles[0].data.url.startswith("http"), "news stream")
    report("news_stream", f"{len(articles)} events replayed; first {articles[0].data.title[:50]!r}")


class Receiver(http.server.BaseHTTPRequestHandler):
    """A webhook endpoint: each delivery (headers, body) goes to the queue."""

    got: queue.Queue[tuple[dict[str, str], bytes]] = queue.Queue()

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Receiver.got.put(({k: v for k, v in self.headers.items()}, body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def webhooks(c: Client, admin: Client) -> None:
    srv = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/hook"
    made = c.webhooks_create(WebhookCreateRequest(url=url, events=["alert.*"], description="python check"), idempotency_key="py-check-1")
    check(made.secret.startswith("whsec_") and made.events == ["alert.*"], f"webhook {made!r:.200}")
    listed = c.webhooks_list()
    got = c.webhooks_get(made.id)
    check(got.url == url and any(w.id == made.id for w in listed.rows), "webhooks_get, webhooks_list")
    sent = c.webhooks_test(made.id)
    headers, body = Receiver.got.get(timeout=10)
    verify_webhook(made.secret, headers, body)
    msg = parse_webhook(body)
    check(isinstance(msg, WebhookTestMessage) and msg.id == sent.message_id, f"test message {msg!r:.200}")
    report("webhooks_create, _test", f"{made.id}; test delivery {sent.id} {sent.status}, received {msg.type} signed and verified")
    deliveries = c.webhooks_deliveries(made.id, limit=5)
    again = c.webhooks_redeliver(made.id, sent.id)
    check(any(d.id == sent.id for d in deliveries.rows) and again.message_id == sent.message_id, "deliveries, redeliver")
    updated = c.webhooks_update(made.id, WebhookUpdateRequest(events=["alert.high_redemptions", "news.*"]))
    rotated = c.webhooks_rotate_secret(made.id, grace="1h")
    check(updated.events == ["alert.high_redemptions", "news.*"] and rotated.secret != made.secret and rotated.previous_secret_expires_at is not None, "update, rotate")
    report("webhooks_update, _rotate", f"events {updated.events}; old secret valid until {rotated.previous_secret_expires_at}")
    account = c.account()
    theirs = admin.admin_keys_webhooks(account.key_id)
    check(any(w.id == made.id for w in theirs.rows), "admin_keys_webhooks")
    c.webhooks_delete(made.id)
    other = c.webhooks_create(WebhookCreateRequest(url=url, events=["*"]))
    admin.admin_webhooks_delete(other.id)
    check(all(w.id not in (made.id, other.id) for w in c.webhooks_list().rows), "webhooks deleted")
    report("webhooks_delete (both)", f"{made.id} by its key, {other.id} by the admin")
    srv.shutdown()


def keys(c: Client, admin: Client) -> None:
    account = c.account()
    usage = c.account_usage(days=2)
    check(account.tier == "enterprise" and usage.total > 0 and typed(usage.from_, dt.date), "account")
    report("account, account_usage", f"{account.name} ({account.tier}), {usage.total} requests since {usage.from_}")
    issued = admin.admin_keys_create(KeyCreateRequest(name="python-check-free", tier="free"))
    listed = admin.admin_keys_list()
    used = admin.admin_keys_usage(issued.key.id, days=1)
    rotated = admin.admin_keys_rotate(issued.key.id, grace="1m")
    revoked = admin.admin_keys_revoke(rotated.key.id)
    check(any(k.id == issued.key.id for k in listed.rows) and used.key_id == issued.key.id, "admin keys")
    check(rotated.revoked == issued.key.id and revoked.revoked_at is not None, f"rotate {rotated.revoked}, revoke {revoked.revoked_at}")
    report("admin_keys_*", f"{issued.key.prefix} made, rotated to {rotated.key.prefix}, revoked at {revoked.revoked_at:%H:%M:%S}")


def links(c: Client) -> None:
    fetch: dict[ExportLinkRequestRoute, Callable[..., str]] = {"universe": c.link_universe, "calendar": c.link_calendar, "alerts": c.link_alerts, "news": c.link_news}
    for route, get in fetch.items():
        made = c.export_links_create(ExportLinkRequest(route=route, ttl="1h"))
        token = made.url.split("token=")[1].split("&")[0]
        csv = get(token=token)
        check(csv.startswith(("cik,", "id,")) or "\n" in csv, f"{route} link: {csv[:60]!r}")
        c.export_links_delete(made.id)
        report(f"link_{route}", f"{len(csv.splitlines())} CSV lines; header {csv.splitlines()[0][:40]!r}")
    check(c.export_links_list().rows == [], "export links left")


def main() -> None:
    base, admin_token = sys.argv[1], sys.argv[2]
    admin = Client(base, admin_token)
    key = admin.admin_keys_create(KeyCreateRequest(name="python-check", tier="enterprise"), idempotency_key="py-check-key")
    c = Client(base, key.secret)
    data(c)
    meta(c)
    alerts(c)
    webhooks(c, admin)
    keys(c, admin)
    links(c)
    # the same operations under /api
    prefixed = Client(base + "/api", key.secret).universe(limit=1)
    check(prefixed.count == 1, "/api prefix")
    report("(at /api)", f"universe: {prefixed.rows[0].symbol}")
    print("calls.py: every operation answered as the client types it")


if __name__ == "__main__":
    main()
