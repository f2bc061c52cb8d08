"""The room store on DynamoDB: one item per room, every write conditional.

Room item (`pk=ROOM#QXZT`, `sk=STATE`), see docs/data-model.md:

    version   N  +1 on every write; the condition of whole-room saves
    phase, round_no, deadline          what the sealed-pick conditions read
    writers   M  member -> true: who may submit this round
    voters    M  member -> true: who may vote this round
    options   M  option id -> writer ("" for truth and fallbacks)
    entries   M  member -> {text, at}: the sealed entries
    votes     M  member -> option id: the sealed votes
    conns     M  member -> connection id
    body      B  the rest of the room, zlib-compressed JSON
    expires_at N TTL, epoch seconds

A finished round's record (`sk=ROUND#<room start>#<match>#<round>`) is
written once, beside the room, so the room item only ever holds one round.

Submissions and votes never read-modify-write the room: each is one
`UpdateItem` that sets the member's own slot, conditioned on the slot being
empty and the phase, round and deadline still open. Two players submitting
at once touch different slots and both succeed. Whole-room saves (phase
changes, joins) are conditioned on `version`, which every sealed pick also
bumps, so a close can never overwrite an entry it did not see:

    writer A: add_entry ------------------> version 8
    closer:   load (version 7) ... save(expect 7) -> StaleRoom -> reload, decide again
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

from botocore.exceptions import ClientError

from bluff.adapters.attributes import from_attr, to_attr
from bluff.adapters.retry import Retry, error_code
from bluff.ports import (
    AlreadyBound,
    Binding,
    Busy,
    RoomExists,
    RoomStore,
    SlotTaken,
    Snapshot,
    StaleRoom,
)
from bluff.rules.game import eligible_voters
from bluff.rules.model import Entry, Phase, Room
from bluff.rules.text import comparison_key

ROOM_TTL_SECONDS = 24 * 3600
CONNECTION_TTL_SECONDS = 2 * 3600


def room_key(code: str) -> dict[str, Any]:
    return {"pk": {"S": f"ROOM#{code}"}, "sk": {"S": "STATE"}}


def connection_key(connection_id: str) -> dict[str, Any]:
    return {"pk": {"S": f"CONN#{connection_id}"}, "sk": {"S": "CONN"}}


def _sealed_slots(room: Room) -> dict[str, Any]:
    """The parts of the room that sealed-pick writes read or write, as plain data."""
    round_ = room.round
    writers: dict[str, bool] = {}
    voters: dict[str, bool] = {}
    options: dict[str, str] = {}
    if round_ is not None and room.phase is Phase.WRITING:
        active = {m.id for m in room.active_players}
        writers = {p: True for p in round_.players if p in active}
    if round_ is not None and room.phase is Phase.VOTING:
        voters = dict.fromkeys(eligible_voters(room), True)
        options = {o.id: o.writer or "" for o in round_.ballot}
    entries = {
        p: {"text": e.text, "at": e.at} for p, e in (round_.entries if round_ else {}).items()
    }
    return {
        "phase": room.phase.value,
        "round_no": room.round_number,
        "deadline": room.deadline or 0,
        "writers": writers,
        "voters": voters,
        "options": options,
        "entries": entries,
        "votes": dict(round_.votes) if round_ else {},
    }


def to_item(snapshot: Snapshot, version: int, now: int) -> dict[str, Any]:
    room = snapshot.room
    body = room.model_dump(mode="json", exclude={"version"})
    if body["round"] is not None:
        body["round"]["entries"], body["round"]["votes"] = {}, {}
        for option in body["round"]["ballot"]:
            if option["kind"] == "bluff":
                option["text"] = ""  # the writer's entry holds it; stored once
    plain: dict[str, Any] = {
        **_sealed_slots(room),
        "version": version,
        "conns": dict(snapshot.connections),
        "body": zlib.compress(json.dumps(body, separators=(",", ":")).encode()),
        "expires_at": now // 1000 + ROOM_TTL_SECONDS,
    }
    return {**room_key(room.code), **{k: to_attr(v) for k, v in plain.items()}}


def from_item(item: dict[str, Any]) -> Snapshot:
    plain = {k: from_attr(v) for k, v in item.items()}
    body = json.loads(zlib.decompress(bytes(plain["body"])))
    body["version"] = int(plain["version"])
    room = Room.model_validate(body)
    if room.round is not None:
        room.round.entries = {
            p: Entry(text=e["text"], key=comparison_key(e["text"]), at=int(e["at"]))
            for p, e in plain["entries"].items()
        }
        room.round.votes = {p: str(o) for p, o in plain["votes"].items()}
        for option in room.round.ballot:
            if option.kind == "bluff" and option.writer is not None:
                option.text = room.round.entries[option.writer].text
    return Snapshot(room, {m: str(c) for m, c in plain["conns"].items()})


class DynamoRoomStore(RoomStore):
    def __init__(self, client: Any, table: str, retry: Retry | None = None) -> None:
        self.client = client
        self.table = table
        self.retry = retry or Retry()

    def _expired(self, item: dict[str, Any], now: int) -> bool:
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

    def _seal(
        self,
        code: str,
        update: str,
        condition: str,
        names: dict[str, str],
        values: dict[str, Any],
        now: int,
    ) -> Snapshot:
        values = {
            **values,
            ":one": {"N": "1"},
            ":now": {"N": str(now)},
            ":expires": {"N": str(now // 1000 + ROOM_TTL_SECONDS)},
        }
        try:
            response = self.retry(
                lambda: self.client.update_item(
                    TableName=self.table,
                    Key=room_key(code),
                    UpdateExpression=f"{update}, version = version + :one, expires_at = :expires",
                    ConditionExpression=f"deadline > :now AND {condition}",
                    ExpressionAttributeNames=names,
                    ExpressionAttributeValues=values,
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

    def add_entry(self, code: str, member: str, round_: int, entry: Entry, now: int) -> Snapshot:
        return self._seal(
            code,
            "SET entries.#m = :entry",
            "phase = :writing AND round_no = :round "
            "AND attribute_exists(writers.#m) AND attribute_not_exists(entries.#m)",
            {"#m": member},
            {
                ":entry": to_attr({"text": entry.text, "at": entry.at}),
                ":writing": {"S": Phase.WRITING.value},
                ":round": {"N": str(round_)},
            },
            now,
        )

    def add_vote(self, code: str, member: str, round_: int, option: str, now: int) -> Snapshot:
        return self._seal(
            code,
            "SET votes.#m = :option",
            "phase = :voting AND round_no = :round "
            "AND attribute_exists(voters.#m) AND attribute_not_exists(votes.#m) "
            "AND attribute_exists(options.#o) AND options.#o <> :member",
            {"#m": member, "#o": option},
            {
                ":option": {"S": option},
                ":member": {"S": member},
                ":voting": {"S": Phase.VOTING.value},
                ":round": {"N": str(round_)},
            },
            now,
        )

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
