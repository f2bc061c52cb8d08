"""The open WebSocket connections, by API Gateway connection id.

The Management API emulation posts through this registry; the gateway adds and
removes entries. Everything here runs on the event loop, so plain dicts suffice.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from dataclasses import dataclass, field

from starlette.websockets import WebSocket, WebSocketDisconnect

from infra.local.events import ClientInfo

log = logging.getLogger("infra.local.connections")

# A client that stops reading must not stall the handler thread posting to it:
# API Gateway buffers for it, we give up and drop the connection instead.
SEND_TIMEOUT_S = 5.0


class ConnectionState(enum.Enum):
    CONNECTING = "connecting"  # $connect is running: API Gateway refuses posts (410)
    OPEN = "open"
    CLOSED = "closed"  # closed or closing: every Management API call answers 410


class Gone(Exception):
    """The connection is not open: the Management API answers 410 GoneException."""


@dataclass
class Connection:
    client: ClientInfo
    websocket: WebSocket
    state: ConnectionState = ConnectionState.CONNECTING
    last_active_ms: int = field(default_factory=lambda: int(time.time() * 1000))
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def connection_id(self) -> str:
        return self.client.connection_id

    async def send(self, data: bytes) -> None:
        """Send `data` as one frame: text when it is UTF-8 (as the game's JSON is)."""
        async with self._lock:
            if self.state is not ConnectionState.OPEN:
                raise Gone(self.connection_id)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                message = {"type": "websocket.send", "bytes": data}
            else:
                message = {"type": "websocket.send", "text": text}
            try:
                # `timeout()`, not `wait_for()`: no task per frame on Python 3.11.
                async with asyncio.timeout(SEND_TIMEOUT_S):
                    await self.websocket.send(message)
            except (WebSocketDisconnect, OSError, RuntimeError, TimeoutError) as error:
                # Once the peer is gone Starlette raises WebSocketDisconnect or a
                # RuntimeError (WebSocketDisconnected), depending on who noticed first.
                log.info("dropping %s: send failed (%r)", self.connection_id, error)
                self.state = ConnectionState.CLOSED
                raise Gone(self.connection_id) from error

    async def close(self, code: int, reason: str = "") -> None:
        """Close the socket; the gateway then runs `$disconnect` for it."""
        async with self._lock:
            if self.state is ConnectionState.CLOSED:
                return
            self.state = ConnectionState.CLOSED
            # Already gone or not: the gateway sees the disconnect either way.
            with contextlib.suppress(WebSocketDisconnect, OSError, RuntimeError):
                await self.websocket.close(code, reason)


class ConnectionRegistry:
    def __init__(self) -> None:
        self._connections: dict[str, Connection] = {}

    def add(self, connection: Connection) -> None:
        self._connections[connection.connection_id] = connection

    def remove(self, connection_id: str) -> None:
        self._connections.pop(connection_id, None)

    def open(self, connection_id: str) -> Connection:
        """The open connection with this id, or `Gone`."""
        connection = self._connections.get(connection_id)
        if connection is None or connection.state is not ConnectionState.OPEN:
            raise Gone(connection_id)
        return connection

    def all(self) -> list[Connection]:
        return list(self._connections.values())
