"""A handler's cold start: its import, and its import plus what its first request adds.

Each measurement is a fresh interpreter, interleaved with a bare `import boto3`
so that machine noise spreads over all of them (as `bench/ops_per_action.py`
does for the import alone). Two clocks: wall time, and the CPU time the
interpreter used, which a busy shared machine disturbs far less.

"First request" is the one-off work a container's first `create_room` adds to
its import, without the network: the DynamoDB client (botocore's session and
client machinery), the request's validator, the game's module and its English
deck. A `$connect` adds none of it.

    .venv/bin/python bench/cold_start.py            # 7 runs
    .venv/bin/python bench/cold_start.py --runs 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
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


def measure(code: str, *args: str) -> list[float]:
    env = {**os.environ, **ENV, "PYTHONPATH": str(ROOT / "shared")}
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(v) * 1000 for v in out.stdout.split()[-4:]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    targets: dict[str, tuple[str, ...]] = {"import boto3": (IMPORT_BOTO3,)}
    for name in ("connection", "actions", "deadline"):
        targets[f"functions/{name}/app.py"] = (HANDLER, str(ROOT / "functions" / name / "app.py"))
    runs: dict[str, list[list[float]]] = {k: [] for k in targets}
    load = os.getloadavg()[0]
    for _ in range(args.runs):
        for label, (code, *rest) in targets.items():
            runs[label].append(measure(code, *rest))
    median = {k: [statistics.median(r[i] for r in v) for i in range(4)] for k, v in runs.items()}
    boto3_cpu, boto3_wall = median["import boto3"][:2]
    print(f"cold start: {args.runs} runs, medians; `uptime` load {load:.1f} at the start")
    print(
        "| module | import CPU ms | × boto3 | import wall ms | × boto3 "
        "| + first request CPU ms | × boto3 | + first request wall ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, (cpu, wall, first_cpu, first_wall) in median.items():
        first = "—" if label == "import boto3" else f"{first_cpu:.0f}"
        first_ratio = "—" if label == "import boto3" else f"{first_cpu / boto3_cpu:.2f}"
        first_w = "—" if label == "import boto3" else f"{first_wall:.0f}"
        print(
            f"| {label} | {cpu:.0f} | {cpu / boto3_cpu:.2f} | {wall:.0f} | {wall / boto3_wall:.2f} "
            f"| {first} | {first_ratio} | {first_w} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
