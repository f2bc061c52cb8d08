"""Player text: storage form (R3a), refusals (R4a, R4b, R4c), name keys (R4c), keys (R5a)."""

from __future__ import annotations

import ast
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import table.text
from table.errors import Code, Refusal, message_for
from table.members import valid_name
from table.text import (
    DEFINITION_CHECKS,
    NAME_CHECKS,
    Reason,
    TextRefused,
    check_definition,
    check_name,
    comparison_key,
    name_key,
    normalize,
    same_name,
    skeleton,
    words,
)
from tests.support.bluff import Table

ADVERSARIAL: list[tuple[str, Reason]] = [
    # url: schemes, www, bare domains, obfuscations
    ("see https://example.com now", Reason.URL),
    ("a fish, see http://fish.test/x", Reason.URL),
    ("ftp://files.host.test for fish", Reason.URL),
    ("hxxps://evil.test is a fish", Reason.URL),
    ("hxxp : // evil dot test fish", Reason.URL),
    ("click javascript:alert(1) now", Reason.URL),
    ("a fish at www.fishing.test", Reason.URL),
    ("a fish from example.com, truly", Reason.URL),
    ("a bird called bit.ly/abcdef", Reason.URL),
    ("читайте на сайте пример.рф", Reason.URL),
    ("a fish from sub.domain.co.uk", Reason.URL),
    ("a fish from example[.]com ok", Reason.URL),
    ("a fish from example(dot)com ok", Reason.URL),
    ("a fish from example dot com ok", Reason.URL),
    ("a fish from example . com ok", Reason.URL),
    ("a fish from example．com ok", Reason.URL),
    ("a fish from example。com ok", Reason.URL),
    ("a fish from EXAMPLE.COM today", Reason.URL),
    ("a fish, visit fishing.it/now", Reason.URL),
    ("a small fish sold on shop.it", Reason.URL),
    ("a fish sold at fishy.shop now", Reason.URL),
    ("a fish from example.соm today", Reason.URL),
    ("a fish from xn--p1ai land", Reason.URL),
    ("a fish from 192.168.0.1 land", Reason.URL),
    ("a fish from example[.]it today", Reason.URL),
    # email: plain and obfuscated
    ("write to bob@example.com now", Reason.EMAIL),
    ("write to bob at example dot com", Reason.EMAIL),
    ("write to bob(at)example.com now", Reason.EMAIL),
    ("write to bob [at] example [dot] com", Reason.EMAIL),
    ("write to bob＠example．com now", Reason.EMAIL),
    ("пишите ivan@почта.рф скорее", Reason.EMAIL),
    # handle: @name and messenger links
    ("a fish, ask @fishmonger", Reason.HANDLE),
    ("ask me on t.me/fishmonger", Reason.HANDLE),
    ("join telegram.me/fishmonger", Reason.HANDLE),
    ("write wa.me/15551234567 now", Reason.HANDLE),
    ("join discord.gg/fishes today", Reason.HANDLE),
    ("see vk.com/fishmonger today", Reason.HANDLE),
    ("see instagram.com/fishmonger", Reason.HANDLE),
    ("a small fish, ask ＠bob", Reason.HANDLE),
    # phone: several formats
    ("call +1 (555) 123-4567 now", Reason.PHONE),
    ("звоните 8 800 555 35 35 сейчас", Reason.PHONE),
    ("call +7-900-123-45-67 now", Reason.PHONE),
    ("call 555.123.4567.89 now", Reason.PHONE),
    ("a fish: 12345678 for sale", Reason.PHONE),
    ("llama al 612 345 678 ahora", Reason.PHONE),
    ("call (555)1234567 about fish", Reason.PHONE),
    ("call ８００５５５１２３４ fish", Reason.PHONE),
    # markup: HTML, markdown, BBCode
    ("a <b>small</b> fish of rivers", Reason.MARKUP),
    ("a small fish</i> of rivers", Reason.MARKUP),
    ('a <a href="x">small</a> fish', Reason.MARKUP),
    ("<script>alert(1)</script> fish", Reason.MARKUP),
    ("a small fish <!-- hidden -->", Reason.MARKUP),
    ("a small fish<br/>of rivers", Reason.MARKUP),
    ("a [small fish](http://x.test)", Reason.MARKUP),
    ("a fish ![pic](fish.png) here", Reason.MARKUP),
    ("a [b]small[/b] fish of rivers", Reason.MARKUP),
    ("a [url=x]small[/url] fish", Reason.MARKUP),
    ("a small fish [img]x[/img] ok", Reason.MARKUP),
    ("a small fish &lt;b&gt; of rivers", Reason.MARKUP),
    ("a small fish ＜b＞ of rivers", Reason.MARKUP),
    # control: every Cc class
    ("a small\x00fish of rivers", Reason.CONTROL),
    ("a small\tfish of rivers", Reason.CONTROL),
    ("a small\nfish of rivers", Reason.CONTROL),
    ("a small\rfish of rivers", Reason.CONTROL),
    ("a small\x7ffish of rivers", Reason.CONTROL),
    ("a small\x85fish of rivers", Reason.CONTROL),
    ("a small\x9bfish of rivers", Reason.CONTROL),
    ("a small fish of rivers\n", Reason.CONTROL),
    ("a small\u2028fish of rivers", Reason.CONTROL),
    # invisible: Cf and blank-rendering characters
    ("a small\u200bfish of rivers", Reason.INVISIBLE),
    ("a small\u200cfish of rivers", Reason.INVISIBLE),
    ("a small\u200dfish of rivers", Reason.INVISIBLE),
    ("a small\u200efish of rivers", Reason.INVISIBLE),
    ("a small\u202efish of rivers", Reason.INVISIBLE),
    ("a small\u2066fish\u2069 of rivers", Reason.INVISIBLE),
    ("a small fi\u00adsh of rivers", Reason.INVISIBLE),
    ("\ufeffa small fish of rivers", Reason.INVISIBLE),
    ("a small\u2060fish of rivers", Reason.INVISIBLE),
    ("a small fish\U000e0041 of rivers", Reason.INVISIBLE),
    ("a small\u180efish of rivers", Reason.INVISIBLE),
    ("a small \u3164 fish of rivers", Reason.INVISIBLE),
    ("a small \u2800 fish of rivers", Reason.INVISIBLE),
    ("a small fish\u034f of rivers", Reason.INVISIBLE),
    ("a small fish \ue000 of rivers", Reason.INVISIBLE),
    ("a small fish\U000e0100 of rivers", Reason.INVISIBLE),
    ("\u3164\u3164\u3164\u3164\u3164\u3164\u3164\u3164", Reason.INVISIBLE),
    # no meaning
    ("🐟🐟🐟🐟🐟🐟🐟🐟", Reason.NO_MEANING),
    ("aaaaaaaaaa", Reason.NO_MEANING),
    ("aaaa bbbb", Reason.NO_MEANING),
    ("12345678!", Reason.NO_MEANING),
    ("ab ab ab ab", Reason.NO_MEANING),
    ("abcabcabcabc", Reason.NO_MEANING),
    ("!!!! ???? ....", Reason.NO_MEANING),
    ("ха-ха-ха-ха-ха", Reason.NO_MEANING),
    # length
    ("a fishy", Reason.TOO_SHORT),
    ("       a fishy      ", Reason.TOO_SHORT),
    ("", Reason.TOO_SHORT),
    ("a" + " small fish" * 9 + "!", Reason.TOO_LONG),
]


