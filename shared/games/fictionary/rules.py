"""The constants of the rules, with the values `docs/fictionary.md` gives them."""

from __future__ import annotations

from table.contract import Option

# Phases (F4, F6, F10, F12); `lobby` and `finished` are the table's.
CHOOSING, WRITING, VOTING, REVEAL = "choosing", "writing", "voting", "reveal"
PICK_PHASES = (CHOOSING, WRITING, VOTING)

OFFER = 5  # F4/F5: the Judge's five
FLOOR = 60  # F5: ratings below it weigh 0.01
LOW_WEIGHT = 0.01
DEFAULT_RATING = 100  # ruling 5b: unrated decks deal uniformly
WORD_LETTERS = (4, 14)  # ruling 5a
VOICE_MOST_WORDS = 15  # ruling 5e
WORDINGS = 8  # F6/F20
MOST_TRIES = 32  # F20
MAX_LEN = 140  # F7
PRE_CLEAN_CAP = 400  # ruling 7a
TIEBREAKS = 2  # F13
MOST_ROUNDS = 60  # F13
REMEMBERED = 300  # F14: played words
FAKES_REMEMBERED = 500  # F14: made-up definitions
CLOSE_JACCARD = 0.6  # F8

# F16 and its rulings, in ms.
CHOOSE_S = 30
BACKSTOP_MS = 600_000
AWAY_AFTER_MS = 30_000
ABANDON_AFTER_MS = 600_000
BOT_LEAD_MS = 2_000  # a bot is in at least 2 s before any clock

# F12: the reveal's beats, in ms.
BEAT_MS = {
    "votes": 2200,
    "author": 1700,
    "authors": 1500,
    "real": 2400,
    "judge": 1400,
    "totals": 1200,
}


def whole_second(ms: int) -> int:
    """Ruling 16c: every moment the game waits for is a whole second, rounded up, so a timer
    that drops milliseconds never fires before the moment it is for."""
    return -(-ms // 1000) * 1000


LEVELS = ("easy", "medium", "hard")
COVER_LEVEL = "medium"  # rulings 1c, 19b
NEW_ROOM_BOTS = 3  # ruling 1b

# Bots (section "Bots"): per level.
SILLINESS = {"easy": 0.15, "medium": 0.0, "hard": 0.0}
SHAPED = {"easy": 0.25, "medium": 0.5, "hard": 0.7}
SHAPED_LATER = 0.3
BORROW = {"easy": 0.05, "medium": 0.08, "hard": 0.10}
LEAN = {"easy": 0.3, "medium": 0.5, "hard": 0.65}
NOSE = {"easy": 0.0, "medium": 0.4, "hard": 0.7}
NOISE = {"easy": 2.5, "medium": 1.2, "hard": 0.8}
# Ours (docs/fictionary.md): whether a bot aims its choice at the shape of a real
# definition (F20); an easy bot keeps its first try first, as the seed's bots do.
AIMS = {"easy": False, "medium": True, "hard": True}
# Ours: the fewest other cards' wordings a bot draws from once narrowed to those fitting the
# card's note (field, then origin): house bluffs, three ballots' worth so its eight stay
# varied; borrowed truths, a few cards' worth (a bot borrows one at most now and then).
FITTING_AT_LEAST = {"bluffs": 24, "truths": 4}

# BOT_PACE: (low, high) whole seconds from a pick's opening, per phase.
PACE = {
    "brisk": {CHOOSING: (2, 4), WRITING: (5, 10), VOTING: (3, 6)},
    "steady": {CHOOSING: (3, 8), WRITING: (12, 25), VOTING: (5, 12)},
    "relaxed": {CHOOSING: (5, 12), WRITING: (25, 45), VOTING: (8, 20)},
}

# F2, Settings: only these exact values count.
OPTIONS = (
    Option("target", 10, (10, 15, 20, 25)),
    Option("show", True, (True, False)),
    Option("timer", 0, (0, 45, 60, 90, 120)),
    Option("bot_pace", "brisk", ("brisk", "steady", "relaxed")),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}


def clean_options(options: dict[str, object]) -> dict[str, object]:
    """Ruling 2a: values are cleaned again at `start_match`; anything unlisted is the default."""
    return {
        o.name: options.get(o.name) if o.allows(options.get(o.name)) else o.default for o in OPTIONS
    }
