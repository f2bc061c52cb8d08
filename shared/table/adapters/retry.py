"""Bounded retries with full jitter for AWS throttling, shared by every adapter."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from botocore.exceptions import ClientError

from table.ports import Busy

T = TypeVar("T")

THROTTLING = frozenset(
    {
        "ProvisionedThroughputExceededException",
        "ThrottlingException",
        "RequestLimitExceeded",
        "LimitExceededException",
        "TooManyRequestsException",
        "Throttling",
    }
)


def error_code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", ""))


class Retry:
    """Call `fn`, retrying throttling errors up to `attempts` times in all.

    The clients are built with botocore's own retries off, so the bound here
    is the only one: a Lambda never hides seconds of retrying from its caller.
    """

    def __init__(
        self,
        attempts: int = 4,
        base_delay: float = 0.025,
        sleep: Callable[[float], None] = time.sleep,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        self.attempts = attempts
        self.base_delay = base_delay
        self.sleep = sleep
        self.jitter = jitter

    def __call__(self, fn: Callable[[], T]) -> T:
        for attempt in range(self.attempts):
            try:
                return fn()
            except ClientError as error:
                if error_code(error) not in THROTTLING:
                    raise
                if attempt == self.attempts - 1:
                    raise Busy(error_code(error)) from error
                self.sleep(self.jitter() * self.base_delay * 2**attempt)
        raise AssertionError("unreachable")
