"""The notifier on the API Gateway Management API.

Every member gets their own message; posts to a room run concurrently. A
connection that answers 410 Gone is reported back so the service can mark the
member disconnected: dropping is not leaving.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from botocore.exceptions import ClientError

from table.adapters.retry import Retry
from table.ports import Busy, Notifier, Telemetry


class ApiGatewayNotifier(Notifier):
    def __init__(
        self,
        client: Any,
        telemetry: Telemetry,
        retry: Retry | None = None,
        max_workers: int = 12,
    ) -> None:
        self.client = client
        self.telemetry = telemetry
        self.retry = retry or Retry()
        # Created once per container: threads are reused across invocations.
        self.pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="post")

    def _post(self, connection_id: str, message: Mapping[str, Any]) -> bool:
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
        try:
            self.retry(
                lambda: self.client.post_to_connection(ConnectionId=connection_id, Data=data)
            )
        except self.client.exceptions.GoneException:
            # GoneException is a ClientError: it must be caught first.
            return False
        except (ClientError, Busy) as error:
            # The change is already stored; the next full snapshot (or a
            # resume) brings this connection up to date.
            self.telemetry.count("post_failed")
            self.telemetry.event("post_failed", connection=connection_id, error=repr(error))
        return True

    def send_all(self, messages: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
        if len(messages) == 1:
            connection_id, message = messages[0]
            return set() if self._post(connection_id, message) else {connection_id}
        alive = self.pool.map(lambda m: self._post(*m), messages)
        return {cid for (cid, _), ok in zip(messages, alive, strict=True) if not ok}
