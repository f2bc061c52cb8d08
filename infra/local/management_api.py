"""The API Gateway Management API (`/{stage}/@connections/{id}`), as boto3 sees it.

boto3's `apigatewaymanagementapi` client speaks rest-json: it reads the error
code from the `x-amzn-ErrorType` header, so a 410 with `GoneException` there
raises `client.exceptions.GoneException`, exactly as against AWS.
"""

from __future__ import annotations

from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from infra.local.config import POST_LIMIT_BYTES
from infra.local.connections import ConnectionRegistry, Gone

CLOSED_BY_DELETE = 1000


def _error(status: int, error_type: str, message: str) -> Response:
    return JSONResponse(
        {"message": message}, status_code=status, headers={"x-amzn-ErrorType": error_type}
    )


def _gone(connection_id: str) -> Response:
    return _error(410, "GoneException", f"Connection {connection_id} is gone")


def _iso(epoch_ms: int) -> str:
    return datetime.fromtimestamp(epoch_ms / 1000, UTC).isoformat(timespec="milliseconds")


def management_routes(stage: str, registry: ConnectionRegistry) -> list[Route]:
    """Routes for PostToConnection, GetConnection and DeleteConnection on `stage`."""

    async def connection(request: Request) -> Response:
        connection_id = request.path_params["connection_id"]
        try:
            target = registry.open(connection_id)
            if request.method == "POST":
                data = await request.body()
                if len(data) > POST_LIMIT_BYTES:
                    return _error(
                        413, "PayloadTooLargeException", "Message too long (128 KB at most)"
                    )
                await target.send(data)
                return Response(status_code=200)
            if request.method == "DELETE":
                await target.close(CLOSED_BY_DELETE)
                return Response(status_code=204)
        except Gone:
            # Also during the connection's own $connect: API Gateway accepts posts
            # only once the handshake is complete.
            return _gone(connection_id)
        client = target.client
        identity = {"sourceIp": client.source_ip}
        if client.user_agent is not None:
            identity["userAgent"] = client.user_agent
        return JSONResponse(
            {
                "connectedAt": _iso(client.connected_at_ms),
                "identity": identity,
                "lastActiveAt": _iso(target.last_active_ms),
            }
        )

    return [
        Route(
            f"/{stage}/@connections/{{connection_id}}",
            connection,
            methods=["GET", "POST", "DELETE"],
        )
    ]
