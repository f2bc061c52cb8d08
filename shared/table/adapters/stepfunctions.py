"""Deadline timers as Step Functions Standard executions: Wait until `at`, then invoke.

One execution per alarm, named deterministically (`Alarm.name`), so
starting the same deadline twice is refused by Step Functions itself, and
the execution of a phase that closed early can be stopped by name: a Standard
execution is billed per state transition, and one stopped in its Wait costs
one transition instead of three, and no Lambda invocation.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import ClientError

from table.adapters.retry import Retry, error_code
from table.ports import Alarm, Busy, Timers


def iso_utc(ms: int) -> str:
    """Whole-second ISO-8601 UTC, the form `TimestampPath` reads (deadlines are whole seconds)."""
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StepFunctionsTimers(Timers):
    def __init__(self, client: Any, state_machine_arn: str, retry: Retry | None = None) -> None:
        self.client = client
        self.state_machine_arn = state_machine_arn
        self.retry = retry or Retry()

    def schedule(self, alarm: Alarm) -> None:
        payload = {**alarm.payload(), "at": iso_utc(alarm.at)}
        try:
            self.retry(
                lambda: self.client.start_execution(
                    stateMachineArn=self.state_machine_arn,
                    name=alarm.name,
                    input=json.dumps(payload),
                )
            )
        except ClientError as error:
            if error_code(error) != "ExecutionAlreadyExists":
                raise
            # Already scheduled by an earlier attempt: nothing to do.

    def execution_arn(self, alarm: Alarm) -> str:
        prefix = self.state_machine_arn.replace(":stateMachine:", ":execution:", 1)
        return f"{prefix}:{alarm.name}"

    def cancel(self, alarm: Alarm) -> None:
        try:
            self.retry(lambda: self.client.stop_execution(executionArn=self.execution_arn(alarm)))
        except ClientError as error:
            if error_code(error) == "ExecutionDoesNotExist":
                return  # never started (or long gone): nothing to stop
            raise Busy(error_code(error)) from error