@pytest.mark.parametrize(("text", "reason"), ADVERSARIAL)
def test_r4_refuses_adversarial_text(text: str, reason: Reason) -> None:
    with pytest.raises(TextRefused) as refused:
        check_definition(text)
    assert refused.value.reason is reason


ACCEPTED = [
    "мелкая рыба, которую ловят сетью",
    "старинная мера длины, около двух аршин",
    "ёмкость для хранения зерна",
    "un pez pequeño de río",
    "la canción que cantan los niños en otoño",
    "año tras año, un árbol crece",
    "a farmer's tool for cutting hay",
    "a farmer’s tool for cutting hay",
    "a long-handled spoon for soup",
    "a plant, e.g. a fern or a moss",
    "a small boat, i.e. a dinghy",
    "a festival held at 9 a.m. in the U.S. each May",
    "approx. a yard of cloth",
    "a coin used in 1650 and 1720",
    "a coin minted 1650-1720 in Spain",
    "a ship that sank on 12.05.1890",
    "about 100 years old",
    "a tax of 12 000 000 roubles",
    "a fish. It swims in rivers.",
    "a tool.It cuts wood",
    "a tool.it cuts wood",
    "a cat sat",
    "a\u00a0small\u00a0fish of rivers",
    "a small fish 🐟 of rivers",
    "a small fish 🐕\u200d🦺 that guides",
    "a heart ❤\ufe0f made of wood",
    "if a < b and 3 > 2, it is odd",
    "a sweet <3 for lovers",
    "a fish that lives at sea, mostly",
    "a dot com company from 1999",
    "a net. Nets catch fish",
    "a vase from the Ming era, ca. 1500",
    "an old Spanish coin (see p. 12)",
    "в 1650 г. так называли рыбу",
    "живёт в РФ. Рыба мелкая",
    "a tool for ['weaving'] cloth",
    "a 5 cm long knife",
    "Es un pez.Su color es rojo",
    "a fish whose length is 3.14159265 feet",
    "a population of 1 500 000 fish",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_r4_accepts_ordinary_definitions(text: str) -> None:
    assert check_definition(text) == normalize(text)


def test_r3a_normalizes_for_storage() -> None:
    assert check_definition("  a   small \u00a0 fish  ") == "a small fish"
    assert check_definition("a small fish\u3000of rivers") == "a small fish of rivers"
    composed = check_definition("cafe\u0301 for dogs")
    assert composed == "café for dogs"
    assert unicodedata.is_normalized("NFC", composed)


def test_r3a_nfc_counts_a_composed_letter_once() -> None:
    eight = "cafe\u0301 oks"  # 9 code points raw, 8 after NFC
    assert len(eight) == 9
    assert check_definition(eight) == "café oks"
    seven = "cafe\u0301 ok"  # 8 raw, 7 after NFC
    with pytest.raises(TextRefused) as refused:
        check_definition(seven)
    assert refused.value.reason is Reason.TOO_SHORT


def test_r3a_newline_is_refused_not_collapsed() -> None:
    assert normalize("a small\nfish") == "a small fish"
    with pytest.raises(TextRefused) as refused:
        check_definition("a small\nfish of rivers")
    assert refused.value.reason is Reason.CONTROL


def test_r3a_counts_code_points_8_and_100_allowed() -> None:
    eight = "a fishes"
    hundred = ("a small fish of the rivers " * 4)[:100].strip()
    hundred = hundred + "s" * (100 - len(hundred))
    cyrillic = ("мелкая рыба, которую ловят сетью " * 4)[:99] + "ь"
    for text in (eight, hundred, cyrillic):
        assert len(text) in (8, 100)
        assert check_definition(text) == text
    assert len(cyrillic) == 100
    for short, long in ((eight[:7], hundred + "s"), (eight[:7] + " ", cyrillic + "ь")):
        with pytest.raises(TextRefused) as refused:
            check_definition(short)
        assert refused.value.reason is Reason.TOO_SHORT
        with pytest.raises(TextRefused) as refused:
            check_definition(long)
        assert refused.value.reason is Reason.TOO_LONG


R5_MATCHES = [
    ("A small fish!", "a  small   fish"),
    ("a small-fish.", "A SMALL FISH"),
    ("Ёлка", "елка"),
    ("ЁЖ", "еж"),
    ("café", "cafe"),
    ("cafe\u0301", "CAFÉ"),
    ("niño", "NIÑO"),
    ("naïve", "naive"),
    ("Ça va", "ca va"),
    ("über", "uber"),
    ("canción", "cancion"),
    ("a fish 🐟", "a fish"),
    ("ＦＩＳＨ", "fish"),
    ("ﬁsh", "fish"),
    ("œuvre", "oeuvre"),
    ("Straße", "strasse"),
]


@pytest.mark.parametrize(("a", "b"), R5_MATCHES)
def test_r5a_keys_match(a: str, b: str) -> None:
    assert comparison_key(a) == comparison_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("año", "ano"),
        ("niño", "nino"),
        ("Ñandú", "nandu"),
        ("йод", "иод"),
        ("ЙОД", "иод"),
        ("a small fish", "a small dish"),
        ("1650", "1651"),
    ],
)
def test_r5a_keys_differ(a: str, b: str) -> None:
    assert comparison_key(a) != comparison_key(b)


