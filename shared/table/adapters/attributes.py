"""DynamoDB's attribute-value format, for the few Python types the store writes.

boto3 has a serializer, but importing boto3 costs a cold start about 120 ms
(it pulls in s3transfer); the functions use botocore directly and this module
instead. Numbers are integers only: the game stores no fractions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def to_attr(value: Any) -> dict[str, Any]:
    if isinstance(value, bool):  # before int: bool is an int
        return {"BOOL": value}
    if isinstance(value, int):
        return {"N": str(value)}
    if isinstance(value, str):
        return {"S": value}
    if isinstance(value, bytes | bytearray):
        return {"B": bytes(value)}
    if value is None:
        return {"NULL": True}
    if isinstance(value, Mapping):
        return {"M": {str(k): to_attr(v) for k, v in value.items()}}
    if isinstance(value, list | tuple):
        return {"L": [to_attr(v) for v in value]}
    raise TypeError(f"cannot store {type(value).__name__}")


def from_attr(attr: Mapping[str, Any]) -> Any:
    (kind, value), *_ = attr.items()
    match kind:
        case "S" | "BOOL":
            return value
        case "N":
            return int(value)
        case "B":
            return bytes(value)
        case "NULL":
            return None
        case "M":
            return {k: from_attr(v) for k, v in value.items()}
        case "L":
            return [from_attr(v) for v in value]
    raise TypeError(f"unexpected attribute type {kind}")
