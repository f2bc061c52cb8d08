"""The environment the handlers see: the template's variables, pointed at this stack.

The handlers read only what Lambda would give them (TABLE_NAME,
WEBSOCKET_ENDPOINT, DEADLINE_QUEUE_URL, ...) and create ordinary boto3 clients.
botocore's per-service endpoint variables (`AWS_ENDPOINT_URL_<SERVICE ID>`,
with the service id upper-cased and spaces as underscores) send those clients
here, so no handler code knows it runs locally:

    DynamoDB          -> AWS_ENDPOINT_URL_DYNAMODB -> moto (or DYNAMODB_ENDPOINT)
    SQS               -> AWS_ENDPOINT_URL_SQS      -> this server's /sqs/
    Management API    -> WEBSOCKET_ENDPOINT        -> this server's /{stage}
                         (the handlers pass it as endpoint_url, as in AWS)
"""

from __future__ import annotations

import os
from collections.abc import Mapping, MutableMapping
from typing import Any

import boto3

from infra import template as tpl
from infra.local.config import ACCOUNT, DEADLINE_QUEUE_NAME, REGION, StackConfig

# Variables that only mean something on AWS and would send boto3 elsewhere.
_CLEARED_FOR_MOTO = ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL")


def stage_name() -> str:
    """The WebSocket stage handlers post to: the template's `StageName` default."""
    parameter = tpl.load_template().get("Parameters", {}).get("StageName", {})
    return str(parameter.get("Default", "live"))


def deadline_queue_url(server_url: str) -> str:
    """The local deadline queue's URL, shaped like SQS's (`.../ACCOUNT/NAME`)."""
    return f"{server_url}/sqs/{ACCOUNT}/{DEADLINE_QUEUE_NAME}"


def _template_variables() -> dict[str, str]:
    """Globals.Function.Environment.Variables with plain values or parameter defaults.

    Values built from resources (`!Ref Table`, `!Sub ...`) exist only on AWS; the
    stack sets its own for those.
    """
    template = tpl.load_template()
    parameters = template.get("Parameters", {})
    variables: Mapping[str, Any] = (
        template.get("Globals", {}).get("Function", {}).get("Environment", {}).get("Variables", {})
    )
    plain: dict[str, str] = {}
    for name, value in variables.items():
        if isinstance(value, str | int | float):
            plain[name] = str(value)
        elif isinstance(value, dict) and set(value) == {"Ref"} and value["Ref"] in parameters:
            default = parameters[value["Ref"]].get("Default")
            if default is not None:
                plain[name] = str(default)
    return plain


def handler_environment(
    config: StackConfig, *, server_url: str, dynamodb_endpoint: str | None
) -> dict[str, str]:
    """The variables the stack sets for its handlers (besides the credentials).

    Parameters
    ----------
    server_url
        How this process reaches its own server, e.g. `http://127.0.0.1:8000`.
    dynamodb_endpoint
        The table's endpoint: moto's, or `DYNAMODB_ENDPOINT`; None on the
        embedded default, whose handlers never make a DynamoDB client.
    """
    variables = {
        **_template_variables(),
        # Lambda sets both; boto3 reads the second, some libraries the first.
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "TABLE_NAME": config.table_name,
        "DEADLINE_QUEUE_URL": deadline_queue_url(server_url),
        "WEBSOCKET_ENDPOINT": f"{server_url}/{stage_name()}",
        "TIME_SCALE": f"{config.time_scale:g}",
        "CONTENT_DIR": str(config.content_dir),
        "AWS_ENDPOINT_URL_DYNAMODB": dynamodb_endpoint or "",
        "AWS_ENDPOINT_URL_SQS": f"{server_url}/sqs",
        # No X-Ray daemon runs here; Powertools' Tracer would only complain.
        "POWERTOOLS_TRACE_DISABLED": "true",
    }
    if dynamodb_endpoint is None:
        del variables["AWS_ENDPOINT_URL_DYNAMODB"]
    return variables


def apply_credentials(environ: MutableMapping[str, str], *, embedded: bool) -> None:
    """Dummy credentials for the embedded emulations; real ones are left alone.

    With moto (`embedded`), nothing may reach AWS, so the dummies always win.
    With DYNAMODB_ENDPOINT the standard chain may hold real credentials for a
    real table; dummies are set only when it finds none.
    """
    if embedded:
        for name in _CLEARED_FOR_MOTO:
            environ.pop(name, None)
        environ["AWS_ACCESS_KEY_ID"] = "local"
        environ["AWS_SECRET_ACCESS_KEY"] = "local"
    elif boto3.Session().get_credentials() is None:
        environ["AWS_ACCESS_KEY_ID"] = "local"
        environ["AWS_SECRET_ACCESS_KEY"] = "local"


def apply(variables: Mapping[str, str], environ: MutableMapping[str, str] = os.environ) -> None:
    """Set `variables`, except those the user set (LOG_LEVEL=DEBUG make run)."""
    user_may_override = set(_template_variables())
    for name, value in variables.items():
        if name in user_may_override:
            environ.setdefault(name, value)
        else:
            environ[name] = value