def test_r5a_key_values() -> None:
    assert comparison_key("A small fish!") == "asmallfish"
    assert comparison_key("Ёлка-палка") == "елкапалка"
    assert comparison_key("El Niño, 1997") == "elniño1997"
    assert comparison_key("Йод") == "йод"
    assert comparison_key("🐟 !!! ...") == ""


def test_r5a_words_split_text_into_keys() -> None:
    assert words("A long-handled spoon, a farmer's tool!") == [
        "a",
        "long",
        "handled",
        "spoon",
        "a",
        "farmers",
        "tool",
    ]
    assert words("Ёлка — 🐟 ... ель") == ["елка", "ель"]
    assert words("  ") == []


@pytest.mark.parametrize("name", ["Ana", "Жора", "Nico 2", "J", "7", "Ñoño", "Ana 🐟", "x" * 24])
def test_r4b_accepts_names(name: str) -> None:
    assert check_name(name) == name


def test_r4b_names_are_normalized() -> None:
    assert check_name("  Ana   Mar\u00eda ") == "Ana María"
    assert check_name("Jose\u0301") == "José"


REFUSED_NAMES = [
    ("", Reason.TOO_SHORT),
    ("   ", Reason.TOO_SHORT),
    ("\u00a0", Reason.TOO_SHORT),
    ("x" * 25, Reason.TOO_LONG),
    ("!!!", Reason.NO_MEANING),
    ("🐟", Reason.NO_MEANING),
    ("@bob", Reason.HANDLE),
    ("bob.com", Reason.URL),
    ("<b>x</b>", Reason.MARKUP),
    ("bob@mail.ru", Reason.EMAIL),
    ("bob 8 800 555 35 35", Reason.PHONE),
    ("bo\u200bb", Reason.INVISIBLE),
    ("bob\n", Reason.CONTROL),
    ("\u3164", Reason.INVISIBLE),
]


