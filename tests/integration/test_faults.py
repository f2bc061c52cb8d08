"""Faults through the handlers: throttled DynamoDB, throttled and gone connections, odd timers.

Every client action is all or nothing: either it happened exactly once and
everyone heard about it, or the client got an `error` and the room item is
byte-for-byte what it was. Throttling is injected per DynamoDB call site by
wrapping each handler module's store client (every module has its own); the
adapters' bounded retry is kept, with its sleeps taken out.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError

from games.bluff.display import shown
from infra.template import table_definition
from table.adapters import sqs
from table.adapters.apigateway import ApiGatewayNotifier
from table.adapters.dynamodb import from_item
from table.adapters.retry import Retry
from table.limits import RateLimiter, lookup_quota, room_quota
from table.ports import Alarm, Busy
from tests.support.aws import (
    QUEUE_ARN,
    START,
    TABLE,
    Context,
    RecordingNotifier,
    RecordingTelemetry,
    RecordingTimers,
    Stack,
    aws_stack,
)

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]
BLUFFS = {
    "Ana": "a copper kettle for slow stews",
    "Ben": "a shepherd's whistle made of horn",
    "Cy": "to pace in circles while thinking",
    "Dee": "the dust on old bookshelves",
    "Eli": "a dance at the end of harvest",
}

# --- injecting throttling per DynamoDB call site ----------------------------------------


def _key(kwargs: dict[str, Any]) -> tuple[str, str]:
    key = kwargs.get("Key") or kwargs.get("Item") or {}
    return str(key.get("pk", {}).get("S", "")), str(key.get("sk", {}).get("S", ""))


def _room(kwargs: dict[str, Any]) -> bool:
    return _key(kwargs)[1] == "STATE"


def _connection(kwargs: dict[str, Any]) -> bool:
    return _key(kwargs)[0].startswith("CONN#")


# Each store method as the DynamoDB request it makes.
SITES: dict[str, tuple[str, Callable[[dict[str, Any]], bool]]] = {
    "load": ("get_item", _room),
    "binding": ("get_item", _connection),
    "create": (
        "put_item",
        lambda kw: _room(kw) and "attribute_not_exists(pk)" in kw["ConditionExpression"],
    ),
    "save": ("put_item", lambda kw: _room(kw) and "version" in kw["ConditionExpression"]),
    "archive": ("put_item", lambda kw: _key(kw)[1].startswith("ROUND#")),
    "bind": ("put_item", _connection),
    "seal": ("update_item", lambda kw: "picks.#m" in kw["UpdateExpression"]),
    "unbind": ("delete_item", _connection),
}
OPERATIONS = {
    "get_item": "GetItem",
    "put_item": "PutItem",
    "update_item": "UpdateItem",
    "delete_item": "DeleteItem",
}


@dataclass
class Faults:
    """The next N requests of a call site answer ProvisionedThroughputExceededException."""

    pending: Counter[str] = field(default_factory=Counter)
    calls: Counter[str] = field(default_factory=Counter)
    spared: Counter[str] = field(default_factory=Counter)

    def throttle(self, site: str, times: int, after: int = 0) -> None:
        """Throttle the call site `times` times, once `after` more calls have gone through."""
        self.pending[site], self.spared[site] = times, after

    def check(self, operation: str, kwargs: dict[str, Any]) -> None:
        for site, (op, matches) in SITES.items():
            if op == operation and matches(kwargs):
                self.calls[site] += 1
                if self.spared[site] > 0:
                    self.spared[site] -= 1
                elif self.pending[site] > 0:
                    self.pending[site] -= 1
                    raise ClientError(
                        {
                            "Error": {
                                "Code": "ProvisionedThroughputExceededException",
                                "Message": "x",
                            }
                        },
                        OPERATIONS[operation],
                    )
                return
        # A new call site must be added to SITES, or its faults go untested.
        raise AssertionError(f"unknown DynamoDB call site: {operation} {sorted(kwargs)}")


class FaultyClient:
    """A DynamoDB client that consults `Faults` before each data-plane call."""

    def __init__(self, client: Any, faults: Faults) -> None:
        self._client = client
        self._faults = faults

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._client, name)
        if name not in OPERATIONS:
            return real

        def call(**kwargs: Any) -> Any:
            self._faults.check(name, kwargs)
            return real(**kwargs)

        return call


def _no_sleep_retry() -> Retry:
    return Retry(sleep=lambda _: None)


@pytest.fixture(scope="module")
def loaded() -> Iterator[tuple[Stack, list[dict[str, Any]]]]:
    """The handler modules, loaded once per file: loading them is most of a test's time."""
    with aws_stack() as stack:
        wiring = [dict(vars(m.app.service.store)) for m in stack.modules.values()]
        yield stack, wiring


