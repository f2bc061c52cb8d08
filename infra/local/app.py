"""The local stack's ASGI app: one Starlette app for every role AWS plays.

    /ws                           API Gateway WebSocket API   (gateway.py)
    /{stage}/@connections/{id}    API Gateway Management API  (management_api.py)
    /sqs/                         SQS, the deadline queue     (sqs.py)
    /config.json, /               the browser client          (web.py)
    moto on another port          DynamoDB                    (dynamodb.py), LOCAL_AWS=1
    in process                    SQLite, timers, fan-out     (embedded.py), the default

server.py starts it; the handlers are loaded by lambdas.py.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, WebSocketRoute

from infra import template as tpl
from infra.local.config import DEADLINE_QUEUE_ARN, StackConfig
from infra.local.connections import ConnectionRegistry
from infra.local.embedded import Embedded
from infra.local.environment import deadline_queue_url, stage_name
from infra.local.gateway import GOING_AWAY, Gateway
from infra.local.lambdas import Invocation, Invoker, LambdaFunction, load_function
from infra.local.management_api import management_routes
from infra.local.sqs import Queue
from infra.local.web import SecurityHeaders, web_routes

ROUTE_TYPE = "AWS::ApiGatewayV2::Route"


@dataclass(frozen=True)
class Functions:
    connection: LambdaFunction
    actions: LambdaFunction
    deadline: LambdaFunction


def load_functions(config: StackConfig) -> Functions:
    """Import the three handlers (after the environment is set: they read it on import)."""
    paths = config.handlers
    return Functions(
        connection=load_function(
            "dictionary-bluff-connection", paths.connection, "handler_connection"
        ),
        actions=load_function("dictionary-bluff-actions", paths.actions, "handler_actions"),
        deadline=load_function("dictionary-bluff-deadline", paths.deadline, "handler_deadline"),
    )


def template_routes() -> list[str]:
    """The WebSocket API's route keys, as template.yaml declares them."""
    resources = tpl.resources_of_type(tpl.load_template(), ROUTE_TYPE).values()
    return [str(resource["Properties"]["RouteKey"]) for resource in resources]


def build_app(
    config: StackConfig,
    functions: Functions,
    on_shutdown: Callable[[], None] = lambda: None,
    embedded: Embedded | None = None,
    server_url: str = "",
) -> Starlette:
    """The app; `on_shutdown` runs last when it stops (the caller stops moto there).

    With `embedded`, the handlers' adapters are in-process (SQLite, its timers,
    the sockets): its sockets are this app's, and its timers fire from here.
    The Management API and SQS routes stay for handlers that call them.
    """
    stage = stage_name()
    registry = embedded.notifier.registry if embedded is not None else ConnectionRegistry()
    invoker = Invoker(
        config.handler_workers,
        inline=frozenset(
            f.name
            for f in (functions.connection, functions.actions, functions.deadline)
            if embedded is not None and embedded.serves(f)
        ),
    )

    async def invoke_deadline(payload: Any) -> Invocation:
        return await invoker.invoke(functions.deadline, payload)

    deadline_queue = Queue(
        deadline_queue_url(server_url),
        DEADLINE_QUEUE_ARN,
        tpl.deadline_queue(),
        invoke_deadline,
    )
    gateway = Gateway(
        registry=registry,
        invoker=invoker,
        connection_function=functions.connection,
        actions_function=functions.actions,
        routes=template_routes(),
        stage=stage,
        idle_timeout_s=config.idle_timeout_s,
        max_connection_age_s=config.max_connection_age_s,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        deadline_queue.start()
        if embedded is not None:
            embedded.start(invoke_deadline)
        try:
            yield
        finally:
            # uvicorn has already closed the sockets (1012) and waited for the
            # $disconnect handlers; what remains are timers and threads.
            for connection in registry.all():
                await connection.close(GOING_AWAY, "Going away")
            await deadline_queue.shutdown()
            if embedded is not None:
                await embedded.stop()
            invoker.shutdown()
            on_shutdown()

    routes: list[BaseRoute] = [
        WebSocketRoute("/ws", gateway.serve),
        *management_routes(stage, registry),
        *deadline_queue.routes(),
        *web_routes(config.web_dir),
    ]
    return Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)], lifespan=lifespan)