@pytest.mark.parametrize(("name", "reason"), REFUSED_NAMES)
def test_r4b_refuses_names(name: str, reason: Reason) -> None:
    with pytest.raises(TextRefused) as refused:
        check_name(name)
    assert refused.value.reason is reason


def test_r4_checks_run_in_the_documented_order() -> None:
    # control, invisible, length, markup, email, handle, url, no_meaning, phone
    cases = [
        ("\u200b\n", Reason.CONTROL),
        ("\u200b", Reason.INVISIBLE),
        ("x.com", Reason.TOO_SHORT),
        ("<b>bob@example.com</b>", Reason.MARKUP),
        ("bob@example.com 12345678", Reason.EMAIL),
        ("@bob and example.com", Reason.HANDLE),
        ("example.com 12345678", Reason.URL),
        ("!!! 12345678 !!!", Reason.NO_MEANING),
        ("aaaa 12345678", Reason.NO_MEANING),
        ("a fish 12345678", Reason.PHONE),
    ]
    for text, reason in cases:
        with pytest.raises(TextRefused) as refused:
            check_definition(text)
        assert refused.value.reason is reason, text


@given(st.text(max_size=140))
@example("a small fish")
@example("a small\u00a0fish\u0301 ")
def test_r4_check_definition_refuses_or_returns_stable_stored_text(text: str) -> None:
    try:
        stored = check_definition(text)
    except TextRefused as refusal:
        assert isinstance(refusal.reason, Reason)
        return
    assert stored == normalize(text)
    assert 8 <= len(stored) <= 100
    assert check_definition(stored) == stored


@given(st.text(max_size=40))
def test_r4b_check_name_refuses_or_returns_stable_stored_text(text: str) -> None:
    try:
        stored = check_name(text)
    except TextRefused as refusal:
        assert isinstance(refusal.reason, Reason)
        return
    assert stored == normalize(text)
    assert 1 <= len(stored) <= 24
    assert check_name(stored) == stored