@pytest.fixture
def stack(loaded: tuple[Stack, list[dict[str, Any]]]) -> Stack:
    """The loaded stack as new: an empty table, fresh fakes, the start time, seed 0."""
    stack, wiring = loaded
    stack.client.delete_table(TableName=TABLE)
    stack.client.create_table(**table_definition(TABLE))
    stack.notifier, stack.timers, stack.fired = RecordingNotifier(), RecordingTimers(), set()
    stack.clock.ms = START
    rng = stack.rng = random.Random(0)
    for module, store in zip(stack.modules.values(), wiring, strict=True):
        service = module.app.service
        vars(service.store).update(store)
        service.notifier = service.fanout.notifier = stack.notifier
        service.fanout.timers, service.rng = stack.timers, rng
        service.limiter = RateLimiter()
        # Every test starts at the same fake time: the per-address windows start empty too.
        service.lookups, service.rooms = lookup_quota(), room_quota()
    return stack


@pytest.fixture
def faults(stack: Stack) -> Faults:
    faults = Faults()
    for module in stack.modules.values():
        store = module.app.service.store
        store.client = FaultyClient(store.client, faults)
        store.retry = _no_sleep_retry()
    return faults


def _bound(stack: Stack) -> int:
    return int(stack.service.store.retry.attempts)


# --- playing -------------------------------------------------------------------------------


@dataclass
class Game:
    stack: Stack
    code: str
    cids: dict[str, str]
    ids: dict[str, str]
    tokens: dict[str, str]

    def send(self, who: str, /, **message: Any) -> None:
        # 50 ms between frames keeps every connection under the 20/s rate limit.
        self.stack.clock.ms += 50
        self.stack.send(self.cids[who], **message)

    def state(self, name: str) -> dict[str, Any]:
        return self.stack.last_state(self.cids[name])

    def last(self, name: str) -> dict[str, Any]:
        return self.stack.messages(self.cids[name])[-1]

    def item(self) -> dict[str, Any]:
        return self.stack.room_item(self.code)

    @property
    def round(self) -> int:
        return int(self.state("Ana")["round"])

    def start(self) -> None:
        self.send("Ana", action="start_match")
        assert self.state("Ana")["phase"] == "writing"

    def submit(self, name: str) -> None:
        self.send(name, action="submit", round=self.round, text=BLUFFS[name])

    def vote(self, name: str) -> None:
        state = self.state(name)
        assert state["can_vote"], name
        option = next(o["id"] for o in state["ballot"] if not o["mine"])
        self.send(name, action="vote", round=self.round, option=option)

    def voters(self) -> list[str]:
        return [n for n in self.cids if self.state(n)["can_vote"]]

    def to_voting(self) -> None:
        for name in self.cids:
            self.submit(name)
        assert self.state("Ana")["phase"] == "voting"

    def seats(self) -> list[str]:
        return [p["name"] for p in self.state("Ana")["players"]]


def _seat(stack: Stack, players: int = 3) -> Game:
    cids = {"Ana": stack.connect()}
    stack.send(cids["Ana"], action="create_room", name="Ana")
    welcome = stack.messages(cids["Ana"], "welcome")[-1]
    code = welcome["room"]
    ids, tokens = {"Ana": welcome["player"]}, {"Ana": welcome["token"]}
    game = Game(stack, code, cids, ids, tokens)
    for name in NAMES[1:players]:
        _join(game, name)
    return game


def _join(game: Game, name: str) -> None:
    cid = game.stack.connect()
    game.cids[name] = cid
    game.send(name, action="join_room", room=game.code, name=name)
    welcome = game.stack.messages(cid, "welcome")[-1]
    game.ids[name], game.tokens[name] = welcome["player"], welcome["token"]


def _error(game: Game, name: str) -> str | None:
    last = game.last(name)
    return str(last["code"]) if last["type"] == "error" else None


def _stored(game: Game) -> Any:
    return from_item(game.item())


def _room_items(stack: Stack, sk: str = "STATE") -> list[dict[str, Any]]:
    items = stack.client.scan(TableName=TABLE)["Items"]
    return [i for i in items if i["sk"]["S"].startswith(sk)]


