"""A phase deadline, fired by the Step Functions timer with `{room, match, round, phase}`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from bluff.bootstrap import runtime

app = runtime()
logger, metrics = app.logger, app.metrics


class DeadlineEvent(BaseModel):
    model_config = ConfigDict(extra="ignore")

    room: str
    round: int
    phase: str


@app.trace
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    try:
        fired = DeadlineEvent.model_validate(event)
    except ValidationError:
        # Retrying a malformed input cannot help: log it and end the execution.
        logger.error("malformed deadline event", extra={"event_keys": sorted(event)})
        return {"ok": False}
    logger.append_keys(room=fired.room, round=fired.round, phase=fired.phase)
    app.service.deadline(fired.room, fired.round, fired.phase)
    return {"ok": True}
