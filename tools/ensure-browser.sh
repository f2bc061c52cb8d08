#!/usr/bin/env bash
# What the browser tests (tests/e2e) need besides the Python packages:
#   - Debian's Chromium at /usr/bin/chromium (Playwright drives it; it never
#     downloads a browser of its own: no `playwright install`, ever);
#   - axe-core from npm, pinned in tests/e2e/package-lock.json, in
#     tests/e2e/node_modules (npm itself comes from Debian if missing);
#   - Fictionary's English spelling list (F26), built from Debian's `wamerican`
#     by tools/fictionary/wordlist.sh into web/js/games/fictionary/dict/en.txt.
#
# Idempotent and quick when everything is there. Installs with apt-get only as
# root; otherwise it says what is missing and exits 0: the e2e tests then skip
# with that reason, except under CI=true, where they fail (tests/e2e/conftest.py).
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
E2E=tests/e2e
apt_updated=${APT_UPDATED:+true}  # set by a caller that just ran apt-get update
apt_updated=${apt_updated:-false}

say() { printf 'ensure-browser: %s\n' "$*" >&2; }

can_apt() { [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; }

apt_install() {
  if ! $apt_updated; then
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

missing=()

if [ ! -x "$CHROMIUM" ]; then
  if can_apt; then
    say "installing Debian's chromium"
    # The fonts the screenshots in docs/screenshots were taken with.
    apt_install chromium fonts-liberation fonts-dejavu-core
  else
    missing+=("$CHROMIUM (apt-get install chromium, as root)")
  fi
fi

if [ ! -f "$E2E/node_modules/axe-core/axe.min.js" ]; then
  if ! command -v npm >/dev/null 2>&1 && can_apt; then
    say "installing Debian's npm"
    apt_install npm
  fi
  if command -v npm >/dev/null 2>&1; then
    say "installing axe-core (npm ci --prefix $E2E)"
    npm ci --prefix "$E2E" --no-audit --no-fund --loglevel=error
  else
    missing+=("$E2E/node_modules/axe-core (needs npm: apt-get install npm, then npm ci --prefix $E2E)")
  fi
fi

WORDLIST=web/js/games/fictionary/dict/en.txt
if [ ! -s "$WORDLIST" ]; then
  if [ ! -r /usr/share/dict/american-english ] && can_apt; then
    say "installing Debian's wamerican (the spelling list)"
    apt_install wamerican
  fi
  if [ -r /usr/share/dict/american-english ]; then
    tools/fictionary/wordlist.sh >&2
  else
    missing+=("$WORDLIST (apt-get install wamerican, then tools/fictionary/wordlist.sh)")
  fi
fi

if [ ${#missing[@]} -gt 0 ]; then
  for m in "${missing[@]}"; do say "missing: $m"; done
  say "the browser tests will skip (or fail under CI=true)"
fi
exit 0
