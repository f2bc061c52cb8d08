"""API Gateway's WebSocket side: a socket's life as `$connect`, messages, `$disconnect`.

Timeline of one connection, as here and (apart from ordering) in AWS:

    handshake --> $connect handler --> 101 accepted      (>= 400: handshake refused)
    frame 1  --> route selection --> actions handler     (one at a time, in order)
    frame 2  --> ...
    close / ping timeout / idle / max age / DELETE --> $disconnect handler

API Gateway does not promise in-order delivery; delivering one connection's
frames in order (different connections concurrently) is kinder locally and
never invalid. `$disconnect` runs after the frames already received.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import time
from collections.abc import Iterable, Mapping
from typing import Any

from starlette.responses import Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from infra.local import events
from infra.local.connections import Connection, ConnectionRegistry, ConnectionState, Gone
from infra.local.lambdas import Invoker, LambdaFunction

GOING_AWAY = 1001
# The texts API Gateway puts in `disconnectReason` when the client gave none.
_DISCONNECT_REASONS = {
    1000: "Client-side close frame status set to 1000",
    1001: "Going away",
    1005: "Client-side close frame status not set",
    1006: "Connection closed abnormally",
    1009: "Message too big",
    1012: "Service restart",
}


class Gateway:
    """The `/ws` endpoint: turns one WebSocket into API Gateway events."""

    def __init__(
        self,
        *,
        registry: ConnectionRegistry,
        invoker: Invoker,
        connection_function: LambdaFunction,
        actions_function: LambdaFunction,
        routes: Iterable[str],
        stage: str,
        idle_timeout_s: float,
        max_connection_age_s: float,
    ) -> None:
        self._registry = registry
        self._invoker = invoker
        self._connection_function = connection_function
        self._actions_function = actions_function
        self._routes = frozenset(routes) - {events.CONNECT, events.DISCONNECT}
        self._stage = stage
        self._idle_timeout_s = idle_timeout_s
        self._max_age_s = max_connection_age_s

    async def serve(self, websocket: WebSocket) -> None:
        """The `/ws` endpoint: one connection, from handshake to `$disconnect`."""
        client = events.ClientInfo(
            connection_id=events.gateway_id(),
            connected_at_ms=events.epoch_ms(),
            source_ip=websocket.client.host if websocket.client else "127.0.0.1",
            user_agent=websocket.headers.get("user-agent"),
            domain_name=websocket.headers.get("host", "localhost"),
            stage=self._stage,
        )
        connection = Connection(client, websocket)
        self._registry.add(connection)
        try:
            if await self._connect(connection):
                await self._run(connection)
        finally:
            self._registry.remove(client.connection_id)

    async def _connect(self, connection: Connection) -> bool:
        websocket = connection.websocket
        headers = [(name, value) for name, value in websocket.headers.items()]
        event = events.connect_event(connection.client, headers, websocket.url.query)
        outcome = await self._invoker.invoke(self._connection_function, event)
        status = outcome.status_code
        if status >= 400:
            connection.state = ConnectionState.CLOSED
            await _refuse(websocket, status)
            return False
        try:
            await websocket.accept()
        except (WebSocketDisconnect, OSError, RuntimeError):
            # The client left while $connect ran; the handler may have stored
            # the connection already, so it still hears of its end.
            connection.state = ConnectionState.CLOSED
            await self._invoke_quietly(events.disconnect_event(connection.client, 1006, ""))
            return False
        connection.state = ConnectionState.OPEN
        return True

    async def _run(self, connection: Connection) -> None:
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        dispatcher = asyncio.create_task(self._dispatch(connection, inbox))
        try:
            code, reason = await self._receive(connection, inbox)
        except BaseException:
            dispatcher.cancel()  # the server is being stopped hard
            raise
        finally:
            connection.state = ConnectionState.CLOSED
        reason = reason or _DISCONNECT_REASONS.get(code, "")
        inbox.put_nowait(events.disconnect_event(connection.client, code, reason))
        await dispatcher

    async def _receive(
        self, connection: Connection, inbox: asyncio.Queue[dict[str, Any]]
    ) -> tuple[int, str]:
        """Queue every frame until the socket closes; return the close code and reason."""
        websocket = connection.websocket
        opened = last_active = time.monotonic()
        closing = False
        while True:
            timeout = None
            if not closing:
                now = time.monotonic()
                timeout = min(last_active + self._idle_timeout_s, opened + self._max_age_s) - now
            try:
                # `timeout()`, not `wait_for()`: no task per frame on Python 3.11.
                async with asyncio.timeout(timeout):
                    message = await websocket.receive()
            except TimeoutError:
                # API Gateway's idle timeout and its 2-hour limit. Only the client's
                # frames count as activity, as we understand API Gateway's rule.
                closing = True
                await connection.close(GOING_AWAY, "Going away")
                continue
            if message["type"] == "websocket.disconnect":
                return int(message.get("code", 1005)), str(message.get("reason") or "")
            last_active = time.monotonic()
            connection.last_active_ms = events.epoch_ms()
            inbox.put_nowait(self._message_event(connection, message))

    def _message_event(self, connection: Connection, message: Mapping[str, Any]) -> dict[str, Any]:
        text = message.get("text")
        if text is not None:
            route = events.select_route(text, self._routes)
            return events.message_event(connection.client, route, text)
        # Binary frames reach the handler base64-encoded, like a proxy integration's.
        data = base64.b64encode(message.get("bytes") or b"").decode("ascii")
        return events.message_event(connection.client, events.DEFAULT_ROUTE, data, is_base64=True)

    async def _dispatch(self, connection: Connection, inbox: asyncio.Queue[dict[str, Any]]) -> None:
        while True:
            event = await inbox.get()
            if event["requestContext"]["eventType"] == "DISCONNECT":
                await self._invoke_quietly(event)
                return
            outcome = await self._invoker.invoke(self._actions_function, event)
            if outcome.error is not None:
                await _report_internal_error(connection, event)

    async def _invoke_quietly(self, event: dict[str, Any]) -> None:
        # A failing $disconnect is only logged (by the invoker): there is nobody to tell.
        await self._invoker.invoke(self._connection_function, event)


async def _refuse(websocket: WebSocket, status: int) -> None:
    """Answer the handshake with the $connect handler's status, as API Gateway does."""
    status = status if 400 <= status < 600 else 500
    with contextlib.suppress(WebSocketDisconnect, OSError, RuntimeError):  # client gone
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(Response(status_code=status))
        else:
            await websocket.close()  # the server can only say 403


async def _report_internal_error(connection: Connection, event: dict[str, Any]) -> None:
    # API Gateway tells the client when the integration failed, in these words.
    context = event["requestContext"]
    body = (
        '{"message": "Internal server error", '
        f'"connectionId":"{context["connectionId"]}", "requestId":"{context["requestId"]}"}}'
    )
    with contextlib.suppress(Gone):
        await connection.send(body.encode())
