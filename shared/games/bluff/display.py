"""The one form every definition of a round reaches the screen in (docs/rules.md).

The deck's texts are lowercase with no final period; players type capitals,
full stops, quotes, stray spaces or all capitals. Shown as typed, the one
lowercase card would be the truth. So the truth, its aliases, the house bluffs
and every player's entry are shown in the table's display form
(`table.text.display_form`, the form Fictionary's cards use too), after a text
written all in capitals is brought down to lowercase (`table.text.calm`).

Only the shown form changes: entries are stored as accepted (R3a) and matched
by their comparison keys (R5a), which neither case nor a final period affects.
"""

from __future__ import annotations

from table.text import calm, display_form


def shown(text: str, lang: str) -> str:
    """How a definition of this round appears on every screen."""
    return display_form(calm(text), lang)
