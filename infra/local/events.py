"""Lambda events shaped like API Gateway's WebSocket proxy integration.

The shapes follow the events API Gateway sends (and Powertools' parser models
`APIGatewayWebSocket{Connect,Message,Disconnect}EventModel`, which the tests
validate them against), so a handler cannot tell this server from AWS by the
event alone.
"""

from __future__ import annotations

import json
import secrets
import string
import time
from collections.abc import Iterable
from dataclasses import dataclass
from email.utils import formatdate
from typing import Any
from urllib.parse import parse_qsl

API_ID = "bluffapi01"  # API Gateway API ids are 10 lower-case letters and digits
CONNECT = "$connect"
DISCONNECT = "$disconnect"
DEFAULT_ROUTE = "$default"

_ID_ALPHABET = string.ascii_letters + string.digits


def gateway_id() -> str:
    """A random id in API Gateway's style ('L0SM9cOFvHcCIhw=').

    Real ids are 16 characters of base64 ending in '='. Letters and digits only
    here: a '/' or '+' would be legal for AWS but only adds URL-quoting noise.
    """
    # One read of the system's randomness per id (three ids per message), not one per character.
    n = int.from_bytes(secrets.token_bytes(12))  # 96 bits; 62**15 is about 2**89
    characters = []
    for _ in range(15):
        n, digit = divmod(n, len(_ID_ALPHABET))
        characters.append(_ID_ALPHABET[digit])
    return "".join(characters) + "="


def epoch_ms(now: float | None = None) -> int:
    return int((time.time() if now is None else now) * 1000)


def _request_time(now_ms: int) -> str:
    # API Gateway writes requestTime in the Common Log Format: 09/Apr/2015:12:34:56 +0000
    stamp = formatdate(now_ms / 1000, usegmt=True)  # 'Thu, 09 Apr 2015 12:34:56 GMT'
    _, day, month, year, clock, _ = stamp.split()
    return f"{day}/{month}/{year}:{clock} +0000"


@dataclass(frozen=True)
class ClientInfo:
    """What API Gateway knows about a connection from its opening handshake."""

    connection_id: str
    connected_at_ms: int
    source_ip: str
    user_agent: str | None
    domain_name: str
    stage: str


def select_route(body: str, routes: Iterable[str]) -> str:
    """API Gateway's route selection for `$request.body.action`.

    A frame whose body is a JSON object with a string `action` naming a defined
    route goes to that route; anything else goes to `$default`.
    """
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        # Deeply nested JSON exhausts the parser's stack: not a route either.
        return DEFAULT_ROUTE
    action = message.get("action") if isinstance(message, dict) else None
    if isinstance(action, str) and action in routes:
        return action
    return DEFAULT_ROUTE


def _request_context(
    client: ClientInfo, route_key: str, event_type: str, now_ms: int
) -> dict[str, Any]:
    identity: dict[str, Any] = {"sourceIp": client.source_ip}
    if client.user_agent is not None:
        identity["userAgent"] = client.user_agent
    return {
        "routeKey": route_key,
        "eventType": event_type,
        "extendedRequestId": gateway_id(),
        "requestTime": _request_time(now_ms),
        "messageDirection": "IN",
        "stage": client.stage,
        "connectedAt": client.connected_at_ms,
        "requestTimeEpoch": now_ms,
        "identity": identity,
        "requestId": gateway_id(),
        "domainName": client.domain_name,
        "connectionId": client.connection_id,
        "apiId": API_ID,
    }


def connect_event(
    client: ClientInfo,
    headers: Iterable[tuple[str, str]],
    query_string: str,
    now_ms: int | None = None,
) -> dict[str, Any]:
    """The `$connect` event: the opening handshake's headers and query string."""
    now_ms = epoch_ms() if now_ms is None else now_ms
    multi_headers: dict[str, list[str]] = {}
    for name, value in headers:
        multi_headers.setdefault(_canonical_header(name), []).append(value)
    # API Gateway sits in front as a proxy and adds these.
    multi_headers.setdefault("X-Forwarded-For", [client.source_ip])
    multi_headers.setdefault("X-Forwarded-Proto", ["http"])
    event: dict[str, Any] = {
        "headers": {name: ",".join(values) for name, values in multi_headers.items()},
        "multiValueHeaders": multi_headers,
        "requestContext": _request_context(client, CONNECT, "CONNECT", now_ms),
        "isBase64Encoded": False,
    }
    query = parse_qsl(query_string, keep_blank_values=True)
    if query:  # API Gateway leaves these keys out when there is no query string
        multi_query: dict[str, list[str]] = {}
        for name, value in query:
            multi_query.setdefault(name, []).append(value)
        event["queryStringParameters"] = {name: values[-1] for name, values in multi_query.items()}
        event["multiValueQueryStringParameters"] = multi_query
    return event


def message_event(
    client: ClientInfo,
    route_key: str,
    body: str,
    *,
    is_base64: bool = False,
    now_ms: int | None = None,
) -> dict[str, Any]:
    """A MESSAGE event: one frame from the client, unchanged in `body`."""
    now_ms = epoch_ms() if now_ms is None else now_ms
    context = _request_context(client, route_key, "MESSAGE", now_ms)
    context["messageId"] = gateway_id()
    return {"requestContext": context, "body": body, "isBase64Encoded": is_base64}


def disconnect_event(
    client: ClientInfo, status_code: int, reason: str, now_ms: int | None = None
) -> dict[str, Any]:
    """The `$disconnect` event, with the close code and reason as API Gateway reports them."""
    now_ms = epoch_ms() if now_ms is None else now_ms
    context = _request_context(client, DISCONNECT, "DISCONNECT", now_ms)
    context["disconnectStatusCode"] = status_code
    context["disconnectReason"] = reason
    headers = {"Host": client.domain_name, "x-api-key": "", "X-Forwarded-For": "", "x-restapi": ""}
    return {
        "headers": headers,
        "multiValueHeaders": {name: [value] for name, value in headers.items()},
        "requestContext": context,
        "isBase64Encoded": False,
    }


def _canonical_header(name: str) -> str:
    # ASGI lower-cases header names; browsers send 'Origin', 'User-Agent', and API
    # Gateway passes the client's spelling through. Handlers should look headers
    # up case-insensitively either way.
    lowered = name.lower()
    if lowered.startswith("sec-websocket-"):
        return "Sec-WebSocket-" + "-".join(p.capitalize() for p in lowered.split("-")[2:])
    return "-".join(part.capitalize() for part in lowered.split("-"))
