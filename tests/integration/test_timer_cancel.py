"""A deadline whose phase closed early is stopped, not left to fire: on Step Functions and SQLite.

A Standard execution stopped in its Wait costs one state transition instead
of three and no Lambda invocation. The fan-out stops it when a pick closes
the phase (the pick's decision still holds the old phase instance and its
deadline); a phase closed by its own deadline stops nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from botocore.stub import Stubber

from table.adapters.retry import Retry
from table.adapters.sqlite import Database, SqliteTimers
from table.adapters.stepfunctions import StepFunctionsTimers
from table.ports import Alarm, Busy
from tests.support.aws import RecordingTimers, Stack, aws_stack

STATE_MACHINE = "arn:aws:states:us-east-1:123456789012:stateMachine:bluff-deadlines"
ALARM = Alarm("QXZT", 1_795_971_600_000, 7, "deadline", 1_795_971_655_000)
EXECUTION = f"arn:aws:states:us-east-1:123456789012:execution:bluff-deadlines:{ALARM.name}"


@pytest.fixture
def sfn() -> Iterator[tuple[StepFunctionsTimers, Stubber]]:
    client = boto3.client(
        "stepfunctions",
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    retry = Retry(attempts=2, sleep=lambda _: None, jitter=lambda: 1.0)
    with Stubber(client) as stub:
        yield StepFunctionsTimers(client, STATE_MACHINE, retry=retry), stub
        stub.assert_no_pending_responses()


def test_stop_names_the_alarms_execution(sfn: tuple[StepFunctionsTimers, Stubber]) -> None:
    timers, stub = sfn
    stub.add_response(
        "stop_execution", {"stopDate": "2026-11-29T17:00:10Z"}, {"executionArn": EXECUTION}
    )
    timers.cancel(ALARM)


def test_stopping_an_execution_that_does_not_exist_is_harmless(
    sfn: tuple[StepFunctionsTimers, Stubber],
) -> None:
    timers, stub = sfn
    stub.add_client_error("stop_execution", service_error_code="ExecutionDoesNotExist")
    timers.cancel(ALARM)


def test_a_stop_throttled_on_every_attempt_is_busy(
    sfn: tuple[StepFunctionsTimers, Stubber],
) -> None:
    timers, stub = sfn
    for _ in range(2):
        stub.add_client_error("stop_execution", service_error_code="ThrottlingException")
    with pytest.raises(Busy):
        timers.cancel(ALARM)


def test_sqlite_cancel_forgets_the_alarm(tmp_path: Path) -> None:
    database = Database(tmp_path / "rooms.sqlite3")
    timers = SqliteTimers(database)
    timers.schedule(ALARM)
    timers.cancel(ALARM)
    assert timers.pending() == []
    database.close()


class StoppingTimers(RecordingTimers):
    def __init__(self) -> None:
        super().__init__()
        self.cancelled: list[Alarm] = []

    def cancel(self, alarm: Alarm) -> None:
        self.cancelled.append(alarm)


@pytest.fixture
def stack() -> Iterator[tuple[Stack, StoppingTimers]]:
    with aws_stack() as stack:
        timers = StoppingTimers()
        stack.timers = timers
        for module in stack.modules.values():
            module.app.service.fanout.timers = timers
        yield stack, timers


def test_the_last_pick_stops_its_phases_deadline(stack: tuple[Stack, StoppingTimers]) -> None:
    stack_, timers = stack
    seated = stack_.seat(["Ana", "Ben", "Cy"])
    stack_.send(seated.cids["Ana"], action="start_match")
    writing = timers.started[-1]
    for i, name in enumerate(["Ana", "Ben"]):
        stack_.send(seated.cids[name], action="submit", round=1, text=f"a copper hat {i}")
    assert timers.cancelled == []  # still open: nothing stopped

    stack_.send(seated.cids["Cy"], action="submit", round=1, text="a woollen hat for winter")

    assert stack_.last_state(seated.cids["Cy"])["phase"] == "voting"
    assert timers.cancelled == [writing]
    assert timers.started[-1].phase_id > writing.phase_id  # the ballot's own deadline runs


def test_a_phase_closed_by_its_deadline_stops_nothing(
    stack: tuple[Stack, StoppingTimers],
) -> None:
    stack_, timers = stack
    seated = stack_.seat(["Ana", "Ben", "Cy"])
    stack_.send(seated.cids["Ana"], action="start_match")
    for name in ("Ana", "Ben"):
        stack_.send(seated.cids[name], action="submit", round=1, text=f"a hat for {name}")
    stack_.fire_latest()
    assert stack_.last_state(seated.cids["Cy"])["phase"] == "voting"
    assert timers.cancelled == []
