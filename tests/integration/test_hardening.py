"""A room cannot be locked, scanned, flooded or taken over, through the handlers on moto.

Each test stages one way the table was attacked or an unlucky table broke it
(observers that never leave, code scans, room minting, a big room's churn, a
second tab, a host whose phone died, look-alike names, a kick that did not
hold, frames the wire could not carry), and shows that it now holds.
GIVEN/WHEN/THEN in each test's body; rulings are named where one decides it.
"""

from __future__ import annotations

import copy
import json
from functools import partial
from typing import Any

from infra.local import events
from table.errors import MESSAGES, Code
from table.limits import LOOKUPS_PER_CONNECTION, LOOKUPS_PER_SOURCE, ROOMS_PER_SOURCE
from table.members import HOST_GRACE_MS, OBSERVER_GRACE_MS, hash_token
from table.ports import Snapshot
from table.room import IDLE_ROOM_TTL_SECONDS, MAX_MEMBERS, Member, Role
from tests.support.aws import EVENTS, Context, Stack, aws_stack
from tests.support.bluff import NAMES
from tests.support.threads import together

SOURCE = "198.51.100.7"


def error(stack: Stack, cid: str) -> dict[str, Any]:
    last = stack.messages(cid)[-1]
    assert last["type"] == "error", last
    return last


def join(stack: Stack, code: str, name: str, **fields: Any) -> str:
    cid = stack.connect()
    stack.send(cid, action="join_room", room=code, name=name, **fields)
    return cid


def crowd(stack: Stack, code: str, count: int, connected: bool = False) -> None:
    """Observers straight into the stored room, as an attack would have left them."""
    snapshot = stack.service.store.load(code, stack.clock.now())
    assert snapshot is not None
    room = snapshot.room
    for i in range(count):
        room.members.append(
            Member(
                id=f"o{i:06d}",
                name=f"Watcher {i}",
                role=Role.OBSERVER,
                token_hash=hash_token(f"t{i}"),
                joined_at=stack.clock.now(),
                connected=connected,
                away_since=None if connected else stack.clock.now(),
            )
        )
    stack.service.store.save(Snapshot(room, snapshot.connections), stack.clock.now())


# --- 1. Observers cannot lock a room (ruling 1e) ---------------------------------------


def test_r1e_a_free_seat_seats_a_joining_player_whatever_the_observers() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        crowd(stack, seated.code, 288)  # the observers' cap: 300 members less 12 seats
        cid = join(stack, seated.code, "Real")
        assert stack.messages(cid, "welcome")[-1]["role"] == "player"
        late = join(stack, seated.code, "Late", observer=True)
        assert error(stack, late)["code"] == Code.ROOM_FULL.value
        assert len(stack.service.store.load(seated.code, stack.clock.now()).room.members) < 300


def test_r1e_a_disconnected_observer_is_removed_after_a_minute() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        tv = join(stack, seated.code, "Tv", observer=True)
        stack.disconnect(tv)
        stack.clock.ms += OBSERVER_GRACE_MS - 1_000
        stack.send(seated.cids["Ben"], action="sync")
        assert len(stack.last_state(seated.cids["Ana"])["observer_list"]) == 1
        stack.clock.ms += 1_000
        stack.send(seated.cids["Ben"], action="sync")
        assert stack.last_state(seated.cids["Ana"])["observer_list"] == []
        room = stack.service.store.load(seated.code, stack.clock.now()).room
        assert [m.name for m in room.members] == list(NAMES[:3])


def test_r1e_the_host_sees_the_observers_and_can_remove_them() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        join(stack, seated.code, "Tv", observer=True)
        host_view = stack.last_state(seated.cids["Ana"])
        listed = host_view["observer_list"]
        assert [(o["name"], o["connected"]) for o in listed] == [("Tv", True)]
        # Every state has the same fields (RULES R6); only the host's lists the observers.
        assert stack.last_state(seated.cids["Ben"])["observer_list"] is None
        stack.send(seated.cids["Ana"], action="kick", player=listed[0]["id"])
        assert stack.last_state(seated.cids["Ana"])["observer_list"] == []