def _binding(stack: Stack, cid: str) -> dict[str, Any] | None:
    key = {"pk": {"S": f"CONN#{cid}"}, "sk": {"S": "CONN"}}
    return stack.client.get_item(TableName=TABLE, Key=key).get("Item")


# --- throttled DynamoDB before the write: all or nothing --------------------------------
#
# Each case: (site, set the room up, act, check that the action happened once).
# With fewer throttles than the retry bound the action succeeds exactly once;
# with as many as the bound the client gets `busy` and the room is untouched.


Act = tuple[str, Callable[[], None]]  # who acts, and how


def _case_join(game: Game) -> Act:
    game.cids["Dee"] = game.stack.connect()
    return "Dee", lambda: game.send("Dee", action="join_room", room=game.code, name="Dee")


def _joined(game: Game) -> None:
    assert game.seats() == ["Ana", "Ben", "Cy", "Dee"]
    assert len(game.stack.messages(game.cids["Dee"], "welcome")) == 1


def _case_start(game: Game) -> Act:
    return "Ana", lambda: game.send("Ana", action="start_match")


def _started(game: Game) -> None:
    assert game.state("Ben")["phase"] == "writing"
    assert len(game.stack.timers.started) == 1


def _case_submit(game: Game) -> Act:
    game.start()
    return "Ben", lambda: game.submit("Ben")


def _submitted(game: Game) -> None:
    assert game.state("Ben")["my_entry"] == shown(BLUFFS["Ben"], "en")  # as every card shows
    assert game.state("Ana")["ready"] == 1


def _case_vote(game: Game) -> Act:
    game.start()
    game.to_voting()
    voter = game.voters()[0]
    return voter, lambda: game.vote(voter)


def _voted(game: Game) -> None:
    assert game.state("Ana")["votes_in"] == 1


def _case_continue(game: Game) -> Act:
    game.start()
    game.to_voting()
    for name in game.voters():
        game.vote(name)
    assert game.state("Ana")["phase"] == "reveal"
    game.stack.clock.ms = int(game.state("Ana")["continue_at"])
    return "Ana", lambda: game.send("Ana", action="continue", round=1)


def _continued(game: Game) -> None:
    assert (game.state("Cy")["phase"], game.state("Cy")["round"]) == ("writing", 2)


CASES: dict[str, tuple[Callable[[Game], Act], Callable[[Game], None]]] = {
    "join": (_case_join, _joined),
    "start": (_case_start, _started),
    "submit": (_case_submit, _submitted),
    "vote": (_case_vote, _voted),
    "continue": (_case_continue, _continued),
}
# Every DynamoDB call an action makes up to and including its one room write.
BEFORE_THE_WRITE = [
    ("join", "binding"),
    ("join", "load"),
    ("join", "save"),
    ("start", "binding"),
    ("start", "load"),
    ("start", "save"),
    ("submit", "binding"),
    ("submit", "load"),
    ("submit", "seal"),
    ("vote", "binding"),
    ("vote", "load"),
    ("vote", "seal"),
    ("continue", "binding"),
    ("continue", "load"),
    ("continue", "save"),
]


@pytest.mark.parametrize(("case", "site"), BEFORE_THE_WRITE)
def test_throttled_below_the_bound_the_action_happens_once(
    stack: Stack, faults: Faults, case: str, site: str
) -> None:
    # GIVEN a room where the action is allowed, and the call site throttled bound-1 times
    game = _seat(stack)
    setup, happened = CASES[case]
    actor, act = setup(game)
    version = int(game.item()["version"]["N"])
    faults.throttle(site, _bound(stack) - 1)

    # WHEN the client acts
    act()

    # THEN every throttle was absorbed and the action happened exactly once
    assert faults.pending[site] == 0
    assert _error(game, actor) is None
    happened(game)
    assert int(game.item()["version"]["N"]) == version + 1


@pytest.mark.parametrize(("case", "site"), BEFORE_THE_WRITE)
def test_throttled_at_the_bound_the_client_is_busy_and_nothing_changed(
    stack: Stack, faults: Faults, case: str, site: str
) -> None:
    # GIVEN the call site throttled on every attempt of one call
    game = _seat(stack)
    setup, happened = CASES[case]
    actor, act = setup(game)
    before = game.item()
    heard = {n: len(stack.messages(c)) for n, c in game.cids.items()}
    timers = len(stack.timers.calls)
    faults.throttle(site, _bound(stack))

    # WHEN the client acts
    act()

    # THEN the client is told `busy`, nobody else hears a thing, and the room
    # item is byte for byte what it was (body included): no timer either
    assert faults.pending[site] == 0
    assert _error(game, actor) == "busy"
    assert {n for n, c in game.cids.items() if len(stack.messages(c)) > heard[n]} == {actor}
    assert game.item() == before
    assert len(stack.timers.calls) == timers
    if case == "join":
        assert _binding(stack, game.cids["Dee"]) is None
    # AND the same message again, once DynamoDB has recovered, does it
    act()
    happened(game)


