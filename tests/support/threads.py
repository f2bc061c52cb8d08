"""Jobs released in the same instant, for race tests through the handlers."""

from __future__ import annotations

import threading
from collections.abc import Callable


def together(jobs: list[Callable[[], None]]) -> None:
    """Run every job on its own thread, all released at once by a barrier; any job's
    exception fails the caller (in the test's thread), after every thread has ended."""
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job: Callable[[], None]) -> None:
        barrier.wait()
        try:
            job()
        except BaseException as error:  # surfaced below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
