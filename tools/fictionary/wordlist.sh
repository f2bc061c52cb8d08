#!/bin/sh
# The browser's English spelling list (F26), built from Debian's `wamerican`
# (SCOWL, whose licence allows redistribution): one lower-case word a line,
# letters only, possessives dropped. Needs the package installed first:
#   apt-get install -y wamerican=2020.12.07-2
# Writes web/js/games/fictionary/dict/en.txt (not committed; the writing screen
# hides the spelling row when the list is missing).
set -eu
here=$(CDPATH= cd -- "$(dirname -- "$0")/../.." && pwd)
src=${1:-/usr/share/dict/american-english}
out="$here/web/js/games/fictionary/dict/en.txt"
if [ ! -r "$src" ]; then
  echo "wordlist: $src is missing (apt-get install -y wamerican)" >&2
  exit 1
fi
LC_ALL=C.UTF-8 grep -v "'" "$src" | LC_ALL=C.UTF-8 tr '[:upper:]' '[:lower:]' \
  | LC_ALL=C.UTF-8 grep -E '^[a-z]+$' | LC_ALL=C sort -u > "$out.tmp"
mv "$out.tmp" "$out"
echo "wordlist: $(wc -l < "$out") words in $out"
