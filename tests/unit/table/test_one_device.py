"""A table held on one device: joiners watch, the host adds the seats, and a change of how
the table plays starts over from the host's seat (the hooks Impostor's rulings 2a, 2b use).

GIVEN Odd One Out where `device: "pass"` puts every seat on the host's phone, WHEN
members join, take seats, or the host switches devices, THEN the table seats as the
game's hooks say; a game without the hooks keeps the table's defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from table.referee import AddSeat, RemoveSeat
from tests.support.odd_one_out import OddOneOut
from tests.support.tabletop import Tabletop, refused


class Full(StrEnum):
    TABLE_FULL = "table_full"


class OneDevice(OddOneOut):
    """Odd One Out where a passed phone holds the whole table."""

    full_code = Full.TABLE_FULL

    def one_device(self, options: Mapping[str, Any]) -> bool:
        return options.get("device") == "pass"

    def clears_seats(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
        return before.get("device") != after.get("device")


def names(top: Tabletop) -> dict[str, tuple[str, bool]]:
    """Each member's name: (role, local)."""
    assert top.room is not None
    return {m.name: (m.role.value, m.holder is not None) for m in top.room.members}


def local(top: Tabletop, name: str) -> str:
    top.command(top.host, AddSeat(name))
    assert top.room is not None
    return next(m.id for m in top.room.members if m.name == name)


def test_joiners_watch_and_take_seat_is_wrong_mode_on_one_device() -> None:
    top = Tabletop(OneDevice(), seed=3)
    host = top.create("Ana", options={"device": "pass"})
    ben = top.join("Ben")
    assert top.view(ben)["me"]["role"] == "observer"
    assert (
        not top.view(ben)["observer_list"] and top.view(host)["observer_list"][0]["name"] == "Ben"
    )
    assert refused(top.take_seat, ben) == "wrong_mode"
    pat, sam = local(top, "Pat"), local(top, "Sam")
    assert top.view(host)["me"]["seats"] == [pat, sam]
    assert [p["id"] for p in top.view(host)["players"]] == [host, pat, sam]  # the host first
    top.command(host, RemoveSeat(sam))
    assert [p["id"] for p in top.view(host)["players"]] == [host, pat]
    while len(top.view(host)["players"]) < 8:
        local(top, f"Seat{len(top.view(host)['players'])}")
    assert refused(top.command, host, AddSeat("Ninth")) == "table_full"
    assert "Ninth" not in names(top)


def test_a_change_of_device_keeps_only_the_hosts_seat() -> None:
    top = Tabletop(OneDevice(), seed=4)
    host = top.create("Ana")
    ben, cy = top.seat("Ben", "Cy")
    top.set_options(host, device="pass")
    assert names(top) == {
        "Ana": ("player", False),
        "Ben": ("observer", False),
        "Cy": ("observer", False),
    }
    assert top.view(ben)["me"]["role"] == "observer"
    local(top, "Pat")
    top.set_options(host, rounds=5)  # the same device: the seats stay
    assert names(top)["Pat"] == ("player", True)
    top.set_options(host, device="phones")
    assert names(top) == {
        "Ana": ("player", False),
        "Ben": ("observer", False),
        "Cy": ("observer", False),
    }
    top.take_seat(cy)  # one phone each again: observers may sit
    assert names(top)["Cy"] == ("player", False)


def test_without_the_hooks_the_table_keeps_everyone_seated() -> None:
    top = Tabletop(OddOneOut(), seed=5)
    host = top.create("Ana")
    top.seat("Ben", "Cy")
    top.set_options(host, device="pass")
    local(top, "Pat")
    assert names(top)["Ben"] == ("player", False) and names(top)["Pat"] == ("player", True)
    dee = top.join("Dee")
    assert top.view(dee)["me"]["role"] == "player"
    while len(top.view(host)["players"]) < 8:
        local(top, f"Seat{len(top.view(host)['players'])}")
    assert refused(top.command, host, AddSeat("Ninth")) == "no_free_seat"


def test_a_new_host_on_one_device_takes_the_first_seat_again() -> None:
    """The host leaves with the device and its seats: the observer who hosts now sits."""
    top = Tabletop(OneDevice(), seed=6)
    host = top.create("Ana", options={"device": "pass"})
    local(top, "Pat")
    ben = top.join("Ben")
    top.leave(host)
    assert top.host == ben and names(top) == {"Ben": ("observer", False)}
    top.take_seat(ben)
    assert names(top) == {"Ben": ("player", False)}
    local(top, "Sam")
    cy = top.join("Cy")
    assert refused(top.take_seat, cy) == "wrong_mode"
