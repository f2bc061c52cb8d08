"""`running_stack`: the local stack in a subprocess, for integration and e2e tests.

A subprocess, not a thread: the stack sets process-wide environment variables
(AWS_ENDPOINT_URL_*, credentials) and imports the handlers with their
module-level boto3 clients, none of which may leak into the test process.

    with (
        running_stack(env={"TIME_SCALE": "0.1"}) as stack,
        websockets.sync.client.connect(stack.websocket_url) as websocket,
    ):
        ...
        stack.wait_for_output(lambda line: "DEADLINE" in line)
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from infra.local.config import REPO_ROOT
from infra.local.environment import deadline_queue_url

_LISTENING = re.compile(r"^listening on (http://\S+)$")
_EXITED = "[local stack exited with code "


@dataclass
class RunningStack:
    """A started stack: its URLs and everything it printed so far."""

    url: str
    process: subprocess.Popen[str]
    _lines: list[str] = field(default_factory=list)
    _changed: threading.Condition = field(default_factory=threading.Condition)

    @property
    def websocket_url(self) -> str:
        return "ws" + self.url.removeprefix("http") + "/ws"

    @property
    def management_url(self) -> str:
        """The Management API's endpoint_url, as the handlers' WEBSOCKET_ENDPOINT."""
        return f"{self.url}/live"

    @property
    def sqs_url(self) -> str:
        return f"{self.url}/sqs"

    @property
    def deadline_queue_url(self) -> str:
        return deadline_queue_url(self.url)

    def output(self) -> list[str]:
        with self._changed:
            return list(self._lines)

    def wait_for_output(self, matches: Callable[[str], bool], timeout: float = 5.0) -> str:
        """The first printed line (stdout or stderr) that `matches`, waiting up to `timeout`."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = next((line for line in self._lines if matches(line)), None)
                if found is not None:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError("no matching line; the stack printed:\n" + self._text())
                self._changed.wait(remaining)

    def stop(self, timeout: float = 10.0) -> int:
        """Ctrl-C, as a user would; the exit code. Kills the process if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise

    def kill(self) -> int:
        """SIGKILL: no clean-up at all, as a crash or a power cut of the process."""
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait(10)

    def _append(self, line: str) -> None:
        with self._changed:
            self._lines.append(line)
            self._changed.notify_all()

    def _text(self) -> str:
        return "\n".join(self._lines)


@contextmanager
def running_stack(
    *,
    env: Mapping[str, str] | None = None,
    args: Sequence[str] = (),
    startup_timeout: float = 30.0,
    connection_handler: Path | None = None,
    actions_handler: Path | None = None,
    deadline_handler: Path | None = None,
) -> Iterator[RunningStack]:
    """Start `python -m infra.local` on a free loopback port; stop it on exit.

    Each stack keeps its rooms in a temporary data folder, removed on exit,
    unless `env` names one (`DATA_DIR`, to restart a stack on the same rooms).

    Parameters
    ----------
    env
        Extra environment (TIME_SCALE, LOG_LEVEL, LOCAL_AWS, DATA_DIR, variables
        for stub handlers).
    args
        Extra command-line flags (`--ping-interval 0.2`, ...).
    connection_handler, actions_handler, deadline_handler
        Handler files in place of functions/*/app.py.
    """
    command = [sys.executable, "-m", "infra.local", *args]
    for flag, path in (
        ("--connection-handler", connection_handler),
        ("--actions-handler", actions_handler),
        ("--deadline-handler", deadline_handler),
    ):
        if path is not None:
            command += [flag, str(path)]
    scratch = tempfile.TemporaryDirectory(prefix="local-stack-")
    environment = {
        **os.environ,
        "DATA_DIR": scratch.name,
        "HOST": "127.0.0.1",
        "PORT": "0",
        "PYTHONUNBUFFERED": "1",  # handler prints reach wait_for_output at once
        **(env or {}),
    }
    process = subprocess.Popen(
        command,
        cwd=REPO_ROOT,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    stack = RunningStack(url="", process=process)
    assert process.stdout is not None
    stdout = process.stdout

    def pump() -> None:
        for line in stdout:
            stack._append(line.rstrip("\n"))
        stack._append(f"{_EXITED}{process.wait()}]")

    reader = threading.Thread(target=pump, name="local-stack-output", daemon=True)
    reader.start()
    try:
        try:
            banner = stack.wait_for_output(
                lambda line: bool(_LISTENING.match(line)) or line.startswith(_EXITED),
                timeout=startup_timeout,
            )
        except TimeoutError as error:
            raise RuntimeError("the local stack did not start:\n" + stack._text()) from error
        match = _LISTENING.match(banner)
        if match is None:
            raise RuntimeError("the local stack exited:\n" + stack._text())
        stack.url = match.group(1)
        yield stack
    finally:
        if process.poll() is None:
            stack.stop()
        reader.join(timeout=5)
        scratch.cleanup()