def test_create_room_throttled_leaves_no_room(stack: Stack, faults: Faults) -> None:
    cid = stack.connect()
    faults.throttle("create", _bound(stack))

    stack.send(cid, action="create_room", name="Ana")

    assert stack.messages(cid)[-1]["code"] == "busy"
    assert _room_items(stack) == []
    assert _binding(stack, cid) is None
    stack.clock.ms += 100
    stack.send(cid, action="create_room", name="Ana")
    assert stack.messages(cid, "welcome")


def test_create_room_throttled_below_the_bound_creates_one_room(
    stack: Stack, faults: Faults
) -> None:
    cid = stack.connect()
    faults.throttle("create", _bound(stack) - 1)
    stack.send(cid, action="create_room", name="Ana")
    assert len(stack.messages(cid, "welcome")) == 1
    assert len(_room_items(stack)) == 1


# --- throttled DynamoDB after the room write ----------------------------------------------


def test_join_whose_bind_is_throttled_keeps_the_seat_and_the_token(
    stack: Stack, faults: Faults
) -> None:
    # GIVEN the connection item cannot be written after the seat is stored
    game = _seat(stack)
    game.cids["Dee"] = stack.connect()
    faults.throttle("bind", _bound(stack))

    # WHEN Dee joins
    game.send("Dee", action="join_room", room=game.code, name="Dee")

    # THEN the seat stands and Dee holds its token: nothing Dee did is lost
    assert _error(game, "Dee") is None
    (welcome,) = stack.messages(game.cids["Dee"], "welcome")
    assert "Dee" in game.seats()
    assert _binding(stack, game.cids["Dee"]) is None
    # AND Dee's next message says `not_in_room`, which a client answers with resume
    game.send("Dee", action="sync")
    assert _error(game, "Dee") == "not_in_room"
    game.send("Dee", action="resume", room=game.code, token=welcome["token"])
    assert _binding(stack, game.cids["Dee"]) is not None
    game.send("Dee", action="sync")
    assert stack.messages(game.cids["Dee"])[-1]["type"] == "state"


def test_create_whose_bind_is_throttled_keeps_the_room_and_the_token(
    stack: Stack, faults: Faults
) -> None:
    cid = stack.connect()
    faults.throttle("bind", _bound(stack))

    stack.send(cid, action="create_room", name="Ana")

    (welcome,) = stack.messages(cid, "welcome")
    assert stack.messages(cid, "error") == []
    assert len(_room_items(stack)) == 1
    stack.send(cid, action="resume", room=welcome["room"], token=welcome["token"])
    assert _binding(stack, cid) is not None


def test_resume_whose_bind_is_throttled_can_be_resumed_again(stack: Stack, faults: Faults) -> None:
    # A resume is idempotent: the room records the new connection first, and
    # another resume, once DynamoDB recovers, binds it.
    game = _seat(stack)
    stack.disconnect(game.cids["Ben"])
    game.cids["Ben"] = stack.connect()
    faults.throttle("bind", _bound(stack))

    game.send("Ben", action="resume", room=game.code, token=game.tokens["Ben"])
    assert _error(game, "Ben") is None
    assert _binding(stack, game.cids["Ben"]) is None
    game.send("Ben", action="resume", room=game.code, token=game.tokens["Ben"])

    assert len(stack.messages(game.cids["Ben"], "welcome")) == 2
    assert all(p["connected"] for p in game.state("Ana")["players"])
    game.send("Ben", action="sync")
    assert _error(game, "Ben") is None


@pytest.mark.parametrize("actor", ["last_writer", "last_voter"])
def test_closing_pick_whose_close_is_throttled_is_not_reported_busy(
    stack: Stack, faults: Faults, actor: str
) -> None:
    game = _seat(stack)
    game.start()
    names, pick = list(game.cids), game.submit
    if actor == "last_voter":
        game.to_voting()
        names, pick = game.voters(), game.vote
    *others, last = names
    for name in others:
        pick(name)
    before = game.item()
    faults.throttle("save", _bound(stack))

    pick(last)

    if _error(game, last) is not None:
        assert game.item() == before, "error reported, yet the pick was stored"