def test_r1e_a_tv_is_not_counted_as_watching_but_the_host_can_remove_it() -> None:
    with aws_stack() as stack:
        # GIVEN a lobby of three, a TV joined as an observer by choice, and Dee who
        # came once the match had begun (an observer because no seat was free to her)
        seated = stack.seat(NAMES[:3])
        tv = join(stack, seated.code, "Tv", observer=True)
        stack.send(seated.cids["Ana"], action="start_match")
        dee = join(stack, seated.code, "Dee")
        # WHEN the TV drops and comes back (the stored room keeps what it is)
        token = stack.messages(tv, "welcome")[-1]["token"]
        stack.disconnect(tv)
        again = stack.connect()
        stack.send(again, action="resume", room=seated.code, token=token)
        # THEN only Dee counts as watching, on every screen, the TV's own included
        # (Ben's count catches up with the next state he gets: observer churn is scoped)
        stack.send(seated.cids["Ben"], action="sync")
        for cid in (seated.cids["Ana"], seated.cids["Ben"], again, dee):
            assert stack.last_state(cid)["observers"] == 1
        # AND the host's list names both, the TV marked as a screen, and removes it
        listed = stack.last_state(seated.cids["Ana"])["observer_list"]
        assert [(o["name"], o["screen"]) for o in listed] == [("Tv", True), ("Dee", False)]
        stack.send(seated.cids["Ana"], action="kick", player=listed[0]["id"])
        assert error(stack, again)["code"] == Code.KICKED.value
        left = stack.last_state(seated.cids["Ana"])["observer_list"]
        assert [o["name"] for o in left] == ["Dee"]


def test_r1e_thousands_of_abandoned_observers_go_and_the_room_is_whole_again() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        crowd(stack, seated.code, 288)
        stack.clock.ms += OBSERVER_GRACE_MS
        cid = join(stack, seated.code, "Tv", observer=True)
        assert stack.messages(cid, "welcome")[-1]["role"] == "observer"
        assert [o["name"] for o in stack.last_state(seated.cids["Ana"])["observer_list"]] == ["Tv"]


# --- 2. Rooms cannot be found by scanning ----------------------------------------------


def test_resume_answers_alike_for_a_room_that_exists_and_one_that_does_not() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        cid = stack.connect()
        answers = []
        for code in (seated.code, "ZZZZ" if seated.code != "ZZZZ" else "ZZZX"):
            stack.send(cid, action="resume", room=code, token="0" * 32)
            answers.append({k: v for k, v in error(stack, cid).items() if k != "req"})
        assert answers[0] == answers[1]
        assert answers[0]["code"] == Code.BAD_TOKEN.value


def test_failed_look_ups_are_limited_per_connection() -> None:
    with aws_stack() as stack:
        stack.seat(NAMES[:3])
        cid = stack.connect()
        codes = []
        for i in range(LOOKUPS_PER_CONNECTION + 1):
            stack.send(cid, action="join_room", room=f"QQ{i:02d}", name="Scan")
            codes.append(error(stack, cid)["code"])
        assert codes == ["room_not_found"] * LOOKUPS_PER_CONNECTION + ["rate_limited"]
        stack.clock.ms += 60_000
        stack.send(cid, action="join_room", room="QQQQ", name="Scan")
        assert error(stack, cid)["code"] == "room_not_found"


def test_failed_look_ups_are_limited_per_source_address() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        refused = []
        for i in range(LOOKUPS_PER_SOURCE + 1):
            cid = stack.connect()  # a new socket for every try, as a scanner would
            body = json.dumps({"action": "resume", "room": f"QQ{i:02d}", "token": "0" * 32})
            stack.service.message(cid, body, source=SOURCE)
            refused.append(error(stack, cid)["code"])
        assert refused[-1] == "rate_limited" and set(refused[:-1]) == {"bad_token"}
        # Even a real room is out of reach from there for the rest of the minute...
        cid = stack.connect()
        body = json.dumps({"action": "join_room", "room": seated.code, "name": "Scan"})
        stack.service.message(cid, body, source=SOURCE)
        assert error(stack, cid)["code"] == "rate_limited"
        # ... but not from another address.
        stack.service.message(cid, body, source="203.0.113.9")
        assert stack.messages(cid)[-1]["type"] in ("welcome", "state")


# --- 3. Rooms cannot be minted without limit --------------------------------------------


def test_room_creation_is_limited_per_connection_and_per_address() -> None:
    with aws_stack() as stack:
        cid = stack.connect()
        outcomes = []
        for _ in range(4):
            stack.service.message(cid, json.dumps({"action": "create_room", "name": "Mo"}))
            outcomes.append(stack.messages(cid)[-1].get("code", "created"))
            stack.send(cid, action="leave")
        assert outcomes == ["created"] * 3 + ["rate_limited"]

        created = 0
        for i in range(ROOMS_PER_SOURCE + 1):
            cid = stack.connect()
            body = json.dumps({"action": "create_room", "name": f"Mo {i}"})
            stack.service.message(cid, body, source=SOURCE)
            created += stack.messages(cid)[-1]["type"] != "error"
        assert created == ROOMS_PER_SOURCE
        assert error(stack, cid)["code"] == "rate_limited"


