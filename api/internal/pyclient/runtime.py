from __future__ import annotations

import base64
import dataclasses
import datetime as _dt
import decimal as _decimal
import hashlib
import hmac
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, TypeVar, cast

__all__ = ["ApiError", "Client", "DecodeError", "parse_webhook", "verify_webhook"]

_T = TypeVar("_T")
_A = TypeVar("_A")
_B = TypeVar("_B")


class DecodeError(ValueError):
    """A body is not what the OpenAPI document says it is (the server and this client differ)."""


class ApiError(Exception):
    """An answer other than the operation's success.

    status is the HTTP status; problem the RFC 9457 problem+json body, typed (None when the
    body is not one, e.g. from a proxy); body the raw bytes.
    """

    def __init__(self, status: int, problem: Problem | None, body: bytes) -> None:
        self.status = status
        self.problem = problem
        self.body = body
        what = f"{problem.code}: {problem.detail}" if problem else body[:200].decode("utf-8", "replace")
        super().__init__(f"HTTP {status}: {what}")


# Decoders: each takes a JSON value (what json.loads returns) and gives the typed value.


def _fail(want: str, v: Any) -> DecodeError:
    return DecodeError(f"expected {want}, got {type(v).__name__} {v!r:.80}")


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise _fail("a string", v)
    return v


def _literal(v: Any) -> Any:
    # a value of a closed vocabulary: typed by the field's Literal; not checked against it,
    # so a value a newer server adds still decodes
    return _str(v)


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _fail("an integer", v)
    return v


