"""The embedded DynamoDB: moto's server on a loopback port, or an endpoint given.

moto runs as a real HTTP server (`ThreadedMotoServer`), not `mock_aws`: the
decorator patches botocore process-wide and would swallow the Management API
and SQS calls that must reach this stack's own emulations.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

import boto3
from botocore.exceptions import ClientError

from infra import template as tpl
from infra.local.config import REGION

log = logging.getLogger("infra.local.dynamodb")


class _Stoppable(Protocol):
    def stop(self) -> None: ...


@dataclass
class Database:
    """Where the table lives, and how to stop it when the stack stops."""

    endpoint: str
    _server: _Stoppable | None = None  # moto's ThreadedMotoServer, when we started one

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None


def start_database(table_name: str, endpoint: str | None) -> Database:
    """Start moto unless `endpoint` is given, then make sure the table exists.

    The table is built from template.yaml (keys and TTL), so the local table
    cannot drift from the deployed one.
    """
    if endpoint is None:
        # Imported here: moto's server pulls in Flask, which a run against an
        # existing endpoint does not need.
        from moto.server import ThreadedMotoServer

        server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        server.start()
        host, port = server.get_host_and_port()
        database = Database(f"http://{host}:{port}", server)
    else:
        database = Database(endpoint)
    try:
        ensure_table(database.endpoint, table_name)
    except BaseException:
        database.stop()
        raise
    return database


def ensure_table(endpoint: str, table_name: str) -> None:
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name=REGION)
    try:
        client.describe_table(TableName=table_name)
        log.info("using the existing table %s at %s", table_name, endpoint)
        return
    except ClientError as error:
        if error.response["Error"]["Code"] != "ResourceNotFoundException":
            raise
    client.create_table(**tpl.table_definition(table_name=table_name))
    client.get_waiter("table_exists").wait(
        TableName=table_name, WaiterConfig={"Delay": 0.1, "MaxAttempts": 100}
    )
    client.update_time_to_live(
        TableName=table_name,
        TimeToLiveSpecification={"AttributeName": tpl.ttl_attribute(), "Enabled": True},
    )