def test_a_room_with_nobody_connected_expires_in_half_an_hour_and_an_empty_one_at_once() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:2])
        for cid in seated.cids.values():
            stack.disconnect(cid)
        expires = int(stack.room_item(seated.code)["expires_at"]["N"])
        assert expires == stack.clock.now() // 1000 + IDLE_ROOM_TTL_SECONDS

        cid = stack.connect()
        stack.send(cid, action="create_room", name="Mo")
        code = stack.messages(cid, "welcome")[-1]["room"]
        stack.send(cid, action="leave")
        assert stack.service.store.load(code, stack.clock.now()) is None


# --- 4. A big room: observer churn is cheap --------------------------------------------


def sent(stack: Stack) -> int:
    return sum(len(box) for box in stack.notifier.inbox.values())


def test_observer_churn_in_a_300_member_room_costs_a_few_messages_not_one_per_member() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:12])
        # Every seat is taken: the watchers are observers; the TV is one by choice.
        watchers = [join(stack, seated.code, f"Watcher {i}") for i in range(60)]
        crowd_size = MAX_MEMBERS - 12 - 60 - 1
        crowd(stack, seated.code, crowd_size, connected=True)  # no sockets: none are sent to
        before = sent(stack)
        tv = join(stack, seated.code, "Tv", observer=True)
        for cid in watchers:
            stack.disconnect(cid)
        stack.disconnect(tv)
        # welcome + own state for the newcomer, and one state to the host per change.
        assert sent(stack) - before <= 2 + 2 + len(watchers) + 1
        stack.send(seated.cids["Ana"], action="start_match")  # a real change reaches everyone
        assert stack.last_state(seated.cids["Ben"])["observers"] == crowd_size + 60  # not the TV


def test_simultaneous_disconnects_in_a_big_room_all_land() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        watchers = [join(stack, seated.code, f"Watcher {i}", observer=True) for i in range(24)]
        # Every drop at once; a Busy here would be a Lambda error, and fails the test.
        together([partial(stack.disconnect, cid) for cid in watchers])
        room = stack.service.store.load(seated.code, stack.clock.now()).room
        assert [m.name for m in room.observers if m.connected] == []


# --- 5. A second tab takes the seat over ------------------------------------------------


def test_resuming_revokes_the_old_connection_and_rotates_the_token() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.send(seated.cids["Ana"], action="start_match")
        old = seated.cids["Ben"]
        tab = stack.connect()
        stack.send(tab, action="resume", room=seated.code, token=seated.tokens["Ben"])
        welcome = stack.messages(tab, "welcome")[-1]
        assert welcome["player"] == seated.ids["Ben"]
        assert welcome["token"] != seated.tokens["Ben"]
        assert error(stack, old)["code"] == Code.RESUMED_ELSEWHERE.value
        before = stack.room_item(seated.code)
        stack.send(old, action="submit", round=1, text="a wooden bucket for milk")
        assert error(stack, old)["code"] == Code.RESUMED_ELSEWHERE.value
        assert stack.room_item(seated.code) == before
        stack.send(tab, action="submit", round=1, text="a wooden bucket for milk")
        assert stack.room(seated.code).round.entries.keys() >= {seated.ids["Ben"]}
        # The old token is spent, and the old tab closing leaves the new one bound.
        other = stack.connect()
        stack.send(other, action="resume", room=seated.code, token=seated.tokens["Ben"])
        assert error(stack, other)["code"] == Code.BAD_TOKEN.value
        stack.disconnect(old)
        player = next(p for p in stack.last_state(tab)["players"] if p["id"] == welcome["player"])
        assert player["connected"] is True
        stack.send(tab, action="sync")
        assert stack.messages(tab)[-1]["type"] == "state"


# --- 6. A host whose phone dies hands the role on (ruling 1e) ---------------------------


def test_r1e_a_host_away_for_30_seconds_hands_the_host_role_on() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.disconnect(seated.cids["Ana"])
        stack.clock.ms += HOST_GRACE_MS
        stack.send(seated.cids["Ben"], action="start_match")
        assert stack.last_state(seated.cids["Ben"])["phase"] == "writing"
        assert stack.last_state(seated.cids["Ben"])["me"]["host"] is True
        back = stack.connect()
        stack.send(back, action="resume", room=seated.code, token=seated.tokens["Ana"])
        assert stack.last_state(back)["me"]["host"] is False


