"""The deadline queue (SQS) and its event source mapping, for `LOCAL_AWS=1`.

boto3's `sqs` client speaks the AWS JSON 1.0 protocol: `POST /` with
`X-Amz-Target: AmazonSQS.<Operation>` and a JSON body; errors are a 400 whose
body's `__type` names the exception. Served at `/sqs/` on the stack's own port
(`AWS_ENDPOINT_URL_SQS=http://127.0.0.1:PORT/sqs`).

The queue is a standard queue as the template declares it: each message is
hidden for its own `DelaySeconds` (0-900), then delivered to the deadline
function in batches of up to the mapping's `BatchSize`, with the event Lambda's
poller builds. A message is deleted once its batch succeeds; one the function
hands back (`batchItemFailures`), or every one of a batch whose invocation
raised, comes again after the visibility timeout, and after `maxReceiveCount`
deliveries goes to the dead letters (logged). Settings come from template.yaml
(`infra.template.deadline_queue`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from infra.local.lambdas import Invocation
from infra.template import DeadlineQueue
from table.adapters.sqs import MAX_DELAY_S, record

log = logging.getLogger("infra.local.sqs")

TARGET_PREFIX = "AmazonSQS."
CONTENT_TYPE = "application/x-amz-json-1.0"
MAX_BODY_BYTES = 256 * 1024

InvokeDeadline = Callable[[Any], Awaitable[Invocation]]


class ApiError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Message:
    message_id: str
    body: str
    visible_at: float
    sent_at: float
    receive_count: int = 0
    first_received_at: float = 0.0


class Queue:
    """One standard queue in memory, drained into the deadline function by a poller task."""

    def __init__(
        self,
        queue_url: str,
        queue_arn: str,
        settings: DeadlineQueue,
        invoke: InvokeDeadline,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.queue_url = queue_url
        self.queue_arn = queue_arn
        self.settings = settings
        self._invoke = invoke
        self._clock = clock
        self._messages: dict[str, Message] = {}
        self.dead_letters: list[Message] = []
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._poller: asyncio.Task[None] | None = None

    def routes(self) -> list[Route]:
        return [Route(path, self._endpoint, methods=["POST"]) for path in ("/sqs", "/sqs/")]

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._poller = self._loop.create_task(self._poll(), name="deadline-queue")

    async def shutdown(self) -> None:
        """Stop polling; pending messages are lost with the process, as moto's tables are."""
        tasks = [t for t in (self._poller, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # --- the API ---------------------------------------------------------------------------

    async def _endpoint(self, request: Request) -> Response:
        target = request.headers.get("x-amz-target", "")
        operations = {
            "SendMessage": self.send_message,
            "GetQueueAttributes": self.get_queue_attributes,
        }
        operation = operations.get(target.removeprefix(TARGET_PREFIX))
        try:
            if not target.startswith(TARGET_PREFIX) or operation is None:
                raise ApiError("UnsupportedOperation", f"{target!r} is not emulated")
            try:
                body = json.loads(await request.body() or b"{}")
            except ValueError as error:
                raise ApiError("InvalidParameterValue", "the body is not JSON") from error
            answer = operation(body)
        except ApiError as error:
            return _json(
                {"__type": error.code, "message": error.message},
                status=400,
                headers={"x-amzn-query-error": f"{error.code};Sender"},
            )
        return _json(answer)

    def send_message(self, body: dict[str, Any]) -> dict[str, Any]:
        self._check_queue(body.get("QueueUrl"))
        text = body.get("MessageBody")
        if not isinstance(text, str) or not text or len(text.encode()) > MAX_BODY_BYTES:
            raise ApiError("InvalidParameterValue", "MessageBody must be 1 B to 256 KiB of text")
        delay = body.get("DelaySeconds", 0)
        if not isinstance(delay, int) or not 0 <= delay <= MAX_DELAY_S:
            raise ApiError(
                "InvalidParameterValue",
                f"Value {delay} for parameter DelaySeconds is invalid. "
                f"Reason: must be between 0 and {MAX_DELAY_S}, if provided.",
            )
        now = self._clock()
        message = Message(str(uuid.uuid4()), text, now + delay, now)
        self._messages[message.message_id] = message
        self._changed()
        return {
            "MessageId": message.message_id,
            "MD5OfMessageBody": hashlib.md5(text.encode(), usedforsecurity=False).hexdigest(),
        }

    def get_queue_attributes(self, body: dict[str, Any]) -> dict[str, Any]:
        self._check_queue(body.get("QueueUrl"))
        now = self._clock()
        delayed = sum(
            1 for m in self._messages.values() if m.visible_at > now and not m.receive_count
        )
        in_flight = sum(
            1 for m in self._messages.values() if m.visible_at > now and m.receive_count
        )
        visible = len(self._messages) - delayed - in_flight
        return {
            "Attributes": {
                "QueueArn": self.queue_arn,
                "ApproximateNumberOfMessages": str(visible),
                "ApproximateNumberOfMessagesDelayed": str(delayed),
                "ApproximateNumberOfMessagesNotVisible": str(in_flight),
                "VisibilityTimeout": str(self.settings.visibility_timeout_s),
            }
        }

    def _check_queue(self, url: object) -> None:
        if url != self.queue_url:
            raise ApiError(
                "QueueDoesNotExist", "The specified queue does not exist for this wsdl version."
            )

    def _changed(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(self._wake.set)

    # --- the event source mapping ----------------------------------------------------------

    async def _poll(self) -> None:
        while True:
            self._wake.clear()
            now = self._clock()
            due = sorted(
                (m for m in self._messages.values() if m.visible_at <= now),
                key=lambda m: m.visible_at,
            )
            for start in range(0, len(due), self.settings.batch_size):
                batch = due[start : start + self.settings.batch_size]
                for message in batch:
                    message.receive_count += 1
                    message.first_received_at = message.first_received_at or now
                    message.visible_at = now + self.settings.visibility_timeout_s
                task = asyncio.get_running_loop().create_task(self._deliver(batch))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            later = min((m.visible_at for m in self._messages.values()), default=None)
            timeout = None if later is None else max(0.0, later - self._clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def _deliver(self, batch: list[Message]) -> None:
        event = {
            "Records": [
                record(
                    m.message_id,
                    m.body,
                    self.queue_arn,
                    m.receive_count,
                    int(m.sent_at * 1000),
                    int(m.first_received_at * 1000),
                )
                for m in batch
            ]
        }
        invocation = await self._invoke(event)
        failed = {m.message_id for m in batch}
        if invocation.error is None:
            failed = self._handed_back(invocation.result, failed)
        for message in batch:
            if message.message_id not in failed:
                self._messages.pop(message.message_id, None)
            elif message.receive_count >= self.settings.max_receive_count:
                self._messages.pop(message.message_id, None)
                self.dead_letters.append(message)
                log.error(
                    "timer message %s failed %d deliveries; to the dead letters: %s",
                    message.message_id,
                    message.receive_count,
                    message.body,
                )
        self._changed()

    def _handed_back(self, result: Any, batch: set[str]) -> set[str]:
        """The messages of a successful invocation that come again, as Lambda reads its answer."""
        if not self.settings.report_batch_item_failures or not isinstance(result, dict):
            return set()
        failures = result.get("batchItemFailures") or []
        ids = {f.get("itemIdentifier") for f in failures if isinstance(f, dict)}
        if not ids <= batch:  # an unknown or empty identifier fails the whole batch
            return batch
        return {i for i in ids if isinstance(i, str)}


def _json(
    body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    return Response(json.dumps(body), status_code=status, media_type=CONTENT_TYPE, headers=headers)
