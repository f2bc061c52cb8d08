"""I12-I13: the ballot result, the guess, the reveal, and the judge."""

from __future__ import annotations

from games.impostor.text import exact_key, loose_key
from tests.support.tabletop import Tabletop, refused
from tests.unit.impostor.helpers import accuse, civilians, impostors, rnd, started, to_voting


def caught(n: int = 5, seed: int = 0, **options: object) -> tuple[Tabletop, list[str], str]:
    top, ids = started(n, seed=seed, **options)
    to_voting(top)
    impostor = impostors(top)[0]
    accuse(top, impostor)
    assert top.phase == "guess"
    return top, ids, impostor


def test_i12a_result_shows_only_accused_role() -> None:
    top, ids, impostor = caught(12, seed=1)
    board = top.view(ids[5])
    assert board["accused"] == {"seat": impostor, "impostor": True}
    assert board["reveal"] is None and board["impostors"] == 2
    partner = next(i for i in impostors(top) if i != impostor)
    assert partner not in str(
        {
            k: v
            for k, v in board.items()
            if k not in ("order", "clues", "ballots", "totals", "stats", "players")
        }
    )


def test_i12b_one_guess_30s() -> None:
    top, ids, impostor = caught()
    other = next(s for s in ids if s != impostor)
    assert refused(top.move, other, "guess", round=1, text="hmm") == "not_eligible"
    assert refused(top.move, impostor, "guess", round=1, text="x" * 41) == "invalid_text"
    top.move(impostor, "guess", round=1, text="nothing like it")
    assert refused(top.move, impostor, "guess", round=1, text="again") == "already_submitted"
    slow, _, _ = caught(seed=1)
    slow.advance(30_000)
    assert rnd(slow).outcome == "caught_missed"


def test_i12c_reveal_6s_20s() -> None:
    top, ids = started(4, rounds=2)
    to_voting(top)
    accuse(top, civilians(top)[0])
    assert top.phase == "reveal"
    assert refused(top.move, ids[1], "continue", round=1) == "not_host"
    top.advance(5_000)
    assert refused(top.move, top.host, "continue", round=1) == "too_early"
    top.advance(1_000)
    top.move(top.host, "continue", round=1)
    assert rnd(top).no == 2 and top.phase == "deal"
    top.run_out()
    beats = [b["cue"] for b in top.view(ids[0])["reveal"]["beats"]]
    assert beats == ["roles", "word", "votes", "guess", "awards", "totals"]


def test_i13b_deputy_when_host_impostor_or_away() -> None:
    for seed in range(40):
        top, ids, impostor = caught(5, seed=seed)
        if impostor == top.host:
            break
    else:
        raise AssertionError("no seed makes the host the caught impostor")
    judge = top.view(impostor)["guess"]["judge"]
    assert judge == next(s for s in ids[1:] if s not in impostors(top))
    top2, ids2, _imp2 = caught(5, seed=next(s for s in range(40) if caught(5, seed=s)[2] != ids[0]))
    assert top2.view(ids2[1])["guess"]["judge"] == top2.host
    top2.drop(top2.host)
    deputy = next(s for s in ids2[1:] if s not in impostors(top2))
    assert top2.view(ids2[1])["guess"]["judge"] == deputy
    assert refused(top2.move, top2.host, "judge_guess", round=1, correct=True) == "not_judge"


def test_i13c_romanian_cedilla_equals_comma() -> None:
    assert exact_key("şarpe", "ro") == exact_key("șarpe", "ro")
    assert exact_key("ŢARĂ", "ro") == exact_key("țară", "ro")
    assert exact_key("s\u0327arpe", "ro") == exact_key("șarpe", "ro")  # combining cedilla


def test_i13c_romanian_keeps_diacritics() -> None:
    assert exact_key("pară", "ro") != exact_key("para", "ro")
    assert exact_key("mâna", "ro") != exact_key("mana", "ro")
    assert exact_key("șa", "ro") != exact_key("sa", "ro")
    assert loose_key("pară") == loose_key("para") and loose_key("niño") == loose_key("nino")
    assert exact_key("Café", "en") == exact_key("cafe", "en")


def test_i13d_exact_match_unjudged() -> None:
    top, _, impostor = caught(seed=2)
    top.move(impostor, "guess", round=1, text=rnd(top).word_text.upper())
    assert rnd(top).outcome == "caught_guessed" and rnd(top).guess.prematch == "exact"


def test_i13d_timeout_near_right_else_wrong() -> None:
    top, _, impostor = caught(seed=2)
    top.content = type(top.content)("ro", top.content.categories, top.content.translations)
    near = rnd(top).word_text.replace("i", "î", 1)
    top.move(impostor, "guess", round=1, text=near)
    assert top.phase == "judging"
    judge = top.view(impostor)["guess"]["judge"]
    assert top.view(judge)["guess"]["prematch"] == "near"
    assert "prematch" not in top.view(impostor)["guess"]
    top.advance(20_000)
    assert rnd(top).outcome == "caught_guessed"
    wrong, _, imp = caught(seed=2)
    wrong.move(imp, "guess", round=1, text="zzz")
    wrong.advance(20_000)
    assert rnd(wrong).outcome == "caught_missed"
    ruled, _, imp = caught(seed=2)
    ruled.move(imp, "guess", round=1, text="zzz")
    judge = ruled.view(imp)["guess"]["judge"]
    ruled.move(judge, "judge_guess", round=1, correct=True)
    assert rnd(ruled).outcome == "caught_guessed"


def test_i13d_spoken_unruled_wrong() -> None:
    top, _, impostor = caught(seed=2, play="host")
    assert refused(top.move, impostor, "guess", round=1, text="x") == "wrong_mode"
    top.advance(30_000)
    assert rnd(top).outcome == "caught_missed"
    said, _, _ = caught(seed=2, play="pass")
    judge = said.view(said.host)["guess"]["judge"]
    said.move(judge, "judge_guess", round=1, correct=True)
    assert rnd(said).outcome == "caught_guessed"
