"""Step Functions' API for the deadline timers: StartExecution and friends.

boto3's `stepfunctions` client speaks the AWS JSON 1.0 protocol: `POST /` with
`X-Amz-Target: AWSStepFunctions.<Operation>` and a JSON body; errors are a 400
whose body's `__type` names the exception. Served at `/sfn/` on the stack's own
port (`AWS_ENDPOINT_URL_SFN=http://127.0.0.1:PORT/sfn`).

StartExecution follows the Standard workflow's idempotency rule: the same name
and the same input while the execution runs returns the first answer; a name
already used otherwise is `ExecutionAlreadyExists`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from infra.local.lambdas import Invocation
from infra.local.states import Outcome, StateMachine, StatesError

log = logging.getLogger("infra.local.stepfunctions")

TARGET_PREFIX = "AWSStepFunctions."
CONTENT_TYPE = "application/x-amz-json-1.0"
MAX_INPUT_BYTES = 256 * 1024
# Step Functions' rule for execution names: 1-80 characters, none of these.
_BAD_NAME = re.compile(r"[\s<>{}\[\]?*\"#%\\^|~`$&,;:/\x00-\x1f\x7f-\x9f]")

InvokeDeadline = Callable[[Any], Awaitable[Invocation]]


class ApiError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Execution:
    arn: str
    name: str
    input: str
    start_date: float
    status: str = "RUNNING"
    stop_date: float | None = None
    outcome: Outcome | None = None
    task: asyncio.Task[None] | None = None

    def describe(self, state_machine_arn: str) -> dict[str, Any]:
        described: dict[str, Any] = {
            "executionArn": self.arn,
            "stateMachineArn": state_machine_arn,
            "name": self.name,
            "status": self.status,
            "startDate": self.start_date,
            "input": self.input,
        }
        if self.stop_date is not None:
            described["stopDate"] = self.stop_date
        if self.outcome is not None:
            if self.outcome.output is not None:
                described["output"] = json.dumps(self.outcome.output)
            if self.outcome.error is not None:
                described["error"] = self.outcome.error
                described["cause"] = self.outcome.cause or ""
        return described


class StepFunctions:
    """One state machine (the deadline timers) and its executions, in memory."""

    def __init__(
        self, state_machine_arn: str, machine: StateMachine, invoke_deadline: InvokeDeadline
    ) -> None:
        self.state_machine_arn = state_machine_arn
        self._machine = machine
        self._invoke_deadline = invoke_deadline
        self._executions: dict[str, Execution] = {}
        # arn:aws:states:REGION:ACCOUNT:stateMachine:NAME -> ...:execution:NAME:
        self._execution_prefix = state_machine_arn.replace(":stateMachine:", ":execution:", 1)

    def routes(self) -> list[Route]:
        return [Route(path, self._endpoint, methods=["POST"]) for path in ("/sfn", "/sfn/")]

    async def shutdown(self) -> None:
        """Cancel every pending timer (the process is going away)."""
        tasks = [e.task for e in self._executions.values() if e.task and not e.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _endpoint(self, request: Request) -> Response:
        target = request.headers.get("x-amz-target", "")
        operations = {
            "StartExecution": self.start_execution,
            "DescribeExecution": self.describe_execution,
            "StopExecution": self.stop_execution,
        }
        operation = operations.get(target.removeprefix(TARGET_PREFIX))
        try:
            if not target.startswith(TARGET_PREFIX) or operation is None:
                raise ApiError("UnknownOperationException", f"{target!r} is not emulated")
            try:
                body = json.loads(await request.body() or b"{}")
            except ValueError as error:
                raise ApiError("SerializationException", "the body is not JSON") from error
            answer = operation(body)
        except ApiError as error:
            return _json(
                {"__type": error.code, "message": error.message},
                status=400,
                headers={"x-amzn-ErrorType": error.code},
            )
        return _json(answer)

    def start_execution(self, body: dict[str, Any]) -> dict[str, Any]:
        self._check_machine(body.get("stateMachineArn"))
        name = body.get("name") or str(uuid.uuid4())
        if not isinstance(name, str) or not 1 <= len(name) <= 80 or _BAD_NAME.search(name):
            raise ApiError("InvalidName", f"Invalid Name: '{name}'")
        input_text = body.get("input", "{}")
        if not isinstance(input_text, str) or len(input_text.encode()) > MAX_INPUT_BYTES:
            raise ApiError("InvalidExecutionInput", "input must be a string of 256 KiB at most")
        try:
            execution_input = json.loads(input_text)
        except ValueError as error:
            raise ApiError("InvalidExecutionInput", f"Invalid JSON: {error}") from error

        existing = self._executions.get(name)
        if existing is not None:
            if existing.status == "RUNNING" and existing.input == input_text:
                return {"executionArn": existing.arn, "startDate": existing.start_date}
            raise ApiError("ExecutionAlreadyExists", f"Execution Already Exists: '{existing.arn}'")

        execution = Execution(f"{self._execution_prefix}:{name}", name, input_text, time.time())
        self._executions[name] = execution
        execution.task = asyncio.get_running_loop().create_task(
            self._run(execution, execution_input), name=f"sfn-{name}"
        )
        return {"executionArn": execution.arn, "startDate": execution.start_date}

    def describe_execution(self, body: dict[str, Any]) -> dict[str, Any]:
        return self._execution(body).describe(self.state_machine_arn)

    def stop_execution(self, body: dict[str, Any]) -> dict[str, Any]:
        execution = self._execution(body)
        if execution.status == "RUNNING" and execution.task is not None:
            execution.task.cancel()
            execution.status = "ABORTED"
            execution.stop_date = time.time()
        return {"stopDate": execution.stop_date or time.time()}

    def _execution(self, body: dict[str, Any]) -> Execution:
        arn = body.get("executionArn", "")
        name = arn.rpartition(":")[2] if isinstance(arn, str) else ""
        execution = self._executions.get(name)
        if execution is None or execution.arn != arn:
            raise ApiError("ExecutionDoesNotExist", f"Execution Does Not Exist: '{arn}'")
        return execution

    def _check_machine(self, arn: object) -> None:
        if arn != self.state_machine_arn:
            raise ApiError("StateMachineDoesNotExist", f"State Machine Does Not Exist: '{arn}'")

    async def _run(self, execution: Execution, execution_input: Any) -> None:
        outcome = await self._machine.run(execution_input, self._invoke)
        execution.outcome = outcome
        execution.status = outcome.status
        execution.stop_date = time.time()
        if outcome.status != "SUCCEEDED":
            log.error(
                "execution %s %s: %s (%s)",
                execution.name,
                outcome.status,
                outcome.error,
                outcome.cause,
            )

    async def _invoke(self, payload: Any) -> Any:
        invocation = await self._invoke_deadline(payload)
        if invocation.error is not None:
            raise StatesError(type(invocation.error).__name__, str(invocation.error))
        return invocation.result


def _json(
    body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    return Response(json.dumps(body), status_code=status, media_type=CONTENT_TYPE, headers=headers)
