"""Deadline timers as delayed messages on an SQS standard queue.

One `SendMessage` per alarm, with `DelaySeconds` up to SQS's ceiling of
900 s; the deadline function consumes the queue through an event source
mapping. Timeline of one alarm::

    schedule       message hidden for min(900, ceil((at - now) / 1 s)) s
    it appears     Lambda's poller receives it (a batch of up to 10)
    at <= now      fire: `service.timer(room, phase_id, key)`
    at >  now      arrived early (the deadline was more than 900 s away, or
                   the clocks disagree): send it again, hidden for the rest
                   of its delay, capped again (the chaining rule; the
                   deadline handler applies it through `schedule`)

Nothing here deletes or stops a message. A standard queue delivers at least
once and a phase may close before its deadline: either way the referee
drops a firing whose phase instance is over, and such a firing costs its
share of a receive and a delete and one short invocation.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable
from typing import Any

from botocore.exceptions import ClientError

from table.adapters.retry import Retry, error_code
from table.ports import Alarm, Busy, Clock, Timers

MAX_DELAY_S = 900  # SQS's ceiling on DelaySeconds
EVENT_SOURCE = "aws:sqs"
# SQS's answers that mean "not now": the message may be sent again.
UNAVAILABLE = frozenset(
    {
        "RequestThrottled",
        "ThrottlingException",
        "ServiceUnavailable",
        "InternalError",
        "InternalFailure",
        "KmsThrottled",
    }
)


def delay_seconds(at: int, now: int) -> int:
    """Whole seconds to hide a message so it appears no earlier than `at` (epoch ms).

    Rounded up, so a deadline never fires before its time by the sender's
    clock; capped at SQS's 900 s, the rest being chained (module docstring).
    """
    return min(MAX_DELAY_S, max(0, math.ceil((at - now) / 1000)))


def message_body(alarm: Alarm) -> str:
    """The message: the whole alarm, so an early arrival can be sent on unchanged."""
    return json.dumps(
        {
            "room": alarm.room,
            "room_started": alarm.room_started,
            "phase_id": alarm.phase_id,
            "key": alarm.key,
            "at": alarm.at,
        },
        separators=(",", ":"),
    )


def record(
    message_id: str,
    body: str,
    queue_arn: str = "",
    receive_count: int = 1,
    sent_ms: int = 0,
    received_ms: int = 0,
) -> dict[str, Any]:
    """One record of the event Lambda's SQS event source mapping hands the function."""
    return {
        "messageId": message_id,
        "receiptHandle": f"handle-{message_id}-{receive_count}",
        "body": body,
        "attributes": {
            "ApproximateReceiveCount": str(receive_count),
            "SentTimestamp": str(sent_ms),
            "SenderId": "AIDAEXAMPLE",
            "ApproximateFirstReceiveTimestamp": str(received_ms),
        },
        "messageAttributes": {},
        "md5OfBody": hashlib.md5(body.encode(), usedforsecurity=False).hexdigest(),
        "eventSource": EVENT_SOURCE,
        "eventSourceARN": queue_arn,
        "awsRegion": queue_arn.split(":")[3] if queue_arn else "",
    }


def event(alarms: Iterable[tuple[str, Alarm]], queue_arn: str = "", now: int = 0) -> dict[str, Any]:
    """An SQS batch event of `(message id, alarm)` pairs, each received once, at `now` (ms)."""
    return {
        "Records": [
            record(mid, message_body(alarm), queue_arn, 1, now, now) for mid, alarm in alarms
        ]
    }


class SqsTimers(Timers):
    """The `Timers` port on one SQS standard queue. `cancel` is the port's no-op."""

    def __init__(
        self, client: Any, queue_url: str, clock: Clock, retry: Retry | None = None
    ) -> None:
        self.client = client
        self.queue_url = queue_url
        self.clock = clock
        self.retry = retry or Retry()

    def schedule(self, alarm: Alarm) -> None:
        delay = delay_seconds(alarm.at, self.clock.now())
        try:
            self.retry(
                lambda: self.client.send_message(
                    QueueUrl=self.queue_url, MessageBody=message_body(alarm), DelaySeconds=delay
                )
            )
        except ClientError as error:
            if error_code(error) in UNAVAILABLE:
                raise Busy(error_code(error)) from error
            raise
