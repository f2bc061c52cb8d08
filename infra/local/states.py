"""Just enough of the Amazon States Language to run template.yaml's deadline machine.

The local stack runs the definition from the template (through
`infra.template.state_machine_definition`), not a hand-written imitation of it:
the Wait on `$.at`, the Lambda task's `Payload` selection, its retries and its
catch are what AWS would do. A definition using anything this module does not
implement is refused when the stack starts, never half-run.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

LAMBDA_INVOKE = "arn:aws:states:::lambda:invoke"

_COMMON = {"Type", "Comment", "Next", "End", "InputPath", "OutputPath"}
_ALLOWED_FIELDS = {
    "Wait": _COMMON | {"Seconds", "Timestamp", "SecondsPath", "TimestampPath"},
    "Task": _COMMON | {"Resource", "Parameters", "ResultPath", "TimeoutSeconds", "Retry", "Catch"},
    "Pass": _COMMON | {"Result", "ResultPath", "Parameters"},
    "Succeed": {"Type", "Comment", "InputPath", "OutputPath"},
    "Fail": {"Type", "Comment", "Error", "Cause"},
}
_RETRIER_FIELDS = {
    "ErrorEquals",
    "IntervalSeconds",
    "MaxAttempts",
    "BackoffRate",
    "MaxDelaySeconds",
    "JitterStrategy",
}

Json = Any
Invoke = Callable[[Json], Awaitable[Json]]
Sleep = Callable[[float], Awaitable[None]]


class UnsupportedDefinition(ValueError):
    """The definition uses States Language this emulation does not implement."""


class StatesError(Exception):
    """A States Language error (`States.Runtime`, `States.Timeout`, a task's error)."""

    def __init__(self, error: str, cause: str) -> None:
        super().__init__(f"{error}: {cause}")
        self.error = error
        self.cause = cause


@dataclass(frozen=True)
class Outcome:
    status: str  # SUCCEEDED, FAILED or TIMED_OUT, as DescribeExecution reports it
    output: Json = None
    error: str | None = None
    cause: str | None = None


@dataclass(frozen=True)
class StateMachine:
    definition: dict[str, Any]

    @classmethod
    def from_json(cls, text: str) -> StateMachine:
        definition = json.loads(text)
        states = definition.get("States", {})
        if definition.get("StartAt") not in states:
            raise UnsupportedDefinition("StartAt names no state")
        for name, state in states.items():
            kind = state.get("Type")
            unknown = set(state) - _ALLOWED_FIELDS.get(kind, set())
            if kind not in _ALLOWED_FIELDS or unknown:
                raise UnsupportedDefinition(f"state {name}: {kind} with {sorted(unknown)}")
            if kind == "Task" and state.get("Resource") != LAMBDA_INVOKE:
                raise UnsupportedDefinition(f"state {name}: only {LAMBDA_INVOKE} tasks run locally")
            for retrier in state.get("Retry", []):
                if set(retrier) - _RETRIER_FIELDS:
                    raise UnsupportedDefinition(f"state {name}: retrier {retrier}")
        return cls(definition)

    async def run(
        self, execution_input: Json, invoke: Invoke, *, sleep: Sleep = asyncio.sleep
    ) -> Outcome:
        """Run one execution; `invoke` calls the Lambda function with a payload."""
        timeout = self.definition.get("TimeoutSeconds")
        try:
            output = await asyncio.wait_for(self._run(execution_input, invoke, sleep), timeout)
        except TimeoutError:
            return Outcome("TIMED_OUT", error="States.Timeout", cause="execution timed out")
        except StatesError as failure:
            return Outcome("FAILED", error=failure.error, cause=failure.cause)
        return Outcome("SUCCEEDED", output=output)

    async def _run(self, data: Json, invoke: Invoke, sleep: Sleep) -> Json:
        name = self.definition["StartAt"]
        while True:
            state = self.definition["States"][name]
            kind = state["Type"]
            if kind == "Fail":
                raise StatesError(state.get("Error", "States.Fail"), state.get("Cause", ""))
            effective = _select(data, state.get("InputPath", "$"))
            if kind == "Wait":
                await sleep(_wait_seconds(state, effective))
                result = effective
            elif kind == "Pass":
                value = state.get("Result", _parameters(state, effective))
                result = _place(effective, state.get("ResultPath", "$"), value)
            elif kind == "Task":
                try:
                    result = await _task(state, effective, invoke, sleep)
                except StatesError as failure:
                    catcher = _matching(state.get("Catch", []), failure.error)
                    if catcher is None:
                        raise
                    error_output = {"Error": failure.error, "Cause": failure.cause}
                    data = _place(effective, catcher.get("ResultPath", "$"), error_output)
                    name = catcher["Next"]
                    continue
            else:  # Succeed
                return _select(effective, state.get("OutputPath", "$"))
            data = _select(result, state.get("OutputPath", "$"))
            if state.get("End"):
                return data
            name = state["Next"]


async def _task(state: dict[str, Any], data: Json, invoke: Invoke, sleep: Sleep) -> Json:
    parameters = _parameters(state, data)
    payload = parameters.get("Payload", data) if isinstance(parameters, dict) else data
    attempts: dict[int, int] = {}
    while True:
        try:
            returned = await asyncio.wait_for(invoke(payload), state.get("TimeoutSeconds"))
        except TimeoutError:
            failure = StatesError("States.Timeout", "task timed out")
        except StatesError as error:
            failure = error
        else:
            result = {"ExecutedVersion": "$LATEST", "Payload": returned, "StatusCode": 200}
            return _place(data, state.get("ResultPath", "$"), result)
        index, retrier = next(
            (
                (i, r)
                for i, r in enumerate(state.get("Retry", []))
                if _error_matches(r["ErrorEquals"], failure.error)
            ),
            (-1, None),
        )
        if retrier is None:
            raise failure
        attempts[index] = attempts.get(index, 0) + 1
        if attempts[index] > retrier.get("MaxAttempts", 3):
            raise failure
        await sleep(_retry_delay(retrier, attempts[index]))


def _retry_delay(retrier: dict[str, Any], attempt: int) -> float:
    delay = float(retrier.get("IntervalSeconds", 1)) * float(retrier.get("BackoffRate", 2.0)) ** (
        attempt - 1
    )
    delay = min(delay, float(retrier.get("MaxDelaySeconds", delay)))
    if retrier.get("JitterStrategy") == "FULL":
        delay = random.uniform(0, delay)
    return delay


def _error_matches(names: list[str], error: str) -> bool:
    if "States.ALL" in names or error in names:
        return True
    return "States.TaskFailed" in names and error != "States.Timeout"


def _matching(catchers: list[dict[str, Any]], error: str) -> dict[str, Any] | None:
    return next((c for c in catchers if _error_matches(c["ErrorEquals"], error)), None)


def _wait_seconds(state: dict[str, Any], data: Json) -> float:
    if "Seconds" in state:
        return float(state["Seconds"])
    if "SecondsPath" in state:
        return float(_select(data, state["SecondsPath"]))
    stamp = state["Timestamp"] if "Timestamp" in state else _select(data, state["TimestampPath"])
    try:
        moment = datetime.fromisoformat(str(stamp))
    except ValueError as error:
        raise StatesError("States.Runtime", f"not an ISO-8601 timestamp: {stamp!r}") from error
    if moment.tzinfo is None:
        raise StatesError("States.Runtime", f"timestamp without a time zone: {stamp!r}")
    # Step Functions ignores a timestamp's fraction of a second (DESIGN.md).
    return max(0.0, int(moment.timestamp()) - time.time())


def _parameters(state: dict[str, Any], data: Json) -> Json:
    if "Parameters" not in state:
        return data
    return _resolve(state["Parameters"], data)


def _resolve(template: Json, data: Json) -> Json:
    if isinstance(template, dict):
        resolved = {}
        for key, value in template.items():
            if key.endswith(".$"):
                resolved[key[:-2]] = _select(data, value)
            else:
                resolved[key] = _resolve(value, data)
        return resolved
    if isinstance(template, list):
        return [_resolve(item, data) for item in template]
    return template


def _steps(path: str) -> list[str]:
    if path == "$":
        return []
    if not path.startswith("$.") or any(c in path for c in "[]*?@"):
        raise UnsupportedDefinition(f"only simple paths like $.a.b run locally, not {path!r}")
    return path[2:].split(".")


def _select(data: Json, path: str | None) -> Json:
    if path is None:
        return {}
    for step in _steps(path):
        if not isinstance(data, dict) or step not in data:
            raise StatesError("States.Runtime", f"the path {path!r} matches nothing in the input")
        data = data[step]
    return data


def _place(data: Json, path: str | None, value: Json) -> Json:
    if path is None:  # ResultPath: null keeps the input and discards the result
        return data
    steps = _steps(path)
    if not steps:
        return value
    placed = dict(data) if isinstance(data, dict) else {}
    target = placed
    for step in steps[:-1]:
        child = target.get(step)
        target[step] = dict(child) if isinstance(child, dict) else {}
        target = target[step]
    target[steps[-1]] = value
    return placed