def test_closing_pick_whose_close_is_throttled_is_closed_later(
    stack: Stack, faults: Faults
) -> None:
    game = _seat(stack)
    game.start()
    game.submit("Ana")
    game.submit("Ben")
    faults.throttle("save", _bound(stack))

    game.submit("Cy")

    # The entry is in and the client was not told otherwise; the close waits...
    assert _error(game, "Cy") is None
    assert game.ids["Cy"] in game.item()["picks"]["M"]
    assert game.state("Ana")["phase"] == "writing"
    assert game.state("Ana")["ready"] == 3
    # ...for the next message (or the writing timer), which closes it, once.
    game.send("Cy", action="sync")
    assert game.state("Cy")["phase"] == "voting"
    assert len(stack.timers.started) == 2


def _to_last_vote(game: Game) -> str:
    game.start()
    game.to_voting()
    *others, last = game.voters()
    for name in others:
        game.vote(name)
    return last


def test_round_record_throttled_does_not_disturb_the_game(stack: Stack, faults: Faults) -> None:
    # GIVEN the round record cannot be written when the reveal opens
    game = _seat(stack)
    last = _to_last_vote(game)
    faults.throttle("archive", _bound(stack))

    # WHEN the last vote opens the reveal
    game.vote(last)

    # THEN the game goes on (the record is for operators), with no record kept
    assert faults.calls["archive"] == _bound(stack)
    assert _error(game, last) is None
    assert game.state("Ana")["phase"] == "reveal"
    assert _room_items(stack, "ROUND#") == []


def test_round_record_throttled_below_the_bound_is_written_once(
    stack: Stack, faults: Faults
) -> None:
    game = _seat(stack)
    last = _to_last_vote(game)
    faults.throttle("archive", _bound(stack) - 1)

    game.vote(last)

    assert _error(game, last) is None
    (record,) = _room_items(stack, "ROUND#")
    assert record["pk"]["S"] == f"ROOM#{game.code}"
    assert record["sk"]["S"].endswith("#0001#1")


@pytest.mark.parametrize("site", ["load", "save"])
def test_closing_pick_throttled_below_the_bound_closes_the_phase_once(
    stack: Stack, faults: Faults, site: str
) -> None:
    game = _seat(stack)
    game.start()
    game.submit("Ana")
    game.submit("Ben")
    version = int(game.item()["version"]["N"])
    faults.throttle(site, _bound(stack) - 1)

    game.submit("Cy")

    assert _error(game, "Cy") is None
    assert game.state("Ana")["phase"] == "voting"
    assert int(game.item()["version"]["N"]) == version + 2  # the entry, then the close
    assert len(stack.timers.started) == 2


@pytest.mark.parametrize(
    ("trigger", "site"),
    [("gone", "unbind"), ("gone", "load"), ("gone", "save"), ("kick", "unbind")],
)
def test_cleanup_after_a_stored_action_is_not_reported_busy(
    stack: Stack, faults: Faults, trigger: str, site: str
) -> None:
    game = _seat(stack, players=4)
    game.start()
    if trigger == "gone":
        stack.notifier.gone.add(game.cids["Cy"])  # Cy's phone went away without a $disconnect
    # The action's own read of the room goes through; the clean-up's is throttled.
    faults.throttle(site, _bound(stack), after=1 if site == "load" else 0)

    if trigger == "gone":
        actor = "Ben"
        game.submit("Ben")
        assert game.ids["Ben"] in game.item()["picks"]["M"]  # the entry is stored...
    else:
        actor = "Ana"
        game.send("Ana", action="kick", player=game.ids["Dee"])
        assert "Dee" not in [p["name"] for p in game.state("Ben")["players"] if p["active"]]
    assert _error(game, actor) is None  # ...so the client must not be told `busy`


def test_leave_whose_unbind_is_throttled_frees_the_connection(stack: Stack, faults: Faults) -> None:
    game = _seat(stack, players=4)
    faults.throttle("unbind", _bound(stack))

    game.send("Dee", action="leave")
    first = _error(game, "Dee")
    game.send("Dee", action="leave")
    game.send("Dee", action="create_room", name="Dee")

    assert "Dee" not in game.seats()
    assert first is None or (first == "busy" and _binding(stack, game.cids["Dee"]) is None)
    assert stack.messages(game.cids["Dee"], "welcome")[-1]["room"] != game.code


