"""Deadlines as delayed SQS messages, through the deadline handler as the event source
mapping calls it.

A message fires its alarm once `at` has come; one that arrives early (a
deadline beyond SQS's 900 s, or clocks that disagree) is sent again for the
rest of its delay. A standard queue may deliver a message twice, and a phase
may close before its deadline: the referee drops either firing. A message
that cannot be parsed is dropped; one the store was too busy for is handed
back alone (`batchItemFailures`).

A phase closed early by its last pick still tells the `Timers` port
(`cancel`): the SQLite timers of the embedded stack forget the alarm; SQS
cannot take a delayed message back, so there it is the port's no-op.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from aws_lambda_powertools.utilities.parser.models import SqsModel
from botocore.stub import Stubber

from table.adapters import sqs
from table.adapters.sqlite import Database, SqliteTimers
from table.adapters.sqs import SqsTimers, message_body
from table.ports import Alarm, Busy
from tests.support.aws import QUEUE_ARN, Context, RecordingTimers, Seated, Stack, aws_stack

ALARM = Alarm("QXZT", 1_795_971_600_000, 7, "deadline", 1_795_971_655_000)


@pytest.fixture
def stack() -> Iterator[Stack]:
    with aws_stack() as stack:
        yield stack


def _writing(stack: Stack) -> tuple[Seated, Alarm]:
    seated = stack.seat(["Ana", "Ben", "Cy"])
    stack.send(seated.cids["Ana"], action="start_match")
    return seated, stack.timers.started[-1]


def _version(stack: Stack, code: str) -> int:
    return int(stack.room_item(code)["version"]["N"])


def _deliver(stack: Stack, *alarms: tuple[str, Alarm | str]) -> dict[str, Any]:
    """One batch of messages (an alarm, or a raw body) to the deadline handler."""
    records = [
        sqs.record(mid, message_body(a) if isinstance(a, Alarm) else a, QUEUE_ARN)
        for mid, a in alarms
    ]
    answer: dict[str, Any] = stack.modules["deadline"].handler({"Records": records}, Context())
    return answer


class SentDelays:
    """SqsTimers on the stack's moto queue, recording each `DelaySeconds` sent."""

    def __init__(self, stack: Stack) -> None:
        client = boto3.client("sqs", region_name="us-east-1")
        self.url = client.create_queue(QueueName="bluff-deadlines")["QueueUrl"]
        self.sent: list[tuple[int, str]] = []
        client.meta.events.register("before-parameter-build.sqs.SendMessage", self._record)
        self.client = client
        self.timers = SqsTimers(client, self.url, stack.clock)
        stack.modules["deadline"].app.service.fanout.timers = self.timers

    def _record(self, params: dict[str, Any], **_: Any) -> None:
        self.sent.append((params["DelaySeconds"], params["MessageBody"]))

    def delayed(self) -> int:
        attributes = self.client.get_queue_attributes(
            QueueUrl=self.url, AttributeNames=["ApproximateNumberOfMessagesDelayed"]
        )
        return int(attributes["Attributes"]["ApproximateNumberOfMessagesDelayed"])


def test_the_test_event_has_the_shape_of_lambdas_sqs_event() -> None:
    delivered = SqsModel.model_validate(sqs.event([("m-1", ALARM)], QUEUE_ARN, now=ALARM.at))
    (only,) = delivered.Records
    assert (only.messageId, only.eventSource, only.awsRegion) == ("m-1", "aws:sqs", "us-east-1")
    assert only.body == message_body(ALARM)
    assert only.attributes.ApproximateReceiveCount == "1"


# --- at least once ------------------------------------------------------------------------


def test_a_deadline_delivered_twice_closes_its_phase_once(stack: Stack) -> None:
    seated, writing = _writing(stack)
    stack.send(seated.cids["Ana"], action="submit", round=1, text="a copper hat for rain")

    assert stack.fire(writing) == {"batchItemFailures": []}
    assert stack.last_state(seated.cids["Cy"])["phase"] == "voting"
    version = _version(stack, seated.code)
    heard = {cid: len(stack.messages(cid)) for cid in seated.cids.values()}
    voting = stack.timers.started[-1]

    again = stack.fire(writing, at=stack.clock.ms + 1_000)  # the same message, again

    assert again == {"batchItemFailures": []}
    assert _version(stack, seated.code) == version  # nothing written
    assert {cid: len(stack.messages(cid)) for cid in seated.cids.values()} == heard
    assert stack.timers.started[-1] == voting  # no timer started


def test_a_deadline_whose_phase_closed_early_fires_as_a_no_op(stack: Stack) -> None:
    seated, writing = _writing(stack)
    for name in ("Ana", "Ben", "Cy"):
        stack.send(seated.cids[name], action="submit", round=1, text=f"a woollen hat of {name}")
    assert stack.last_state(seated.cids["Ana"])["phase"] == "voting"
    version = _version(stack, seated.code)

    assert stack.fire(writing) == {"batchItemFailures": []}  # its deadline has come
    assert _version(stack, seated.code) == version
    assert stack.last_state(seated.cids["Ana"])["phase"] == "voting"


# --- the chaining rule --------------------------------------------------------------------