def _float(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise _fail("a number", v)
    return float(v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _fail("a boolean", v)
    return v


def _date(v: Any) -> _dt.date:
    try:
        return _dt.date.fromisoformat(_str(v))
    except ValueError:
        raise _fail("a date (YYYY-MM-DD)", v) from None


# RFC 3339 as Go writes it: fractional seconds of 1 to 9 digits, Z or an offset; Python
# before 3.11 reads neither Z nor other than 3 or 6 digits.
_RFC3339 = re.compile(r"^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$")


def _datetime(v: Any) -> _dt.datetime:
    m = _RFC3339.match(_str(v))
    if not m:
        raise _fail("an RFC 3339 date-time", v)
    frac = (m.group(2) or "")[:6].ljust(6, "0")
    zone = "+00:00" if m.group(3) in ("Z", "z") else m.group(3)
    return _dt.datetime.fromisoformat(f"{m.group(1)}.{frac}{zone}")


def _decimal_str(v: Any) -> _decimal.Decimal:
    try:
        return _decimal.Decimal(_str(v))
    except _decimal.InvalidOperation:
        raise _fail("a decimal string", v) from None


def _object(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _fail("an object", v)
    return cast(dict[str, Any], v)


def _list_of(item: Callable[[Any], _T]) -> Callable[[Any], list[_T]]:
    def decode(v: Any) -> list[_T]:
        if not isinstance(v, list):
            raise _fail("an array", v)
        return [item(x) for x in cast(list[Any], v)]

    return decode


def _map_of(value: Callable[[Any], _T]) -> Callable[[Any], dict[str, _T]]:
    def decode(v: Any) -> dict[str, _T]:
        return {k: value(x) for k, x in _object(v).items()}

    return decode


def _nullable(inner: Callable[[Any], _T]) -> Callable[[Any], _T | None]:
    def decode(v: Any) -> _T | None:
        return None if v is None else inner(v)

    return decode


def _json_of(inner: Callable[[Any], _T]) -> Callable[[Any], _T]:
    # a string holding JSON: an SSE event's data
    def decode(v: Any) -> _T:
        try:
            return inner(json.loads(_str(v)))
        except json.JSONDecodeError as e:
            raise DecodeError(f"not JSON: {e}") from None

    return decode


def _either(
    first: Callable[[Any], _A],
    first_matches: Callable[[dict[str, Any], bool], bool],
    other: Callable[[Any], _B],
    other_matches: Callable[[dict[str, Any], bool], bool],
) -> Callable[[Any], _A | _B]:
    # an anyOf of two models: the one the object matches exactly (every required property
    # there, none it does not know), the first when both do; when neither does (a newer
    # server added a property), the first whose required properties are there
    def decode(v: Any) -> _A | _B:
        o = _object(v)
        if first_matches(o, True) or (not other_matches(o, True) and first_matches(o, False)):
            return first(o)
        return other(o)

    return decode


def _req(o: dict[str, Any], name: str, decode: Callable[[Any], _T]) -> _T:
    if name not in o:
        raise DecodeError(f"required property {name!r} is missing")
    try:
        return decode(o[name])
    except DecodeError as e:
        raise DecodeError(f"{name}: {e}") from None


def _opt(o: dict[str, Any], name: str, decode: Callable[[Any], _T]) -> _T | None:
    v = o.get(name)
    if v is None:
        return None
    try:
        return decode(v)
    except DecodeError as e:
        raise DecodeError(f"{name}: {e}") from None


# Encoding: typed values back to JSON values (request bodies, query parameters).


def _encode(v: Any) -> Any:
    if isinstance(v, _Model):
        return v.to_json()
    if isinstance(v, _dt.datetime):
        return v.isoformat().replace("+00:00", "Z")
    if isinstance(v, _dt.date):
        return v.isoformat()
    if isinstance(v, _decimal.Decimal):
        return str(v)
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in cast(Sequence[Any], v)]
    if isinstance(v, dict):
        return {str(k): _encode(x) for k, x in cast(dict[Any, Any], v).items()}
    return v


def _query_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        # every array parameter of the document is style form, explode false
        return ",".join(_query_value(x) for x in cast(Sequence[Any], v))
    return str(_encode(v))


class _Model:
    """What every model shares: its JSON property names, and encoding to JSON."""

    JSON_FIELDS: ClassVar[dict[str, str]] = {}
    """attribute -> JSON property name"""
    JSON_REQUIRED: ClassVar[frozenset[str]] = frozenset()
    """the JSON properties the document requires"""

    @classmethod
    def matches_json(cls, o: dict[str, Any], closed: bool = True) -> bool:
        """Whether the JSON object o has every property this model requires and, when closed,
        no property it does not know: how a value of an anyOf finds its model."""
        return cls.JSON_REQUIRED <= o.keys() and (not closed or o.keys() <= set(cls.JSON_FIELDS.values()))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of this value; optional properties left unset (None) are omitted."""
        out: dict[str, Any] = {}
        for attr, name in self.JSON_FIELDS.items():
            v = getattr(self, attr)
            if v is not None or name in self.JSON_REQUIRED:
                out[name] = _encode(v)
        return out


class _Transport:
    """HTTP through urllib: the Authorization header, query encoding, errors as ApiError."""

    def __init__(self, base_url: str, api_key: str | None = None, *, timeout: float = 30.0) -> None:
        """base_url is the origin (https://host) or the origin and /api (the same operations);
        api_key is sent as Authorization: Bearer (an admin token for the admin operations);
        timeout bounds each request, in seconds."""
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.user_agent = "spacdata-python"

    def _open(
        self,
        method: str,
        path: str,
        query: Mapping[str, Any],
        headers: Mapping[str, str | None],
        body: Any,
        accept: str,
        timeout: float | None,
        also: Sequence[int],
    ) -> Any:
        pairs = [(k, _query_value(v)) for k, v in query.items() if v is not None]
        url = self.base_url + path + ("?" + urllib.parse.urlencode(pairs) if pairs else "")
        data = None if body is None else json.dumps(_encode(body)).encode()
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Accept", accept + ", application/problem+json")
        req.add_header("User-Agent", self.user_agent)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.api_key:
            req.add_header("Authorization", "Bearer " + self.api_key)
        for k, v in headers.items():
            if v is not None:
                req.add_header(k, v)
        try:
            return urllib.request.urlopen(req, timeout=timeout)
        except urllib.error.HTTPError as e:
            if e.code in also:
                return e
            raise _api_error(e.code, e.read()) from None

    def _json(
        self,
        method: str,
        path: str,
        decode: Callable[[Any], _T],
        *,
        query: Mapping[str, Any] | None = None,
        headers: Mapping[str, str | None] | None = None,
        body: Any = None,
        also: Sequence[int] = (),
    ) -> _T:
        with self._open(method, path, query or {}, headers or {}, body, "application/json", self.timeout, also) as resp:
            raw = cast(bytes, resp.read())
        try:
            return decode(json.loads(raw))
        except (DecodeError, json.JSONDecodeError) as e:
            raise DecodeError(f"{method} {path}: {e}") from None

    def _text(self, method: str, path: str, accept: str, *, query: Mapping[str, Any] | None = None) -> str:
        with self._open(method, path, query or {}, {}, None, accept, self.timeout, ()) as resp:
            return cast(bytes, resp.read()).decode("utf-8")

    def _none(
        self, method: str, path: str, *, query: Mapping[str, Any] | None = None, headers: Mapping[str, str | None] | None = None
    ) -> None:
        with self._open(method, path, query or {}, headers or {}, None, "application/json", self.timeout, ()):
            pass

    def _events(
        self, path: str, decode: Callable[[Any], _T], idle_timeout: float | None, *, query: Mapping[str, Any] | None = None
    ) -> Generator[_T, None, None]:
        # the response opens before the first next(), so a refused stream raises at the call
        resp = self._open("GET", path, query or {}, {}, None, "text/event-stream", idle_timeout, ())
        return _sse_events(resp, decode)


def _api_error(status: int, body: bytes) -> ApiError:
    try:
        problem = Problem.from_json(json.loads(body))
    except (DecodeError, ValueError):
        problem = None
    return ApiError(status, problem, body)


def _sse_events(resp: Any, decode: Callable[[Any], _T]) -> Generator[_T, None, None]:
    # Server-Sent Events: frames of "field: value" lines ended by a blank line; comment
    # lines (":heartbeat") and frames without data (the first one's retry) are skipped. The
    # iteration ends when the server closes the stream or idle_timeout passes without a byte;
    # close() (contextlib.closing) closes the connection.
    frame: dict[str, Any] = {}
    data: list[str] = []
    with resp:
        try:
            for raw in resp:
                line = cast(bytes, raw).decode("utf-8").rstrip("\r\n")
                if line == "":
                    if data:
                        frame["data"] = "\n".join(data)
                        yield decode(frame)
                    frame, data = {}, []
                    continue
                if line.startswith(":"):
                    continue
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "data":
                    data.append(value)
                elif field == "retry" and value.isdigit():
                    frame["retry"] = int(value)
                elif field in ("event", "id"):
                    frame[field] = value
        except TimeoutError:
            return


def _path(v: str) -> str:
    return urllib.parse.quote(v, safe="")


def verify_webhook(secret: str, headers: Mapping[str, str], body: bytes, *, tolerance: int = 300) -> None:
    """Checks a webhook delivery's Standard Webhooks signature with the endpoint's whsec_
    secret (both secrets during a rotation's overlap: call it with each); raises ValueError
    when no signature matches or the timestamp is more than tolerance seconds away.
    headers are the request's (any case)."""
    h = {k.lower(): v for k, v in headers.items()}
    msg_id, stamp = h.get("webhook-id", ""), h.get("webhook-timestamp", "")
    if not stamp.isdigit() or abs(_dt.datetime.now(_dt.timezone.utc).timestamp() - int(stamp)) > tolerance:
        raise ValueError("webhook-timestamp missing or outside the tolerance")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    mac = hmac.new(key, f"{msg_id}.{stamp}.".encode() + body, hashlib.sha256).digest()
    want = base64.b64encode(mac).decode()
    for sig in h.get("webhook-signature", "").split():
        version, _, value = sig.partition(",")
        if version == "v1" and hmac.compare_digest(value, want):
            return
    raise ValueError("no webhook-signature matches the secret")
