"""Per-language tables the rules read: small words (ruling 8a), bot names (1d),
the noun and verb cues and chatty words of F22 (22a), telling endings and silly
lines (20b).

These are content; they live here until `content/fictionary/<lang>/` holds
them (see docs/fictionary.md). A language without a table skips its branch.
"""

from __future__ import annotations

POS_LABELS = {
    "noun": "noun",
    "verb": "verb",
    "adjective": "adjective",
    "adverb": "adverb",
    "sustantivo": "noun",
    "verbo": "verb",
    "adjetivo": "adjective",
    "adverbio": "adverb",
    "существительное": "noun",
    "глагол": "verb",
    "прилагательное": "adjective",
    "наречие": "adverb",
}

SMALL = {
    "en": frozenset(
        [
            "a",
            "an",
            "the",
            "of",
            "to",
            "in",
            "on",
            "at",
            "by",
            "for",
            "from",
            "with",
            "into",
            "onto",
            "as",
            "or",
            "and",
            "but",
            "nor",
            "so",
            "it",
            "its",
            "he",
            "she",
            "they",
            "them",
            "his",
            "her",
            "their",
            "one",
            "that",
            "this",
            "these",
            "those",
            "who",
            "whom",
            "which",
            "what",
            "is",
            "are",
            "was",
            "were",
            "be",
            "been",
            "being",
            "am",
            "some",
            "any",
        ]
    ),
    "es": frozenset(
        [
            "un",
            "una",
            "unos",
            "unas",
            "el",
            "la",
            "los",
            "las",
            "lo",
            "de",
            "del",
            "a",
            "al",
            "en",
            "con",
            "por",
            "para",
            "sin",
            "sobre",
            "y",
            "o",
            "u",
            "e",
            "ni",
            "que",
            "quien",
            "cual",
            "se",
            "su",
            "sus",
            "es",
            "son",
            "era",
            "fue",
            "ser",
            "estar",
            "esta",
            "este",
            "esto",
        ]
    ),
    "ru": frozenset(
        [
            "и",
            "в",
            "во",
            "на",
            "с",
            "со",
            "к",
            "ко",
            "о",
            "об",
            "от",
            "до",
            "по",
            "за",
            "из",
            "у",
            "не",
            "но",
            "а",
            "или",
            "что",
            "как",
            "это",
            "тот",
            "та",
            "то",
            "те",
            "его",
            "ее",
            "их",
            "он",
            "она",
            "они",
            "быть",
            "был",
            "была",
            "было",
        ]
    ),
}

BOT_NAMES = {
    "en": (
        "Ada",
        "Basil",
        "Clover",
        "Dorian",
        "Edie",
        "Felix",
        "Greta",
        "Hugo",
        "Iris",
        "Jasper",
        "Kit",
        "Lena",
    ),
    "es": (
        "Alba",
        "Bruno",
        "Carmen",
        "Dario",
        "Elena",
        "Fermín",
        "Gala",
        "Hugo",
        "Inés",
        "Julio",
        "Lola",
        "Mateo",
    ),
    "ru": (
        "Аня",
        "Борис",
        "Вера",
        "Глеб",
        "Даша",
        "Егор",
        "Жанна",
        "Захар",
        "Ирина",
        "Кирилл",
        "Лиза",
        "Марк",
    ),
}

# F22 / ruling 22a: a dictionary-like opening for nouns and verbs, and chatty words.
NOUN_OPENINGS = {
    "en": ("a", "an", "the"),
    "es": ("un", "una", "unos", "unas", "el", "la", "los", "las"),
}
VERB_ENDINGS = {
    "en": (),
    "es": ("ar", "er", "ir", "arse", "erse", "irse"),
    "ru": ("ть", "ться", "ти", "чь"),
}
VERB_OPENING_EN = "to"
# The bots' choice (F20): words that join an alternative or a pair, as real definitions often do.
JOINERS = {
    "en": frozenset({"or", "nor", "and"}),
    "es": frozenset({"o", "u", "y", "e"}),
    "ru": frozenset({"или", "либо", "и"}),
}
CHATTY = {
    "en": frozenset({"i", "lol"}),
    "es": frozenset({"yo", "jaja", "xd"}),
    "ru": frozenset({"я", "лол", "хах"}),
}