def test_disconnect_throttled_heals_at_the_next_post(stack: Stack, faults: Faults) -> None:
    # GIVEN the room cannot be read while Ben's $disconnect runs
    game = _seat(stack)
    faults.throttle("load", _bound(stack))

    # WHEN API Gateway delivers $disconnect: the handler fails (a logged Lambda
    # error; API Gateway does not retry $disconnect)
    with pytest.raises(Busy):
        stack.disconnect(game.cids["Ben"])

    # THEN Ben still shows as connected, until the next post to his connection
    # answers 410 Gone: then he is dropped, and he can resume later
    assert all(p["connected"] for p in game.state("Ana")["players"])
    stack.notifier.gone.add(game.cids["Ben"])
    _join(game, "Dee")
    ben = next(p for p in game.state("Ana")["players"] if p["name"] == "Ben")
    assert ben["connected"] is False
    assert _binding(stack, game.cids["Ben"]) is None


def test_disconnect_whose_unbind_is_throttled_still_drops_the_member(
    stack: Stack, faults: Faults
) -> None:
    game = _seat(stack)
    faults.throttle("unbind", _bound(stack))
    stack.disconnect(game.cids["Ben"])
    ben = next(p for p in game.state("Ana")["players"] if p["name"] == "Ben")
    assert ben["connected"] is False
    # The connection item stays until its TTL; its id is never reused, so it is inert.
    assert _binding(stack, game.cids["Ben"]) is not None


@pytest.mark.parametrize("site", ["load", "save"])
def test_deadline_throttled_is_handed_back_and_its_redelivery_closes(
    stack: Stack, faults: Faults, site: str
) -> None:
    # A message the handler hands back (`batchItemFailures`) comes again after
    # the queue's visibility timeout; on an idempotent handler it does the work once.
    game = _seat(stack)
    game.start()
    deadline = stack.timers.started[-1]
    before = game.item()
    faults.throttle(site, _bound(stack))

    answer = stack.fire(deadline)
    (failure,) = answer["batchItemFailures"]
    assert failure["itemIdentifier"].startswith("msg-")
    assert game.item() == before
    assert stack.fire(deadline) == {"batchItemFailures": []}

    assert game.state("Ana")["phase"] in {"voting", "reveal"}
    assert int(game.item()["version"]["N"]) == int(before["version"]["N"]) + 1


# --- the Management API: throttled posts ---------------------------------------------------


class ManagementApi:
    """A real Management API client whose transport throttles chosen connections forever."""

    def __init__(self) -> None:
        self.client = boto3.client(
            "apigatewaymanagementapi",
            region_name="us-east-1",
            endpoint_url="https://abc123.execute-api.us-east-1.amazonaws.com/live",
        )
        self.client._make_api_call = self._call
        self.throttled: set[str] = set()
        self.inbox: dict[str, list[dict[str, Any]]] = {}

    def _call(self, operation: str, params: dict[str, Any]) -> dict[str, Any]:
        assert operation == "PostToConnection"
        cid = params["ConnectionId"]
        if cid in self.throttled:
            raise ClientError(
                {"Error": {"Code": "TooManyRequestsException", "Message": "slow down"}},
                operation,
            )
        self.inbox.setdefault(cid, []).append(json.loads(params["Data"]))
        return {}


def test_throttled_posts_do_not_undo_the_action(stack: Stack) -> None:
    # GIVEN a room whose notifier is the real adapter, and Ben's posts are throttled
    game = _seat(stack)
    game.start()
    api, telemetry = ManagementApi(), RecordingTelemetry()
    notifier = ApiGatewayNotifier(api.client, telemetry, retry=_no_sleep_retry())
    for module in stack.modules.values():
        module.app.service.notifier = module.app.service.fanout.notifier = notifier
    api.throttled.add(game.cids["Ben"])
    version = int(game.item()["version"]["N"])

    # WHEN Ana submits
    game.stack.clock.ms += 50
    stack.send(game.cids["Ana"], action="submit", round=1, text=BLUFFS["Ana"])

    # THEN the entry is stored, Ana and Cy got their views, Ben's view was
    # dropped (counted) and Ben is not taken for gone
    item = game.item()
    assert int(item["version"]["N"]) == version + 1
    assert game.ids["Ana"] in item["picks"]["M"]
    assert api.inbox[game.cids["Ana"]][-1]["ready"] == 1
    assert api.inbox[game.cids["Cy"]][-1]["ready"] == 1
    assert game.cids["Ben"] not in api.inbox
    assert telemetry.counts["post_failed"] == 1
    assert all(p["connected"] for p in api.inbox[game.cids["Cy"]][-1]["players"])

    # AND when the throttling passes, Ben's next view (here: a sync) is complete
    api.throttled.clear()
    game.stack.clock.ms += 50
    stack.send(game.cids["Ben"], action="sync")
    assert api.inbox[game.cids["Ben"]][-1]["ready"] == 1


