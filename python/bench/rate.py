"""Seeds per second: the CLI on one core (RAYON_NUM_THREADS=1) vs the package
in-process vs single-threaded Dask workers (LocalCluster).

    python python/bench/rate.py [SEEDS] [SHARD_SIZE] [CLI]

Whole-process timing, no assertions: the figures of docs/scale.md. Each rate is
given per wall-clock second and per CPU second (user + system time of the
process doing the work), the second being the fair one on a shared machine.
"""

import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import contraption
from contraption import distributed

seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
shard_size = int(sys.argv[2]) if len(sys.argv) > 2 else 2500
cli = sys.argv[3] if len(sys.argv) > 3 else "target/release/contraption"


def cpu_of_process():
    t = os.times()
    return t.user + t.system


def main():
    rates = {"seeds": seeds, "shard_size": shard_size}
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([cli, "scan", f"0..{seeds}", "--json"], env=env, check=True, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rates["cli_one_core"] = {"per_wall_s": seeds / wall, "per_cpu_s": seeds / cpu}

    t, c = time.perf_counter(), time.thread_time()
    contraption.scan(0, seeds)
    rates["package_in_process"] = {"per_wall_s": seeds / (time.perf_counter() - t), "per_cpu_s": seeds / (time.thread_time() - c)}

    from distributed import Client, LocalCluster

    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0") as cl, Client(cl) as client:
            client.run(lambda: None)
            cpu0 = sum(client.run(cpu_of_process).values())
            with tempfile.TemporaryDirectory() as out:
                t = time.perf_counter()
                distributed.scan(0, seeds, client=client, out=out, shard_size=shard_size)
                wall = time.perf_counter() - t
            cpu = sum(client.run(cpu_of_process).values()) - cpu0
        rates[f"dask_{workers}_workers"] = {"per_worker_per_wall_s": seeds / wall / workers, "per_cpu_s": seeds / cpu}
    for v in rates.values():
        if isinstance(v, dict):
            for k in v:
                v[k] = round(v[k], 1)
    rates["load_average"] = os.getloadavg()
    print(json.dumps(rates, indent=2))


if __name__ == "__main__":
    main()
