"""`$connect` and `$disconnect`. A disconnect is a drop, never a leave."""

from __future__ import annotations

from typing import Any

from table.bootstrap import runtime

app = runtime()
logger, metrics = app.logger, app.metrics


@app.trace
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    context_ = event["requestContext"]
    if context_["routeKey"] == "$disconnect":
        app.service.disconnect(context_["connectionId"])
    else:
        app.service.connect(context_["connectionId"])
    return {"statusCode": 200}
