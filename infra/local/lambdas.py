"""Load the Lambda handlers from their files and invoke them off the event loop.

Each handler file is imported once, like one warm Lambda container, under its
own module name (every function's file is called `app.py`). Handlers are
blocking boto3 code, so invocations run in a thread pool; unlike Lambda, where
one container serves one request at a time, a module's globals here are shared
by concurrent invocations (boto3 clients are thread-safe; resources are not).
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import sys
import time
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from infra import template as tpl
from infra.local.config import ACCOUNT, REGION, REPO_ROOT

log = logging.getLogger("infra.local.lambdas")

Handler = Callable[[dict[str, Any], Any], Any]

DEFAULT_TIMEOUT_S = 3.0  # Lambda's own default, for a handler the template does not know
DEFAULT_MEMORY_MB = 128


@dataclass(frozen=True)
class LambdaFunction:
    """One handler as Lambda would run it, with its template settings."""

    name: str
    path: Path
    handler: Handler
    timeout_s: float
    memory_mb: int
    module: str = ""  # its name in sys.modules


class LambdaContext:
    """The attributes of Lambda's context object that handlers and Powertools read."""

    def __init__(self, function: LambdaFunction) -> None:
        self.function_name = function.name
        self.function_version = "$LATEST"
        self.invoked_function_arn = f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{function.name}"
        self.memory_limit_in_mb = function.memory_mb
        self.aws_request_id = str(uuid.uuid4())
        self.log_group_name = f"/aws/lambda/{function.name}"
        self.log_stream_name = "local"
        self._deadline = time.monotonic() + function.timeout_s

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - time.monotonic()) * 1000))


def _function_settings(path: Path) -> tuple[float, int]:
    """Timeout and memory of the template's function whose CodeUri holds `path`."""
    template = tpl.load_template()
    globals_ = template.get("Globals", {}).get("Function", {})
    timeout = globals_.get("Timeout", DEFAULT_TIMEOUT_S)
    memory = globals_.get("MemorySize", DEFAULT_MEMORY_MB)
    for resource in tpl.resources_of_type(template, "AWS::Serverless::Function").values():
        properties = resource.get("Properties", {})
        code_uri = properties.get("CodeUri")
        if isinstance(code_uri, str) and (REPO_ROOT / code_uri).resolve() == path.parent:
            timeout = properties.get("Timeout", timeout)
            memory = properties.get("MemorySize", memory)
    return float(timeout), int(memory)


def load_function(name: str, path: Path, module_name: str) -> LambdaFunction:
    """Import `path` as `module_name` and return its `handler`.

    The handler's own folder is on `sys.path` while it is imported, as Lambda's
    task root is, so it may import modules that sit beside it.
    """
    path = path.resolve()
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load a handler from {path}")
    module: ModuleType = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    handler = getattr(module, "handler", None)
    if not callable(handler):
        raise ImportError(f"{path} has no callable `handler`")
    timeout_s, memory_mb = _function_settings(path)
    return LambdaFunction(name, path, handler, timeout_s, memory_mb, module_name)


@dataclass(frozen=True)
class Invocation:
    """What came back from one invocation: a result, or the error Lambda would report."""

    result: Any = None
    error: BaseException | None = None

    @property
    def status_code(self) -> int:
        """The `statusCode` API Gateway reads from a proxy integration's result."""
        if self.error is not None:
            return 500
        if isinstance(self.result, Mapping):
            code = self.result.get("statusCode", 200)
            return code if isinstance(code, int) else 500
        return 200


class Invoker:
    """Runs handlers in a bounded thread pool and reports errors like Lambda's logs.

    A function named in `inline` runs on the event loop itself instead: one
    whose every adapter is in-process and never waits on a network (the
    embedded default's). One thread then does everything, with no hand-off
    between threads and no contention for the GIL; invocations are serial,
    which is one of the interleavings AWS allows.
    """

    def __init__(self, workers: int, inline: frozenset[str] = frozenset()) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lambda")
        self.inline = inline

    async def invoke(self, function: LambdaFunction, event: dict[str, Any]) -> Invocation:
        if function.name in self.inline:
            return _invoke_blocking(function, event)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _invoke_blocking, function, event)

    def shutdown(self) -> None:
        # Running invocations cannot be interrupted (threads); queued ones are dropped.
        self._pool.shutdown(wait=False, cancel_futures=True)


def _invoke_blocking(function: LambdaFunction, event: dict[str, Any]) -> Invocation:
    context = LambdaContext(function)
    started = time.monotonic()
    try:
        result = function.handler(event, context)
    except Exception as error:  # a handler's exception is Lambda's "Unhandled" error
        log.exception("%s failed (request %s)", function.name, context.aws_request_id)
        return Invocation(error=error)
    elapsed = time.monotonic() - started
    if elapsed > function.timeout_s:
        # Threads cannot be stopped, so the timeout is reported, not enforced.
        log.warning(
            "%s took %.1f s; Lambda would have stopped it after %.0f s",
            function.name,
            elapsed,
            function.timeout_s,
        )
    return Invocation(result=result)
