"""The room store on DynamoDB: one item per room, every write conditional.

Room item (`pk=ROOM#QXZT`, `sk=STATE`), see docs/data-model.md:

    version   N  +1 on every write; the condition of whole-room saves
    phase_id  N  the current phase instance; the condition of sealed picks
    picks     M  member -> this phase instance's sealed pick
    conns     M  member -> connection id
    body      B  the rest of the room, zlib-compressed JSON
    expires_at N TTL, epoch seconds

A finished round's record (`sk=ROUND#<room start>#<key>`) is written once,
beside the room, so the room item only ever holds what is current.

A player profile (`pk=PROFILE#<sha256 of its secret>`, `sk=PROFILE`) keeps what
games remember per player, one flat attribute per memory key and entry
(`m#solo_reached#en = 12`: a nested map's path cannot be set while its parent
is missing), each raised by its own conditional write, and `expires_at`
400 days after its last use. Two rooms of one profile raising the same entry:

    room A: SET m#k#en = 9  IF absent OR < 9  -> 9
    room B: SET m#k#en = 10 IF absent OR < 10 -> 10   (either order ends at 10)

A sealed pick never reads-modifies-writes the room: it is one `UpdateItem`
that sets the member's own slot, on condition that the phase instance the
referee decided against is still current (and, unless the pick may be
replaced, that the slot is empty). Two players picking at once touch
different slots and both succeed. Whole-room saves (phase changes, joins)
are conditioned on `version`, which every pick also bumps, so a close can
never overwrite a pick it did not see:

    picker A: seal(phase 12) ---------------------> version 8
    closer:   load (version 7) ... save(expect 7) -> StaleRoom -> reload, decide again

The store holds no rule: whether a pick is allowed is the referee's to say.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

from botocore.exceptions import ClientError

from table.adapters.attributes import from_attr, to_attr
from table.adapters.retry import Retry, error_code
from table.ports import (
    PROFILE_TTL_SECONDS,
    AlreadyBound,
    Binding,
    Busy,
    RoomExists,
    RoomStore,
    SlotTaken,
    Snapshot,
    StaleRoom,
)
from table.referee import PickWrite
from table.room import Room

ROOM_TTL_SECONDS = 24 * 3600
CONNECTION_TTL_SECONDS = 2 * 3600


def room_key(code: str) -> dict[str, Any]:
    return {"pk": {"S": f"ROOM#{code}"}, "sk": {"S": "STATE"}}


def connection_key(connection_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"CONN#{connection_id}"}, "sk": {"S": "CONN"}}


def profile_key(profile_hash: str) -> dict[str, Any]:
    return {"pk": {"S": f"PROFILE#{profile_hash}"}, "sk": {"S": "PROFILE"}}


REMEMBERED = "m#"  # a profile's attribute: "m#<memory key>#<entry>"


def remembered_of(item: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for name, value in item.items():
        if name.startswith(REMEMBERED) and "#" in name[len(REMEMBERED) :]:
            key, entry = name[len(REMEMBERED) :].split("#", 1)
            found.setdefault(key, {})[entry] = int(value["N"])
    return found


def to_item(snapshot: Snapshot, version: int, now: int) -> dict[str, Any]:
    room = snapshot.room
    body = room.model_dump(mode="json", exclude=room.outside_body())
    plain: dict[str, Any] = {
        "version": version,
        "phase_id": room.phase_id,
        "picks": room.current_picks(),
        "conns": dict(snapshot.connections),
        "body": zlib.compress(json.dumps(body, separators=(",", ":")).encode()),
        "expires_at": now // 1000 + room.ttl_seconds(),  # shorter once nobody is connected
    }
    return {**room_key(room.code), **{k: to_attr(v) for k, v in plain.items()}}


def from_item(item: Mapping[str, Any]) -> Snapshot:
    plain = {k: from_attr(v) for k, v in item.items()}
    body = json.loads(zlib.decompress(bytes(plain["body"])))
    room = Room.model_validate(
        {
            **body,
            "version": int(plain["version"]),
            "picks": plain.get("picks", {}),
            "picks_phase": int(plain.get("phase_id", 0)),
        }
    )
    return Snapshot(room, {m: str(c) for m, c in plain["conns"].items()})


class DynamoRoomStore(RoomStore):
    def __init__(self, client: Any, table: str, retry: Retry | None = None) -> None:
        self.client = client
        self.table = table
        self.retry = retry or Retry()

    def _expired(self, item: Mapping[str, Any], now: int) -> bool:
        # DynamoDB deletes expired items lazily (and moto never does): an
        # expired item is treated as absent.
        return int(item.get("expires_at", {}).get("N", "0")) * 1000 <= now

    def load(self, code: str, now: int) -> Snapshot | None:
        response = self.retry(
            lambda: self.client.get_item(
                TableName=self.table, Key=room_key(code), ConsistentRead=True
            )
        )
        item = response.get("Item")
        if item is None or self._expired(item, now):
            return None
        return from_item(item)

    def create(self, snapshot: Snapshot, now: int) -> Snapshot:
        # A code whose room has expired may be taken again, before DynamoDB deletes it.
        condition = "attribute_not_exists(pk) OR expires_at < :now"
        values = {":now": {"N": str(now // 1000)}}
        return self._put(
            to_item(snapshot, 1, now), condition, values, RoomExists(snapshot.room.code)
        )

    def save(self, snapshot: Snapshot, now: int) -> Snapshot:
        values = {":expected": {"N": str(snapshot.version)}}
        item = to_item(snapshot, snapshot.version + 1, now)
        return self._put(item, "version = :expected", values, StaleRoom(snapshot.room.code))

    def _put(
        self, item: dict[str, Any], condition: str, values: dict[str, Any], conflict: Exception
    ) -> Snapshot:
        try:
            self.retry(
                lambda: self.client.put_item(
                    TableName=self.table,
                    Item=item,
                    ConditionExpression=condition,
                    ExpressionAttributeValues=values,
                )
            )
        except ClientError as error:
            if error_code(error) == "ConditionalCheckFailedException":
                raise conflict from None
            raise
        return from_item(item)

    def seal(self, code: str, pick: PickWrite, now: int) -> Snapshot:
        condition = "phase_id = :phase"
        if not pick.replace:
            condition += " AND attribute_not_exists(picks.#m)"
        try:
            response = self.retry(
                lambda: self.client.update_item(
                    TableName=self.table,
                    Key=room_key(code),
                    UpdateExpression=(
                        "SET picks.#m = :pick, version = version + :one, expires_at = :expires"
                    ),
                    ConditionExpression=condition,
                    ExpressionAttributeNames={"#m": pick.member},
                    ExpressionAttributeValues={
                        ":pick": to_attr(pick.value),
                        ":phase": {"N": str(pick.phase_id)},
                        ":one": {"N": "1"},
                        ":expires": {"N": str(now // 1000 + ROOM_TTL_SECONDS)},
                    },
                    ReturnValues="ALL_NEW",
                    ReturnValuesOnConditionCheckFailure="ALL_OLD",
                )
            )
        except ClientError as error:
            if error_code(error) != "ConditionalCheckFailedException":
                raise
            old = error.response.get("Item")
            raise SlotTaken(from_item(old) if old else None) from None
        return from_item(response["Attributes"])

    def archive(self, code: str, key: str, record: Mapping[str, Any], now: int) -> None:
        item = {
            "pk": {"S": f"ROOM#{code}"},
            "sk": {"S": f"ROUND#{key}"},
            "record": to_attr(dict(record)),
            "expires_at": {"N": str(now // 1000 + ROOM_TTL_SECONDS)},
        }
        try:
            self.retry(
                lambda: self.client.put_item(
                    TableName=self.table,
                    Item=item,
                    ConditionExpression="attribute_not_exists(sk)",
                )
            )
        except ClientError as error:
            if error_code(error) != "ConditionalCheckFailedException":
                raise Busy(error_code(error)) from error
            # Already archived by an earlier attempt: a record is written once.

    def remembered(self, profile_hash: str, now: int) -> dict[str, dict[str, int]]:
        # One write reads the profile and refreshes its expiry (a read is its use).
        try:
            response = self.retry(
                lambda: self.client.update_item(
                    TableName=self.table,
                    Key=profile_key(profile_hash),
                    UpdateExpression="SET expires_at = :expires",
                    ConditionExpression="expires_at > :now",  # false for a missing item
                    ExpressionAttributeValues={
                        ":now": {"N": str(now // 1000)},
                        ":expires": {"N": str(now // 1000 + PROFILE_TTL_SECONDS)},
                    },
                    ReturnValues="ALL_NEW",
                    ReturnValuesOnConditionCheckFailure="ALL_OLD",
                )
            )
        except ClientError as error:
            if error_code(error) != "ConditionalCheckFailedException":
                raise
            if error.response.get("Item"):
                self._forget_expired(profile_hash, now)
            return {}
        return remembered_of(response["Attributes"])

    def remember(self, profile_hash: str, key: str, values: Mapping[str, int], now: int) -> None:
        # An expired profile's other entries must not come back with the new one.
        self._forget_expired(profile_hash, now)
        expires = {"N": str(now // 1000 + PROFILE_TTL_SECONDS)}
        refused = False
        for entry, value in values.items():
            try:
                self._raise(profile_hash, f"{REMEMBERED}{key}#{entry}", int(value), expires)
            except ClientError as error:
                if error_code(error) != "ConditionalCheckFailedException":
                    raise
                refused = True  # the stored value is already as high
        if refused:
            # Writing is a use even when nothing rose: the expiry still moves.
            self._update_profile(
                "SET expires_at = :expires",
                "attribute_exists(pk)",
                {},
                {":expires": expires},
                profile_hash,
                quiet=True,
            )

    def _raise(self, profile_hash: str, name: str, value: int, expires: dict[str, str]) -> None:
        self._update_profile(
            "SET #a = :v, expires_at = :expires",
            "attribute_not_exists(#a) OR #a < :v",
            {"#a": name},
            {":v": {"N": str(value)}, ":expires": expires},
            profile_hash,
        )

    def _update_profile(
        self,
        update: str,
        condition: str,
        names: dict[str, str],
        values: dict[str, Any],
        profile_hash: str,
        quiet: bool = False,
    ) -> None:
        request: dict[str, Any] = {
            "TableName": self.table,
            "Key": profile_key(profile_hash),
            "UpdateExpression": update,
            "ConditionExpression": condition,
            "ExpressionAttributeValues": values,
        }
        if names:
            request["ExpressionAttributeNames"] = names
        try:
            self.retry(lambda: self.client.update_item(**request))
        except ClientError as error:
            if not quiet or error_code(error) != "ConditionalCheckFailedException":
                raise

    def _forget_expired(self, profile_hash: str, now: int) -> None:
        """Delete the profile if it has expired (DynamoDB's TTL deletes it only lazily)."""
        try:
            self.retry(
                lambda: self.client.delete_item(
                    TableName=self.table,
                    Key=profile_key(profile_hash),
                    ConditionExpression="expires_at <= :now",
                    ExpressionAttributeValues={":now": {"N": str(now // 1000)}},
                )
            )
        except ClientError as error:
            if error_code(error) != "ConditionalCheckFailedException":
                raise

    def bind(self, connection_id: str, binding: Binding, now: int) -> None:
        request = {
            "TableName": self.table,
            "Item": {
                **connection_key(connection_id),
                "room": {"S": binding.room},
                "member": {"S": binding.member},
                "expires_at": {"N": str(now // 1000 + CONNECTION_TTL_SECONDS)},
            },
            # One room per connection: binding again is only allowed to the same seat.
            "ConditionExpression": "attribute_not_exists(pk) OR (room = :room AND #m = :member)",
            "ExpressionAttributeNames": {"#m": "member"},
            "ExpressionAttributeValues": {
                ":room": {"S": binding.room},
                ":member": {"S": binding.member},
            },
        }
        try:
            self.retry(lambda: self.client.put_item(**request))
        except ClientError as error:
            if error_code(error) == "ConditionalCheckFailedException":
                raise AlreadyBound(connection_id) from None
            raise

    def binding(self, connection_id: str, now: int) -> Binding | None:
        response = self.retry(
            lambda: self.client.get_item(TableName=self.table, Key=connection_key(connection_id))
        )
        item = response.get("Item")
        if item is None or self._expired(item, now):
            return None
        return Binding(room=item["room"]["S"], member=item["member"]["S"])

    def unbind(self, connection_id: str) -> None:
        # Deleting an absent item succeeds, so a repeated unbind is harmless.
        self.retry(
            lambda: self.client.delete_item(TableName=self.table, Key=connection_key(connection_id))
        )
