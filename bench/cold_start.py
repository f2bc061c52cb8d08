"""A handler's cold start: its import, and its import plus what its first request adds.

Each measurement is a fresh interpreter, interleaved with the two baselines so
that machine noise spreads over all of them (as `bench/ops_per_action.py` does
for the import alone): a bare `import boto3`, and `import boto3` plus
`boto3.client("dynamodb")`, what an idiomatic boto3 handler pays before its
first call. Two clocks: wall time, and the CPU time the interpreter used, which
a busy shared machine disturbs far less.

"First request" is the one-off work a container's first `create_room` adds to
its import, without the network: the DynamoDB client (botocore's session and
client machinery), the request's validator, the game's module and its English
deck. A `$connect` adds none of it.

Each handler runs twice: on the checkout (`shared/` on the path, the decks read
from their TOML sources) and on the layer's layout, built in a temporary
directory as `infra/layer/Makefile` builds it (the packages, the content with
compiled decks and Fictionary's pool gate, bytecode compiled ahead; the venv's
site-packages stands in for the layer's dependencies).

A second table gives each game's module import and first `load_content(lang)`
on the layer's layout.

    .venv/bin/python bench/cold_start.py            # 7 runs
    .venv/bin/python bench/cold_start.py --runs 3
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ENV = {
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "TABLE_NAME": "dictionary-bluff",
    "DEADLINE_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/bluff-deadlines",
    "WEBSOCKET_ENDPOINT": "https://abc123.execute-api.us-east-1.amazonaws.com/live",
    "POWERTOOLS_SERVICE_NAME": "dictionary-bluff",
    "POWERTOOLS_METRICS_NAMESPACE": "DictionaryBluff",
    "POWERTOOLS_METRICS_DISABLED": "true",
    "POWERTOOLS_LOG_LEVEL": "WARNING",
    "PYTHONDONTWRITEBYTECODE": "1",
}

IMPORT_BOTO3 = """
import time
cpu, wall = time.process_time(), time.perf_counter()
import boto3
print(time.process_time() - cpu, time.perf_counter() - wall, 0, 0)
"""

BOTO3_CLIENT = """
import time
cpu, wall = time.process_time(), time.perf_counter()
import boto3
imported = time.process_time() - cpu, time.perf_counter() - wall
boto3.client("dynamodb", region_name="us-east-1")
print(*imported, time.process_time() - cpu, time.perf_counter() - wall)
"""

HANDLER = """
import importlib.util, sys, time
cpu, wall = time.process_time(), time.perf_counter()
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
imported = time.process_time() - cpu, time.perf_counter() - wall
module.app.service.store.client.meta  # the DynamoDB client, made on first use
from table import protocol, registry
protocol.CreateRoom.model_validate({"name": "Ana", "lang": "en", "game": "bluff"})
registry.get("bluff").load_content("en")
print(*imported, time.process_time() - cpu, time.perf_counter() - wall)
"""


GAME = """
import sys, time
from table import registry
cpu, wall = time.process_time(), time.perf_counter()
game = registry.get(sys.argv[1])
imported = time.process_time() - cpu, time.perf_counter() - wall
cpu, wall = time.process_time(), time.perf_counter()
game.load_content(sys.argv[2])
print(*imported, time.process_time() - cpu, time.perf_counter() - wall)
"""

GAMES = {"bluff": "en", "fictionary": "en", "impostor": "en", "dictopia": "en"}


def build_layer(into: Path) -> Path:
    """The layer's tree as `infra/layer/Makefile` lays it out, minus the dependencies."""
    python, content = into / "python", into / "content"
    for package in ("table", "games", "wordcards"):
        shutil.copytree(
            ROOT / "shared" / package,
            python / package,
            ignore=shutil.ignore_patterns("__pycache__"),
        )
    for folder in sorted((ROOT / "content").iterdir()):
        if folder.is_dir() and folder.name != "decks":
            shutil.copytree(folder, content / folder.name)
    subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",
            str(ROOT / "shared" / "wordcards" / "compiled.py"),
            str(content / "decks"),
            "--decks",
            str(ROOT / "content" / "decks"),
        ],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",
            str(ROOT / "shared" / "games" / "fictionary" / "pool.py"),
            str(content / "fictionary" / "pool"),
            "--decks",
            str(content / "decks"),
        ],
        check=True,
        capture_output=True,
    )
    compileall.compile_dir(
        python,
        quiet=1,
        invalidation_mode=compileall.py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    return python


def measure(code: str, *args: str, path: Path = ROOT / "shared") -> list[float]:
    env = {**os.environ, **ENV, "PYTHONPATH": str(path)}
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(v) * 1000 for v in out.stdout.split()[-4:]]


