"""Seeds per second: the CLI on one core vs the package in-process vs a Dask worker.

    python python/bench/rate.py [SEEDS] [CLI]

Whole-process / wall-clock timing (no assertions): the figures of docs/scale.md.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

import contraption
from contraption import distributed

seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
cli = sys.argv[2] if len(sys.argv) > 2 else "target/release/contraption"


def timed(f):
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def main():
    rates = {"seeds": seeds}
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    t = timed(lambda: subprocess.run([cli, "scan", f"0..{seeds}", "--json"], env=env, check=True, capture_output=True))
    rates["cli_one_core"] = seeds / t
    t = timed(lambda: contraption.scan(0, seeds))
    rates["package_in_process"] = seeds / t
    from distributed import Client, LocalCluster

    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as c, Client(c) as client:
            client.run(lambda: None)
            with tempfile.TemporaryDirectory() as out:
                t = timed(lambda: distributed.scan(0, seeds, client=client, out=out, shard_size=max(1024, seeds // (8 * workers))))
        rates[f"dask_{workers}_workers_per_worker"] = seeds / t / workers
    print(json.dumps({k: round(v, 1) if isinstance(v, float) else v for k, v in rates.items()}, indent=2))


if __name__ == "__main__":
    main()
