"""A room's timer, fired by the Step Functions execution with `{room, phase_id, key}`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from table.bootstrap import runtime

app = runtime()
logger, metrics = app.logger, app.metrics


class TimerEvent(BaseModel):
    model_config = ConfigDict(extra="ignore")

    room: str
    phase_id: int
    key: str = "deadline"


@app.trace
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    try:
        fired = TimerEvent.model_validate(event)
    except ValidationError:
        # Retrying a malformed input cannot help: log it and end the execution.
        logger.error("malformed timer event", extra={"event_keys": sorted(event)})
        return {"ok": False}
    logger.append_keys(room=fired.room, phase_id=fired.phase_id, key=fired.key)
    app.service.timer(fired.room, fired.phase_id, fired.key)
    return {"ok": True}