# Ruling 20b: telling endings -> (sentences with a {topic} blank, the promise kept by
# a card that says it), the topics a prefix suggests, and silly lines by part of speech.
ENDINGS = {
    "en": {
        "phobia": (
            ("An unreasonable fear of {topic}", "A dread of {topic} that starts in childhood"),
            "fear",
        ),
        "mancy": (
            ("Telling the future by watching {topic}", "Fortune-telling with {topic}"),
            "future",
        ),
        "cide": (("The killing of {topic}", "A poison once used against {topic}"), "kill"),
        "ology": (("The study of {topic}", "The old science of sorting {topic}"), "study"),
        "itis": (("A swelling caused by too much {topic}",), "swelling"),
    },
}
PREFIXES = {
    "en": {
        "ichthy": "fish",
        "orni": "birds",
        "hippo": "horses",
        "pyro": "fire",
        "hydro": "water",
        "myco": "mushrooms",
    },
}
TOPICS = {
    "en": ("small birds", "rain", "old letters", "cheese", "bells", "ladders", "moss", "spoons")
}
SILLY = {
    "en": {
        "noun": (
            "A hat worn by a duck on Sundays",
            "A soup that nobody finishes",
            "The noise a teapot makes when bored",
        ),
        "verb": ("To sneeze at a cabbage", "To dance badly at a funeral", "To argue with a lamp"),
        "adjective": ("Smelling faintly of wet socks", "Shaped like a confused potato"),
        "adverb": ("In the manner of a startled goose",),
    },
    "es": {
        "noun": (
            "Un sombrero que usa un pato los domingos",
            "Una sopa que nadie termina nunca",
            "El ruido que hace una tetera aburrida",
        ),
        "verb": (
            "Estornudar delante de una col",
            "Bailar mal en un entierro",
            "Discutir con una lámpara",
        ),
        "adjective": ("Que huele un poco a calcetín mojado", "Con forma de patata confundida"),
        "adverb": ("A la manera de un ganso asustado",),
    },
    "ru": {
        "noun": (
            "Шляпа, которую утка носит по воскресеньям",
            "Суп, который никто не доедает",
            "Звук, который издаёт заскучавший чайник",
        ),
        "verb": ("Чихать на капусту", "Плохо танцевать на похоронах", "Спорить с лампой"),
        "adjective": ("Слегка пахнущий мокрыми носками", "Похожий на растерянную картошку"),
        "adverb": ("Как испуганный гусь",),
    },
}

# The card's note after its part of speech: the labels a player reads as where the word
# comes from (origin) and what it belongs to (field). A bot's fakes are drawn to fit
# them (docs/fictionary.md, "Fakes that fit the card"). A label is an origin when it
# says "from <Language>" (en), starts "del <lengua>" (es) or "из <языка>" (ru); it names a
# field when one of its words is listed below. Words of registers and places ("obsolete",
# "España", "устар.") are neither, so those cards are neutral.
ORIGIN_PATTERNS = (
    r"\bfrom ([A-Z][\w-]*(?: [A-Z][\w-]*)?)",
    r"^del (\w+)",
    r"^из (\w+)",
)
FIELD_WORDS = {
    # en
    "law": "law",
    "legal": "law",
    "feudal": "law",
    "medical": "medicine",
    "nautical": "sea",
    "sailors": "sea",
    "sea": "sea",
    "botany": "plants",
    "gardening": "plants",
    "church": "church",
    "heraldry": "heraldry",
    "zoology": "animals",
    "architecture": "building",
    "building": "building",
    "military": "military",
    "fortification": "military",
    "rhetoric": "language",
    "grammar": "language",
    "chemistry": "science",
    "astronomy": "science",
    "aviation": "aviation",
    "printing": "printing",
    "mining": "mining",
    "glassmaking": "glassmaking",
    "hunting": "hunting",
    "drumming": "music",
    "painting": "painting",
    "politics": "politics",
    # es
    "marinero": "sea",
    "eclesiástico": "church",
    # ru
    "зоология": "animals",
    "ботаника": "plants",
    "церк": "church",
    "кулинарное": "cooking",
    "архит": "building",
    "охот": "hunting",
    "воен": "military",
    "полигр": "printing",
    "ремесло": "crafts",
    "масти": "horses",
}