# --- GoneException: dropped, not left -------------------------------------------------------


def test_gone_connection_is_dropped_unbound_and_can_resume(stack: Stack) -> None:
    # GIVEN Ben's connection answers 410 Gone
    game = _seat(stack)
    game.start()
    ben = game.cids["Ben"]
    stack.notifier.gone.add(ben)

    # WHEN the next change is published
    game.submit("Ana")

    # THEN everyone else sees Ben disconnected, still seated
    for name in ("Ana", "Cy"):
        players = {p["name"]: p for p in game.state(name)["players"]}
        assert players["Ben"]["connected"] is False
        assert players["Ben"]["active"] is True
    assert game.ids["Ben"] not in game.item()["conns"]["M"]
    # AND Ben's old connection no longer speaks for him
    stack.notifier.gone.discard(ben)
    game.send("Ben", action="submit", round=1, text=BLUFFS["Ben"])
    assert _error(game, "Ben") == "not_in_room"
    assert game.ids["Ben"] not in game.item()["picks"]["M"]

    # WHEN Ben comes back on a new connection with his token
    game.cids["Ben"] = stack.connect()
    game.send("Ben", action="resume", room=game.code, token=game.tokens["Ben"])

    # THEN he has his seat back, and can play it
    welcome = stack.messages(game.cids["Ben"], "welcome")[-1]
    assert welcome["player"] == game.ids["Ben"]
    assert all(p["connected"] for p in game.state("Cy")["players"])
    assert game.state("Ben")["my_entry"] is None
    game.submit("Ben")
    assert game.state("Ben")["my_entry"] == shown(BLUFFS["Ben"], "en")  # as every card shows


def test_several_gone_connections_in_one_post(stack: Stack) -> None:
    game = _seat(stack, players=5)
    stack.notifier.gone.update({game.cids["Ben"], game.cids["Dee"]})
    game.send("Ana", action="start_match")
    players = {p["name"]: p["connected"] for p in game.state("Cy")["players"]}
    assert players == {"Ana": True, "Ben": False, "Cy": True, "Dee": False, "Eli": True}
    assert game.state("Cy")["phase"] == "writing"


# --- timers: late, early, duplicate and stale firings change nothing ------------------------


@dataclass
class Quiet:
    """Everything a no-op firing must leave alone."""

    item: dict[str, Any]
    messages: int
    timers: int

    @classmethod
    def of(cls, game: Game) -> Quiet:
        stack = game.stack
        count = sum(len(v) for v in stack.notifier.inbox.values())
        return cls(game.item(), count, len(stack.timers.calls))


def _fire_changes_nothing(game: Game, deadline: Alarm, at: int | None = None) -> None:
    before = Quiet.of(game)
    game.stack.fire(deadline, at=at)
    assert Quiet.of(game) == before


def test_deadline_fired_twice(stack: Stack) -> None:
    game = _seat(stack)
    game.start()
    deadline = stack.timers.started[-1]
    stack.fire(deadline)
    assert game.state("Ana")["phase"] == "voting"  # on fallbacks alone
    _fire_changes_nothing(game, deadline)


def _fire_early_only_sends_it_on(game: Game, deadline: Alarm, at: int) -> None:
    """The chaining rule: a message that arrives before `at` is sent again, and nothing else."""
    assert at < deadline.at
    before = Quiet.of(game)
    game.stack.fire(deadline, at=at)
    after = Quiet.of(game)
    assert (after.item, after.messages) == (before.item, before.messages)
    assert game.stack.timers.calls[before.timers :] == [deadline]


def test_deadline_fired_early(stack: Stack) -> None:
    game = _seat(stack)
    game.start()
    deadline = stack.timers.started[-1]
    _fire_early_only_sends_it_on(game, deadline, at=deadline.at - 1)
    _fire_early_only_sends_it_on(game, deadline, at=deadline.at - 1000)
    assert game.state("Ana")["phase"] == "writing"
    stack.fire(deadline)  # on time, it acts
    assert game.state("Ana")["phase"] != "writing"


