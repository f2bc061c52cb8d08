"""`python -m infra.local`: serve the game on http://127.0.0.1:8000 (see docs/local-stack.md)."""

import sys

from infra.local.server import main

sys.exit(main())