def test_r1e_a_host_back_within_30_seconds_stays_host() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.disconnect(seated.cids["Ana"])
        stack.clock.ms += HOST_GRACE_MS - 1_000
        stack.send(seated.cids["Ben"], action="start_match")
        assert error(stack, seated.cids["Ben"])["code"] == Code.NOT_HOST.value


# --- 7. Look-alike names and stacked marks (ruling 4c) ----------------------------------


def test_r4c_confusable_names_are_taken_and_stacked_marks_refused() -> None:
    with aws_stack() as stack:
        seated = stack.seat(["Ana", "Ben", "Cy"])
        for name in ("\u0410na", "\u0391na"):  # Cyrillic А, Greek Α
            cid = join(stack, seated.code, name)
            assert error(stack, cid)["code"] == Code.NAME_TAKEN.value
        cid = join(stack, seated.code, "Z" + "\u0301" * 23)
        assert (error(stack, cid)["code"], error(stack, cid)["reason"]) == (
            "invalid_name",
            "invisible",
        )


# --- 8. A kick keeps the member out ----------------------------------------------------


def test_a_kicked_member_cannot_come_back_by_name_token_or_connection() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:4])
        stack.send(seated.cids["Ana"], action="kick", player=seated.ids["Dee"])
        assert error(stack, seated.cids["Dee"])["code"] == Code.KICKED.value
        again = seated.cids["Dee"]
        stack.send(again, action="join_room", room=seated.code, name="Dee")
        assert error(stack, again)["code"] == Code.KICKED.value
        renamed = join(stack, seated.code, "Someone", token=seated.tokens["Dee"])
        assert error(stack, renamed)["code"] == Code.KICKED.value
        look_alike = join(stack, seated.code, "D\u0435e")  # Cyrillic е
        assert error(stack, look_alike)["code"] == Code.KICKED.value
        other = join(stack, seated.code, "Eve")
        assert stack.messages(other, "welcome")[-1]["role"] == "player"


# --- 9. The wire ----------------------------------------------------------------------


def message_event(cid: str, body: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EVENTS / "message.json").read_text())
    data["requestContext"]["connectionId"] = cid
    data["requestContext"]["routeKey"] = "$default"
    data["body"] = body
    return copy.deepcopy(data)


def test_deeply_nested_json_is_a_bad_request_in_the_gateway_and_the_handler() -> None:
    nested = "[" * 1500 + "]" * 1500
    assert events.select_route(nested, {"ping", "submit"}) == events.DEFAULT_ROUTE
    assert events.select_route('{"a":' * 1500 + "1" + "}" * 1500, {"ping"}) == "$default"
    with aws_stack() as stack:
        cid = stack.connect()
        stack.modules["actions"].handler(message_event(cid, nested), Context())
        assert error(stack, cid)["code"] == Code.BAD_REQUEST.value


def test_every_reply_is_valid_json_and_non_finite_numbers_are_refused() -> None:
    with aws_stack() as stack:
        cid = stack.connect()
        for body in ('{"action":"ping","t":NaN}', '{"action":"ping","t":Infinity}'):
            stack.send_raw(cid, body)
            assert error(stack, cid)["code"] == Code.BAD_REQUEST.value
        for message in stack.messages(cid):
            json.loads(json.dumps(message, allow_nan=False))


def test_an_overlong_text_is_too_long_not_malformed() -> None:
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.send(seated.cids["Ana"], action="start_match")
        stack.send(seated.cids["Ben"], action="submit", round=1, text="word " * 500)
        refused = error(stack, seated.cids["Ben"])
        assert (refused["code"], refused["reason"]) == ("invalid_text", "too_long")
        cid = join(stack, seated.code, "n" * 2500)
        assert (error(stack, cid)["code"], error(stack, cid)["reason"]) == (
            "invalid_name",
            "too_long",
        )


def test_every_code_has_its_own_message() -> None:
    fallback = MESSAGES[Code.BAD_REQUEST]
    for code in Code:
        assert code in MESSAGES, code
        assert code is Code.BAD_REQUEST or MESSAGES[code] != fallback, code
    with aws_stack() as stack:
        seated = stack.seat(NAMES[:3])
        stack.send(seated.cids["Ana"], action="kick", player=seated.ids["Ana"])
        refused = error(stack, seated.cids["Ana"])
        assert refused["code"] == Code.CANNOT_KICK_SELF.value
        assert refused["message"] != fallback
