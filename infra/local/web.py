"""The browser client: `web/` as static files, `/config.json`, and security headers."""

from __future__ import annotations

import os
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every HTTP response (pure ASGI: no body buffering)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self._headers if k not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _NoCacheStaticFiles(StaticFiles):
    # Edits to web/ show on the next reload; a local server gains nothing from caching.
    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        return response


def web_routes(web_dir: Path) -> list[BaseRoute]:
    """`/config.json`, then `web/` at `/` (index.html for `/` and `/?room=...`)."""

    async def config(request: Request) -> Response:
        # The Host header is the address the browser used, so a phone that opened
        # http://192.168.1.20:8000/ is told ws://192.168.1.20:8000/ws.
        host = request.headers.get("host") or f"{request.url.hostname}:{request.url.port}"
        scheme = "wss" if request.url.scheme == "https" else "ws"
        return JSONResponse(
            {"websocket_url": f"{scheme}://{host}/ws"}, headers={"Cache-Control": "no-store"}
        )

    routes: list[BaseRoute] = [Route("/config.json", config, methods=["GET"])]
    if web_dir.is_dir():
        routes.append(Mount("/", app=_NoCacheStaticFiles(directory=web_dir, html=True)))
    else:

        async def missing(request: Request) -> Response:
            return PlainTextResponse(f"no browser client: {web_dir} does not exist", 404)

        routes.append(Route("/{path:path}", missing, methods=["GET", "HEAD"]))
    return routes