def test_deadline_after_an_early_close(stack: Stack) -> None:
    game = _seat(stack)
    game.start()
    writing = stack.timers.started[-1]
    game.to_voting()  # everyone wrote: writing closed early
    _fire_early_only_sends_it_on(game, writing, at=stack.clock.ms)
    for name in game.voters():
        game.vote(name)  # everyone voted: voting closed early
    voting = next(d for d in stack.timers.started if d.phase_id == writing.phase_id + 1)
    assert game.state("Ana")["phase"] == "reveal"
    # On time and late: by then even the reveal is overdue, yet a stale timer
    # never closes a phase it was not set for (the deadline handler does not catch up).
    _fire_changes_nothing(game, writing, at=writing.at)
    _fire_changes_nothing(game, voting, at=voting.at + 60_000)
    assert game.state("Ana")["phase"] == "reveal"


def test_deadline_for_a_past_round_or_another_phase(stack: Stack) -> None:
    game = _seat(stack)
    game.start()
    round1 = stack.timers.started[-1]
    for _ in range(3):  # nobody writes, nobody votes: writing, voting, reveal time out
        stack.fire_next()
    assert (game.state("Ana")["phase"], game.state("Ana")["round"]) == ("writing", 2)
    current = stack.timers.started[-1]
    late = current.at + 1
    # Round 1's writing deadline, now that round 2 is writing, even past its deadline:
    _fire_changes_nothing(game, round1, at=late)
    # Every earlier phase instance, and one that has not come yet:
    for phase_id in range(current.phase_id - 3, current.phase_id):
        other = Alarm(current.room, current.room_started, phase_id, "deadline", current.at)
        _fire_changes_nothing(game, other, at=late)
    ahead = Alarm(current.room, current.room_started, current.phase_id + 1, "deadline", late)
    _fire_changes_nothing(game, ahead, at=late)
    # A room that does not exist:
    nowhere = Alarm("ZZZZ", current.room_started, current.phase_id, "deadline", late)
    _fire_changes_nothing(game, nowhere, at=late)


def test_timer_with_an_unknown_key_is_ignored(stack: Stack) -> None:
    game = _seat(stack)
    game.start()
    current = stack.timers.started[-1]
    before = Quiet.of(game)
    now = stack.clock.ms
    intermission = Alarm(current.room, current.room_started, current.phase_id, "intermission", now)
    result = stack.fire(intermission, at=now)
    assert result == {"batchItemFailures": []}  # delivered, and nothing to do
    assert Quiet.of(game) == before


def test_malformed_timer_event_is_refused_without_a_retry(stack: Stack) -> None:
    game = _seat(stack)
    game.start()
    before = Quiet.of(game)
    body = json.dumps({"room": game.code, "phase": "x"})
    event = {"Records": [sqs.record("m-1", body, QUEUE_ARN)]}
    result = stack.modules["deadline"].handler(event, Context())
    assert result == {"batchItemFailures": []}  # not handed back: it would fail again
    assert Quiet.of(game) == before


# --- a lost timer: the room still moves on ------------------------------------------------


class LostTimers(RecordingTimers):
    """SQS stayed throttled: every send fails after its retries."""

    def schedule(self, deadline: Alarm) -> None:
        raise Busy("ThrottlingException")


@pytest.mark.parametrize("nudge", ["sync", "late_submit", "join"])
def test_lost_timer_room_moves_on_at_the_next_message(stack: Stack, nudge: str) -> None:
    # GIVEN no timer could be started for the writing phase
    game = _seat(stack)
    lost = LostTimers()
    for module in stack.modules.values():
        module.app.service.fanout.timers = lost
    game.start()  # the match starts regardless
    deadline = int(game.state("Ana")["deadline"])
    game.submit("Ana")

    # WHEN the deadline passes and somebody sends anything
    stack.clock.ms = deadline
    if nudge == "sync":
        game.send("Ben", action="sync")
    elif nudge == "late_submit":
        game.send("Ben", action="submit", round=1, text=BLUFFS["Ben"])
        assert _error(game, "Ben") == "phase_closed"  # ruling 3b: too late
    else:
        _join(game, "Dee")  # an observer joining mid-round

    # THEN writing is closed for everyone, with Ana's entry on the ballot
    for name in ("Ana", "Ben", "Cy"):
        assert game.state(name)["phase"] == "voting", name
    assert game.ids["Ben"] not in game.item()["picks"]["M"]
    assert any(o["mine"] for o in game.state("Ana")["ballot"])
