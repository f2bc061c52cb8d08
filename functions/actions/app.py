"""Every client message: the action routes of docs/protocol.md and `$default`.

One function serves all action routes: one warm pool and one cold start for
the whole protocol, and no handler boilerplate copied per route. Unknown
actions reach `$default` and are refused `bad_request` by the same parser.
"""

from __future__ import annotations

import base64
from typing import Any

from table.bootstrap import runtime

app = runtime()
logger, metrics = app.logger, app.metrics


@app.trace
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    connection_id = event["requestContext"]["connectionId"]
    body = event.get("body")
    if body is not None and event.get("isBase64Encoded"):
        body = base64.b64decode(body)
    # The caller's address, as API Gateway saw it: the per-address limits key on it.
    source = event["requestContext"].get("identity", {}).get("sourceIp")
    app.service.message(connection_id, body, source=source)
    return {"statusCode": 200}
