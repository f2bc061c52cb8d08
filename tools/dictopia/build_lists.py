"""Build Dictopia's word lists from Debian's hunspell dictionaries (rulings D19a, D4c).

Run by hand, as root or with the packages installed; the output is committed:

    apt-get install hunspell hunspell-tools hunspell-en-us hunspell-fr-classical \\
        hunspell-es hunspell-ru dict-gcide wordnet-base
    .venv/bin/python tools/dictopia/build_lists.py [en fr es ru]

For each language it

1. expands the dictionary's stems with hunspell's ``unmunch`` (every form its
   affix rules generate; for French, some garbage too);
2. keeps the forms spelled only with lower-case letters (D19a drops capitalized
   entries, acronyms, and anything with a hyphen, space, apostrophe, period or
   digit) whose key (D4c) the language's cards can spell;
3. keeps only the forms ``hunspell -l`` itself accepts;
4. applies ``extra.txt`` (spellings added) and ``deny.txt`` (keys removed);
5. writes ``words.tsv``, ``anagrams.tsv`` and ``lexicon.tsv``: for English,
   entries from GCIDE's headwords and WordNet's parts of speech; for French,
   Spanish and Russian, only the verb flag, from the stems the same hunspell
   dictionary conjugates (no offline source there tells entries apart, D11a);
6. copies each source's licence beside the lists and records the package
   versions and checksums in ``SOURCES.md``. It stops if a licence is not the
   one on its allow-list, so a relicensed package cannot slip in.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "shared"))

from games.dictopia.lexicon import signature, word_key  # noqa: E402

CONTENT = ROOT / "content" / "dictopia"
HUNSPELL = Path("/usr/share/hunspell")
DOC = Path("/usr/share/doc")
COMMON_LICENSES = Path("/usr/share/common-licenses")


@dataclass(frozen=True)
class Licence:
    """Where a source's licence is found, and the words that prove it is the allowed one."""

    name: str  # the file written beside the lists
    package: str
    must_contain: str
    stanza: str | None = None  # a `Files:` stanza of an aggregate copyright file
    full_text: str | None = None  # a licence in /usr/share/common-licenses


@dataclass(frozen=True)
class Source:
    package: str
    dictionary: str
    upstream: str
    licence: Licence


SOURCES: dict[str, Source] = {
    "en": Source(
        "hunspell-en-us",
        "en_US",
        "SCOWL (Spell Checker Oriented Word Lists), Kevin Atkinson, en_US size 60",
        Licence(
            "LICENSE.hunspell-en-us.txt",
            "hunspell-en-us",
            "Permission to use, copy, modify, distribute and sell these word\n  lists",
        ),
    ),
    "fr": Source(
        "hunspell-fr-classical",
        "fr",
        "Dictionnaires Français Dicollecte / Grammalecte, « classique » 7.0",
        Licence(
            "LICENSE.hunspell-fr-classical.txt",
            "hunspell-fr-classical",
            "License: MPL-2.0",
            full_text="MPL-2.0",
        ),
    ),
    "es": Source(
        "hunspell-es",
        "es_ES",
        "RLA-ES, Proyecto de Revisión Léxica Académica del Español, Santiago Bosio",
        Licence(
            "LICENSE.hunspell-es.txt",
            "hunspell-es",
            "License: GPL-3+ or LGPL-3+ or MPL-1.1+",
            stanza="Files: dictionaries/es/*",
            full_text="MPL-1.1",
        ),
    ),
    "ru": Source(
        "hunspell-ru",
        "ru_RU",
        "Russian spelling dictionary, Alexander I. Lebedev (LibreOffice ru_RU)",
        Licence(
            "LICENSE.hunspell-ru.txt",
            "hunspell-ru",
            "Redistribution and use in source and binary forms, with or without",
            stanza="Files: dictionaries/ru_RU/*",
        ),
    ),
}
LEXICON_LICENCES = (
    Licence("LICENSE.dict-gcide.txt", "dict-gcide", "GNU General Public License"),
    Licence("LICENSE.wordnet-base.txt", "wordnet-base", "WordNet 3.0 Copyright 2006 by Princeton"),
)
GCIDE_INDEX = Path("/usr/share/dictd/gcide.index")
WORDNET = Path("/usr/share/wordnet")


