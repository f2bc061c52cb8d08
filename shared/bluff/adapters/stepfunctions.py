"""Deadline timers as Step Functions Standard executions: Wait until `at`, then invoke.

One execution per deadline, named deterministically (`Deadline.name`), so
starting the same deadline twice is refused by Step Functions itself.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import ClientError

from bluff.adapters.retry import Retry, error_code
from bluff.ports import Deadline, Timers


def iso_utc(ms: int) -> str:
    """Whole-second ISO-8601 UTC, the form `TimestampPath` reads (deadlines are whole seconds)."""
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StepFunctionsTimers(Timers):
    def __init__(self, client: Any, state_machine_arn: str, retry: Retry | None = None) -> None:
        self.client = client
        self.state_machine_arn = state_machine_arn
        self.retry = retry or Retry()

    def schedule(self, deadline: Deadline) -> None:
        payload = {**deadline.payload(), "at": iso_utc(deadline.at)}
        try:
            self.retry(
                lambda: self.client.start_execution(
                    stateMachineArn=self.state_machine_arn,
                    name=deadline.name,
                    input=json.dumps(payload),
                )
            )
        except ClientError as error:
            if error_code(error) != "ExecutionAlreadyExists":
                raise
            # Already scheduled by an earlier attempt: nothing to do.