def test_an_early_arrival_is_sent_again_for_the_rest_of_its_delay(stack: Stack) -> None:
    seated, writing = _writing(stack)
    queue = SentDelays(stack)

    answer = stack.fire(writing, at=writing.at - 400)  # the clocks disagree by 0.4 s

    assert answer == {"batchItemFailures": []}
    assert stack.last_state(seated.cids["Ana"])["phase"] == "writing"
    assert queue.sent == [(1, message_body(writing))]  # rounded up: never before `at`
    assert queue.delayed() == 1


def test_a_deadline_beyond_900_s_is_chained_until_it_is_due(stack: Stack) -> None:
    seated, writing = _writing(stack)
    queue = SentDelays(stack)
    sent_at = stack.clock.ms
    far = Alarm(
        writing.room, writing.room_started, writing.phase_id, "deadline", sent_at + 2_000_000
    )
    queue.timers.schedule(far)  # as the fan-out would send it: hidden for SQS's longest
    version = _version(stack, seated.code)

    for arrives in (sent_at + 900_000, sent_at + 1_800_000):  # each arrival is early
        assert stack.fire(far, at=arrives) == {"batchItemFailures": []}
        assert _version(stack, seated.code) == version
    assert [delay for delay, _ in queue.sent] == [900, 900, 200]
    assert {body for _, body in queue.sent} == {message_body(far)}

    stack.fire(far, at=sent_at + 2_000_000)  # the last link: due, it fires

    assert stack.last_state(seated.cids["Ana"])["phase"] == "voting"
    # Not sent again; what follows is the ballot's own deadline.
    (next_deadline,) = [json.loads(body) for _, body in queue.sent[3:]]
    assert next_deadline["phase_id"] > far.phase_id


# --- one batch, one answer per message ----------------------------------------------------


def test_a_malformed_message_is_dropped_and_the_rest_of_its_batch_fires(stack: Stack) -> None:
    seated, writing = _writing(stack)
    stack.clock.ms = writing.at
    answer = _deliver(
        stack, ("bad-json", "{not json"), ("bad-shape", '{"room": 3}'), ("good", writing)
    )
    assert answer == {"batchItemFailures": []}  # delivering them again cannot help
    assert stack.last_state(seated.cids["Ana"])["phase"] == "voting"


def test_a_busy_store_hands_back_only_the_messages_it_could_not_fire(
    stack: Stack, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, first_writing = _writing(stack)
    second, second_writing = _writing(stack)
    service = stack.modules["deadline"].app.service
    fire = service.timer

    def busy_for_the_first_room(code: str, phase_id: int, key: str) -> None:
        if code == first.code:
            raise Busy("ProvisionedThroughputExceededException")
        fire(code, phase_id, key)

    monkeypatch.setattr(service, "timer", busy_for_the_first_room)
    stack.clock.ms = max(first_writing.at, second_writing.at)

    answer = _deliver(stack, ("m-first", first_writing), ("m-second", second_writing))

    assert answer == {"batchItemFailures": [{"itemIdentifier": "m-first"}]}
    assert stack.last_state(first.cids["Ana"])["phase"] == "writing"
    assert stack.last_state(second.cids["Ana"])["phase"] == "voting"


# --- cancel -------------------------------------------------------------------------------


def test_sqs_cancel_asks_nothing_of_sqs() -> None:
    client = boto3.client(
        "sqs", region_name="us-east-1", aws_access_key_id="t", aws_secret_access_key="t"
    )
    with Stubber(client) as stub:  # no response queued: any call would fail
        SqsTimers(client, "https://sqs.example/q", clock=None).cancel(ALARM)  # type: ignore[arg-type]
        stub.assert_no_pending_responses()


def test_sqlite_cancel_forgets_the_alarm(tmp_path: Path) -> None:
    database = Database(tmp_path / "rooms.sqlite3")
    timers = SqliteTimers(database)
    timers.schedule(ALARM)
    timers.cancel(ALARM)
    assert timers.pending() == []
    database.close()


class CancellingTimers(RecordingTimers):
    def __init__(self) -> None:
        super().__init__()
        self.cancelled: list[Alarm] = []

    def cancel(self, alarm: Alarm) -> None:
        self.cancelled.append(alarm)


@pytest.fixture
def cancelling(stack: Stack) -> CancellingTimers:
    timers = CancellingTimers()
    stack.timers = timers
    for module in stack.modules.values():
        module.app.service.fanout.timers = timers
    return timers


def test_the_last_pick_cancels_its_phases_deadline(
    stack: Stack, cancelling: CancellingTimers
) -> None:
    seated, _ = _writing(stack)
    writing = cancelling.started[-1]
    for i, name in enumerate(["Ana", "Ben"]):
        stack.send(seated.cids[name], action="submit", round=1, text=f"a copper hat {i}")
    assert cancelling.cancelled == []  # still open: nothing cancelled

    stack.send(seated.cids["Cy"], action="submit", round=1, text="a woollen hat for winter")

    assert stack.last_state(seated.cids["Cy"])["phase"] == "voting"
    assert cancelling.cancelled == [writing]
    assert cancelling.started[-1].phase_id > writing.phase_id  # the ballot's own deadline runs


def test_a_phase_closed_by_its_deadline_cancels_nothing(
    stack: Stack, cancelling: CancellingTimers
) -> None:
    seated, _ = _writing(stack)
    for name in ("Ana", "Ben"):
        stack.send(seated.cids[name], action="submit", round=1, text=f"a hat for {name}")
    stack.fire_latest()
    assert stack.last_state(seated.cids["Cy"])["phase"] == "voting"
    assert cancelling.cancelled == []
