"""Player text for every game: storage form, refusals and comparison keys.

Rulings 3a (storage form), 4a-4c (what is refused, names, confusables) and 5a
(comparison keys). Pure functions of their argument: nothing here reads a
clock, the environment or randomness, and nothing here knows of rooms, games
or error codes. A refusal is `TextRefused(reason)`; each game maps it to its
own error.

Name uniqueness: two names are the same when their `name_key`s are equal
(`same_name`); a room compares the `name_key` of a new name with those of its
members.

Modules: `keys` (normalize, comparison_key, words), `detectors` (the checks
and their order), `characters` (control, invisible, stacked marks), `domains`
(web and email addresses, handles), `names` (name keys), `reasons`, `tidy`
(the form a definition is shown in, and the checked clean-up built on it).
"""

from __future__ import annotations

from table.text.detectors import (
    DEFINITION_CHECKS,
    DEFINITION_MAX,
    DEFINITION_MIN,
    NAME_CHECKS,
    NAME_MAX,
    NAME_MIN,
    Draft,
    check_definition,
    check_name,
)
from table.text.keys import comparison_key, normalize, words
from table.text.names import name_key, same_name, skeleton
from table.text.reasons import Reason, TextRefused
from table.text.tidy import calm, display_form

__all__ = [
    "DEFINITION_CHECKS",
    "DEFINITION_MAX",
    "DEFINITION_MIN",
    "NAME_CHECKS",
    "NAME_MAX",
    "NAME_MIN",
    "Draft",
    "Reason",
    "TextRefused",
    "calm",
    "check_definition",
    "check_name",
    "comparison_key",
    "display_form",
    "name_key",
    "normalize",
    "same_name",
    "skeleton",
    "words",
]