def alphabet(lang: str) -> frozenset[str]:
    """The letters the language's cards carry, as key characters."""
    with (CONTENT / lang / "cards.toml").open("rb") as f:
        cards = tomllib.load(f)["card"]
    return frozenset(word_key(letter) for card in cards for letter, _ in card["faces"])


def expand(dictionary: str) -> set[str]:
    """Every form hunspell's affix rules generate from the stems (``unmunch``)."""
    out = subprocess.run(
        ["unmunch", str(HUNSPELL / f"{dictionary}.dic"), str(HUNSPELL / f"{dictionary}.aff")],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", errors="replace")
    # unmunch prints some forms with the flags of their unexpanded prefixes after
    # '/', and stems with their morphological fields after a space or a tab.
    forms = (line.split("/", 1)[0].split(maxsplit=1) for line in out.splitlines())
    return {form[0] for form in forms if form}


def plain_lower(form: str) -> bool:
    """D19a: only lower-case letters; no capital, hyphen, space, apostrophe, period or digit."""
    return bool(form) and all(ch.isalpha() and ch.islower() for ch in form)


def rejected_by_hunspell(dictionary: str, forms: Iterable[str]) -> set[str]:
    text = "\n".join(forms) + "\n"
    out = subprocess.run(
        ["hunspell", "-i", "utf-8", "-d", str(HUNSPELL / dictionary), "-l"],
        input=text.encode(),
        capture_output=True,
        check=True,
    ).stdout.decode()
    return set(out.split())


def read_edits(path: Path) -> list[str]:
    if not path.is_file():
        return []
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return [line for line in lines if line]


def build_words(lang: str) -> tuple[dict[str, set[str]], dict[str, int]]:
    source = SOURCES[lang]
    letters = alphabet(lang)
    generated = expand(source.dictionary)
    candidates = sorted(f for f in generated if plain_lower(f) and set(word_key(f)) <= letters)
    refused = rejected_by_hunspell(source.dictionary, candidates)
    forms = [f for f in candidates if f not in refused]
    extra = read_edits(CONTENT / lang / "extra.txt")
    deny = {word_key(w) for w in read_edits(CONTENT / lang / "deny.txt")}
    grouped: dict[str, set[str]] = defaultdict(set)
    for form in [*forms, *extra]:
        key = word_key(form)
        if key and key not in deny and set(key) <= letters:
            grouped[key].add(form)
    stats = {
        "generated": len(generated),
        "lower-case, spellable": len(candidates),
        "refused by hunspell": len(refused),
        "extra": len(extra),
        "denied": len(deny),
        "spellings": sum(len(v) for v in grouped.values()),
        "keys": len(grouped),
    }
    return grouped, stats


def write_words(path: Path, grouped: dict[str, set[str]]) -> None:
    lines = []
    for key in sorted(grouped, key=str.encode):
        spellings = sorted(grouped[key])
        lines.append(key if spellings == [key] else f"{key}\t{','.join(spellings)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_anagrams(path: Path, keys: Iterable[str]) -> int:
    counts = Counter(signature(k) for k in keys)
    shared = sorted((s for s, n in counts.items() if n > 1), key=str.encode)
    path.write_text("".join(f"{s}\t{counts[s]}\n" for s in shared), encoding="utf-8")
    return len(shared)


# --- English entries: GCIDE headwords and WordNet parts of speech (D11a, verb) ---

# WordNet's morphy: the suffixes an inflection adds, per part of speech.
_DETACH = {
    "n": [
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ],
    "v": [
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "r": [],
}
_POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


def _wordnet() -> tuple[dict[str, set[str]], dict[str, dict[str, set[str]]]]:
    lemmas: dict[str, set[str]] = {}
    exceptions: dict[str, dict[str, set[str]]] = {}
    for pos, name in _POS_FILES.items():
        lemmas[pos] = set()
        for line in (WORDNET / f"index.{name}").read_text("utf-8").splitlines():
            if line and not line.startswith(" "):
                lemmas[pos].add(line.split(" ", 1)[0])
        exceptions[pos] = defaultdict(set)
        for line in (WORDNET / f"{name}.exc").read_text("utf-8").splitlines():
            form, *bases = line.split()
            exceptions[pos][form].update(bases)
    return lemmas, exceptions


def _gcide_entries() -> Counter[str]:
    """Separate GCIDE entries per key: one index line per headword entry."""
    counts: Counter[str] = Counter()
    for line in GCIDE_INDEX.read_text("utf-8", errors="replace").splitlines():
        headword = line.split("\t", 1)[0]
        if headword.isalpha():
            counts[word_key(headword)] += 1
    return counts


def build_lexicon(keys: Iterable[str]) -> dict[str, tuple[int, bool]]:
    """``key → (entries, verb)`` for keys with two entries or more, or a verb form."""
    lemmas, exceptions = _wordnet()
    gcide = _gcide_entries()
    table: dict[str, tuple[int, bool]] = {}
    for key in keys:
        bases: dict[str, set[str]] = {}
        for pos in lemmas:
            found = {key} & lemmas[pos] | exceptions[pos].get(key, set())
            for suffix, ending in _DETACH[pos]:
                if key.endswith(suffix) and len(key) > len(suffix):
                    base = key[: -len(suffix)] + ending
                    if base in lemmas[pos]:
                        found.add(base)
            bases[pos] = found
        heads = {key}.union(*bases.values())
        entries = max(
            sum(gcide[h] for h in heads),
            sum(1 for found in bases.values() if found),
        )
        verb = bool(bases["v"])
        if entries >= 2 or verb:
            table[key] = (entries, verb)
    return table


def write_lexicon(path: Path, table: dict[str, tuple[int | None, bool]]) -> None:
    """``key<TAB>entries<TAB>verb``; entries is ``-`` where no source tells them apart."""
    rows = sorted(table.items(), key=lambda kv: kv[0].encode())
    path.write_text(
        "".join(f"{k}\t{'-' if n is None else n}\t{int(verb)}\n" for k, (n, verb) in rows),
        encoding="utf-8",
    )


# --- verb forms of fr, es, ru: the stems the dictionary conjugates (mission `verb`) ---

# French stems carry their part of speech (``po:v1…``). Spanish and Russian stems
# carry only affix flags: a flag conjugates when every one of its rules applies
# to an infinitive ending.
_INFINITIVE = {
    "es": ("ar", "er", "ir", "ír"),
    "ru": ("ть", "ти", "чь", "ться", "тись", "чься"),
}


def _verbal_flags(lang: str, aff: str) -> set[str]:
    # A rule's condition may end in a class: "[aei]r" is an -ar, -er or -ir verb.
    endings = (*_INFINITIVE[lang], "]r") if lang == "es" else _INFINITIVE[lang]
    conditions: dict[str, list[str]] = defaultdict(list)
    for line in aff.splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[0] == "SFX":
            conditions[fields[1]].append(fields[4])
    return {
        flag
        for flag, conds in conditions.items()
        if conds and all(c.endswith(endings) for c in conds)
    }


def verb_stems(lang: str, dictionary: str) -> list[str]:
    """The lines of the .dic whose stem is a verb."""
    lines = (HUNSPELL / f"{dictionary}.dic").read_text("utf-8").splitlines()[1:]
    if lang == "fr":
        return [line for line in lines if re.search(r"\bpo:v\d", line)]
    flags = _verbal_flags(lang, (HUNSPELL / f"{dictionary}.aff").read_text("utf-8"))
    chosen = []
    for line in lines:
        stem, _, rest = line.partition("/")
        if stem.endswith(_INFINITIVE[lang]) and set(rest.split()[0] if rest else "") & flags:
            chosen.append(line)
    return chosen


def verb_keys(lang: str, dictionary: str, listed: set[str]) -> set[str]:
    """The listed keys that are a form of a verb stem, infinitive included."""
    stems = verb_stems(lang, dictionary)
    with tempfile.TemporaryDirectory() as tmp:
        dic = Path(tmp) / "verbs.dic"
        dic.write_text(f"{len(stems)}\n" + "\n".join(stems) + "\n", encoding="utf-8")
        out = subprocess.run(
            ["unmunch", str(dic), str(HUNSPELL / f"{dictionary}.aff")],
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8", errors="replace")
    forms = (line.split("/", 1)[0].split(maxsplit=1) for line in out.splitlines())
    return {key for form in forms if form and (key := word_key(form[0])) in listed}


# --- licences and provenance ---


def package_version(package: str) -> str:
    return subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, check=True
    ).stdout.decode()


def stanza(copyright_text: str, header: str) -> str:
    start = copyright_text.index(header)
    end = copyright_text.find("\n\n", start)
    return copyright_text[start : end if end >= 0 else None]


def copy_licence(licence: Licence, folder: Path) -> None:
    text = (DOC / licence.package / "copyright").read_text("utf-8")
    if licence.stanza:
        text = stanza(text, licence.stanza)
    if licence.must_contain not in text:
        raise SystemExit(f"{licence.package}: licence is not the allowed one; stopping")
    parts = [
        f"Licence of the Debian package {licence.package} {package_version(licence.package)}",
        f"(from /usr/share/doc/{licence.package}/copyright).",
        "",
        text.rstrip(),
    ]
    if licence.full_text:
        parts += ["", "-" * 72, "", (COMMON_LICENSES / licence.full_text).read_text("utf-8")]
    (folder / licence.name).write_text("\n".join(parts).rstrip() + "\n", encoding="utf-8")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_sources(lang: str, stats: dict[str, int], files: list[Path]) -> None:
    source = SOURCES[lang]
    dic = HUNSPELL / f"{source.dictionary}.dic"
    aff = HUNSPELL / f"{source.dictionary}.aff"
    lines = [
        f"# Sources of the {lang} word lists",
        "",
        "Written by `tools/dictopia/build_lists.py`; do not edit by hand.",
        "The lists are a modified version of their sources: filtered per ruling D19a",
        "and keyed per ruling D4c.",
        "",
        f"- Word forms: {source.upstream}, from the Debian package `{source.package}`"
        f" {package_version(source.package)} (licence: `{source.licence.name}`).",
        f"  - `{dic.name}` sha256 `{sha256(dic)}`",
        f"  - `{aff.name}` sha256 `{sha256(aff)}`",
        f"- Expanded with `unmunch` and checked with `hunspell -l`, Debian `hunspell-tools`"
        f" {package_version('hunspell-tools')} and `hunspell` {package_version('hunspell')}.",
    ]
    if lang == "en":
        lines += [
            f"- Entries (`lexicon.tsv`): GCIDE headword entries, Debian `dict-gcide`"
            f" {package_version('dict-gcide')} (`LICENSE.dict-gcide.txt`); WordNet 3.0"
            f" parts of speech, Debian `wordnet-base` {package_version('wordnet-base')}"
            " (`LICENSE.wordnet-base.txt`).",
        ]
    else:
        lines += [
            "- Verb flag (`lexicon.tsv`, entries `-`): the forms `unmunch` generates from the"
            " stems the same dictionary conjugates"
            + (
                " (tagged `po:v…`)."
                if lang == "fr"
                else " (flags whose every rule applies to an infinitive ending)."
            ),
        ]
    lines += ["", "| step | count |", "|---|---|"]
    lines += [f"| {name} | {n:,} |" for name, n in stats.items()]
    lines += ["", "| file | bytes |", "|---|---|"]
    lines += [f"| `{p.name}` | {p.stat().st_size:,} |" for p in files]
    (CONTENT / lang / "SOURCES.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def build(lang: str) -> None:
    folder = CONTENT / lang
    copy_licence(SOURCES[lang].licence, folder)
    grouped, stats = build_words(lang)
    words = folder / "words.tsv"
    write_words(words, grouped)
    anagrams = folder / "anagrams.tsv"
    stats["anagram signatures shared by 2+ keys"] = write_anagrams(anagrams, grouped)
    lexicon = folder / "lexicon.tsv"
    table: dict[str, tuple[int | None, bool]]
    if lang == "en":
        for licence in LEXICON_LICENCES:
            copy_licence(licence, folder)
        table = dict(build_lexicon(grouped))
        stats["keys of 2+ entries"] = sum(1 for n, _ in table.values() if n and n >= 2)
    else:
        dictionary = SOURCES[lang].dictionary
        stats["verb stems"] = len(verb_stems(lang, dictionary))
        table = {key: (None, True) for key in verb_keys(lang, dictionary, set(grouped))}
    write_lexicon(lexicon, table)
    stats["verb forms"] = sum(1 for _, verb in table.values() if verb)
    files = [words, anagrams, lexicon]
    write_sources(lang, stats, files)
    print(lang, stats, flush=True)


def main(argv: list[str]) -> None:
    for lang in argv or list(SOURCES):
        build(lang)


if __name__ == "__main__":
    main(sys.argv[1:])
