"""A room's timers, delivered by the deadline queue (SQS) in batches of alarms.

Each message is one alarm (`table.adapters.sqs.message_body`). One that
arrives before its `at` is sent again for the rest of its delay; one that
cannot be parsed is dropped, since delivering it again cannot help; one the
store was too busy to fire is handed back (`batchItemFailures`), and SQS
delivers it again once its visibility timeout passes. Delivering a message
twice is harmless: the referee drops a firing whose phase instance is over.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from table.bootstrap import runtime
from table.ports import Alarm, Busy

app = runtime()
logger, metrics = app.logger, app.metrics


class Deadline(BaseModel):
    model_config = ConfigDict(extra="ignore")

    room: str
    room_started: int
    phase_id: int
    key: str
    at: int


def deliver(record: dict[str, Any]) -> bool:
    """Fire one message's alarm, or send it on if it came early; False to have it again."""
    try:
        deadline = Deadline.model_validate_json(record.get("body") or "")
    except ValidationError:
        logger.error("malformed timer message", extra={"message_id": record.get("messageId")})
        return True
    alarm = Alarm(**deadline.model_dump())
    logger.append_keys(room=alarm.room, phase_id=alarm.phase_id, key=alarm.key)
    service = app.service
    try:
        if alarm.at > service.clock.now():
            service.fanout.timers.schedule(alarm)
        else:
            service.timer(alarm.room, alarm.phase_id, alarm.key)
    except Busy as error:
        logger.warning("timer not delivered: busy", extra={"error": repr(error)})
        return False
    return True


@app.trace
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    failed = [r.get("messageId", "") for r in event.get("Records", []) if not deliver(r)]
    return {"batchItemFailures": [{"itemIdentifier": message_id} for message_id in failed]}