def _ms(value: float) -> str:
    return f"{value:.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    # The checkout's bytecode as any run leaves it: an edited module is compiled
    # here, not again in every measured interpreter (PYTHONDONTWRITEBYTECODE).
    compileall.compile_dir(ROOT / "shared", quiet=1)
    with tempfile.TemporaryDirectory(prefix="cold-start-layer-") as tmp:
        layer = build_layer(Path(tmp))
        return report(args.runs, layer)


def report(runs_wanted: int, layer: Path) -> int:
    checkout = ROOT / "shared"
    targets: dict[str, tuple[str, tuple[str, ...], Path]] = {
        "import boto3": (IMPORT_BOTO3, (), checkout),
        "import boto3 + client": (BOTO3_CLIENT, (), checkout),
    }
    for where, path in (("checkout", checkout), ("layer", layer)):
        for name in ("connection", "actions", "deadline"):
            app = str(ROOT / "functions" / name / "app.py")
            targets[f"{name}, {where}"] = (HANDLER, (app,), path)
    for slug, lang in GAMES.items():
        targets[f"game {slug}"] = (GAME, (slug, lang), layer)
    runs: dict[str, list[list[float]]] = {k: [] for k in targets}
    load = os.getloadavg()[0]
    for _ in range(runs_wanted):
        for label, (code, argv, path) in targets.items():
            runs[label].append(measure(code, *argv, path=path))
    median = {k: [statistics.median(r[i] for r in v) for i in range(4)] for k, v in runs.items()}
    boto3_cpu, boto3_wall = median["import boto3"][:2]
    client_cpu, client_wall = median["import boto3 + client"][2:]
    print(f"cold start: {runs_wanted} runs, medians; `uptime` load {load:.1f} at the start")
    print(
        "| module | import CPU ms | × boto3 | import wall ms | × boto3 "
        "| + first request CPU ms | × boto3 | × boto3 + client | + first request wall ms "
        "| × boto3 + client |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, (cpu, wall, first_cpu, first_wall) in median.items():
        if label.startswith("game "):
            continue
        cells = [label, _ms(cpu), f"{cpu / boto3_cpu:.2f}", _ms(wall), f"{wall / boto3_wall:.2f}"]
        if label == "import boto3":
            cells += ["—"] * 5
        else:
            cells += [
                _ms(first_cpu),
                f"{first_cpu / boto3_cpu:.2f}",
                f"{first_cpu / client_cpu:.2f}",
                _ms(first_wall),
                f"{first_wall / client_wall:.2f}",
            ]
        print("| " + " | ".join(cells) + " |")
    print()
    print("each game on the layer's layout, after the table's import:")
    print("| game | module import CPU ms | wall ms | first load_content CPU ms | wall ms |")
    print("|---|---:|---:|---:|---:|")
    for slug, lang in GAMES.items():
        cpu, wall, first_cpu, first_wall = median[f"game {slug}"]
        print(
            f"| {slug} ({lang}) | {_ms(cpu)} | {_ms(wall)} | {_ms(first_cpu)} | {_ms(first_wall)} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