@given(st.text())
@example("İstanbul ΐ ﬀ ㎒ Ǆ ẞ Ꭰꭰ")
def test_r5a_key_is_idempotent_and_only_letters_and_digits(text: str) -> None:
    key = comparison_key(text)
    assert comparison_key(key) == key
    assert all(ch.isalnum() or unicodedata.category(ch).startswith("M") for ch in key)


@given(st.text())
def test_r3a_normalize_is_idempotent(text: str) -> None:
    assert normalize(normalize(text)) == normalize(text)


# --- R4a fixes: which check names an address -----------------------------------------------


def test_r4a_at_before_a_real_dot_is_url() -> None:
    # "at" spelled out before a domain with a real dot names a web address.
    with pytest.raises(TextRefused) as refused:
        check_definition("Find it at example.com right now")
    assert refused.value.reason is Reason.URL
    with pytest.raises(TextRefused) as refused:
        check_definition("write to bob at example dot com")
    assert refused.value.reason is Reason.EMAIL


@pytest.mark.parametrize(
    "text",
    [
        "visit mysite.de for more info",
        "go to spam.co now please",
        "a fish sold at FISHY.SHOP now",
        "a fish sold at fishy.ShOp now",
        "buy one at fish.market today",
        "игры на сайте пример.онлайн",
    ],
)
def test_r4a_bare_domain_is_url(text: str) -> None:
    with pytest.raises(TextRefused) as refused:
        check_definition(text)
    assert refused.value.reason is Reason.URL


@pytest.mark.parametrize(
    "text",
    [
        "a fine wine, i.e. a claret",
        "Mr. Smith's hat, worn at sea",
        "a ship of the U.S. navy",
        "a small fish.Next it swims upstream",
        "the end.The fish swims on",
        "a bird, e.g.a wren or a robin",
        "una fruta.Es roja y dulce",
    ],
)
def test_r4a_abbreviations_and_missing_spaces_are_not_urls(text: str) -> None:
    assert check_definition(text) == text


def test_r4a_bare_domain_in_a_name_is_url() -> None:
    for name in ("mysite.de", "spam.co", "fish.shop"):
        with pytest.raises(TextRefused) as refused:
            check_name(name)
        assert refused.value.reason is Reason.URL, name
    assert check_name("Dr.Who") == "Dr.Who"


# --- R4c: stacked marks ---------------------------------------------------------------------

ZALGO = "Z" + "\u0301" * 23


def test_r4c_stacked_marks_are_invisible() -> None:
    for check in (check_name, check_definition):
        with pytest.raises(TextRefused) as refused:
            check(ZALGO)
        assert refused.value.reason is Reason.INVISIBLE
    with pytest.raises(TextRefused) as refused:
        check_definition("a small fish of rive\u0301\u0302\u0303rs")
    assert refused.value.reason is Reason.INVISIBLE
    # A precomposed letter counts its own marks: ẫ has two, one more is three.
    with pytest.raises(TextRefused) as refused:
        check_name("Tu\u1eab\u0301n")
    assert refused.value.reason is Reason.INVISIBLE


def test_r4c_two_marks_on_a_letter_are_fine() -> None:
    assert check_definition("phở bò, a soup of Việt Nam") == "phở bò, a soup of Việt Nam"
    assert check_name("Tuấn") == "Tuấn"
    assert check_name("Tua\u0302\u0301n") == "Tuấn"  # two marks typed separately
    assert check_definition("ёлка́ in a forest") == "ёлка́ in a forest"


# --- R4c: names are unique by their confusable skeleton ------------------------------------


def test_r4c_name_key_joins_latin_cyrillic_and_greek_look_alikes() -> None:
    latin, cyrillic, greek = "Ana", "\u0410na", "\u0391na"
    assert len({latin, cyrillic, greek}) == 3
    assert name_key(latin) == name_key(cyrillic) == name_key(greek)
    assert same_name("Ana", "аna")  # Cyrillic small а
    assert same_name("Tom", "Том")
    assert same_name("Ivan", "Іvan")  # Ukrainian І
    assert same_name("Bepa", "Вера")
    assert same_name("B0B", "BOB")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ana", "Anna"),
        ("Bill", "Bili"),
        ("Amie", "Arnie"),
        ("Йод", "Иод"),
        ("Жора", "Zhora"),
        ("Niño", "Nino"),
        ("Bjørn", "Bjorn"),
        ("Vera", "Вера"),
    ],
)
def test_r4c_different_names_keep_different_keys(a: str, b: str) -> None:
    assert name_key(a) != name_key(b)
    assert not same_name(a, b)


@pytest.mark.parametrize(("a", "b"), R5_MATCHES)
def test_r4c_names_that_match_by_r5_match_by_name_key(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


@given(st.text(max_size=30))
@example("İstanbul ΐ ﬀ Ǆ ẞ Ꭰꭰ")
def test_r4c_name_key_depends_only_on_the_r5_key(name: str) -> None:
    assert name_key(name) == name_key(comparison_key(name))
    assert name_key(name) == name_key(name.upper()) == name_key(name.casefold())


def test_r4c_skeleton_is_tr39s() -> None:
    # Unicode TR39's own example: "paypal" with Cyrillic р, а and у.
    assert skeleton("\u0440\u0430\u0443\u0440\u0430l") == skeleton("paypal")
    assert skeleton("I") == skeleton("l") == "l"  # case kept, as TR39 does
    assert skeleton("m") == "rn"


# --- the checked order and the package's boundaries -----------------------------------------


def test_r4_checked_order_tables() -> None:
    order = [
        Reason.CONTROL,
        Reason.INVISIBLE,
        Reason.INVISIBLE,
        Reason.TOO_SHORT,
        Reason.TOO_LONG,
        Reason.MARKUP,
        Reason.EMAIL,
        Reason.HANDLE,
        Reason.URL,
        Reason.NO_MEANING,
        Reason.PHONE,
    ]
    assert [reason for reason, _ in DEFINITION_CHECKS] == order
    assert [reason for reason, _ in NAME_CHECKS] == order


PACKAGE = Path(table.text.__file__).parent
IMPURE = {"os", "time", "random", "boto3", "botocore", "uuid", "secrets", "socket"}


def test_text_package_is_pure_and_self_contained() -> None:
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 6
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
                names = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                roots, names = {node.module.split(".")[0]}, {node.module}
            else:
                continue
            assert not roots & IMPURE, (path.name, roots)
            assert roots <= set(sys.stdlib_module_names) | {"table", "__future__"}, path.name
            assert all(n.startswith("table.text") for n in names if n.split(".")[0] == "table")


def test_importing_the_text_package_loads_no_game_and_no_sdk() -> None:
    code = (
        "import sys, table.text; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'bluff', 'games', 'boto3', 'botocore'} or m.startswith('table.') "
        "and not m.startswith('table.text')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- where refusals become error codes ---------------------------------------------------------


@pytest.fixture(scope="module")
def writing() -> Table:
    table = Table.seated(3)
    table.start()
    return table


@pytest.mark.parametrize(("text", "reason"), ADVERSARIAL)
def test_r4_the_game_refuses_definitions_with_invalid_text(
    writing: Table, text: str, reason: Reason
) -> None:
    with pytest.raises(Refusal) as refused:
        writing.submit("Ana", text)
    assert (refused.value.code, refused.value.reason) == (Code.INVALID_TEXT, reason)


@pytest.mark.parametrize(("name", "reason"), REFUSED_NAMES)
def test_r4b_the_table_refuses_names_with_invalid_name(name: str, reason: Reason) -> None:
    with pytest.raises(Refusal) as refused:
        valid_name(name)
    assert (refused.value.code, refused.value.reason) == (Code.INVALID_NAME, reason)


@given(st.text(max_size=40))
def test_r4b_the_table_agrees_with_the_package_on_names(text: str) -> None:
    try:
        expected = check_name(text)
    except TextRefused as refusal:
        with pytest.raises(Refusal) as refused:
            valid_name(text)
        assert (refused.value.code, refused.value.reason) == (Code.INVALID_NAME, refusal.reason)
    else:
        assert valid_name(text) == expected


def test_r4_every_reason_has_its_sentence() -> None:
    for reason in Reason:
        assert message_for(Code.INVALID_TEXT, reason.value) != message_for(Code.INVALID_TEXT)
    assert message_for(Code.INVALID_TEXT, Reason.URL).endswith("No web addresses.")
