"""Whole-space scans on Dask distributed.

:func:`scan` cuts a seed range into shards, runs each as one Dask task on the
cluster a ``distributed.Client`` points at (a ``LocalCluster``, dask-jobqueue on
Slurm/PBS, dask-kubernetes...), and each task writes its rows (or only the
matches of ``where``) to ``out/seeds-START-STOP.parquet`` (STOP excluded; ten
digits each). The shard's aggregates (the engine's ``Totals``) travel in the
same file's metadata (``contraption.totals``), so a shard is one file: written
under a temporary name and renamed, it is either complete or absent.

A run is idempotent and resumable: a shard whose file is there is not computed
again (its totals are read back), a shard whose worker died is run again
elsewhere by Dask, and the driver merges exactly one set of totals per shard,
so no seed is ever counted twice. The merged summary (the fields of
``contraption scan --json``'s summary) is returned and written to
``out/_summary.json`` (the leading ``_`` keeps it out of Parquet dataset
discovery: ``pyarrow.dataset.dataset(out)`` reads the rows).

Command line::

    python -m contraption.distributed 0..4294967296 --out scan/ --local 2
    python -m contraption.distributed 0..1000000 --out found/ --where "solving = 1" \\
        --scheduler tcp://scheduler:8786
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import uuid
from typing import Any, Optional, Union

import pyarrow.parquet as pq

from . import ContraptionError, Rules, RulesLike, _range, _scan, load_rules
from . import _contraption as _engine

__all__ = ["scan", "shard_name", "shards", "default_shard_size", "main"]

SHARD_PATTERN = re.compile(r"^seeds-(\d{10})-(\d{10})\.parquet$")
SUMMARY_FILE = "_summary.json"


def shard_name(start: int, stop: int) -> str:
    """The file of shard START..STOP (STOP excluded)."""
    return f"seeds-{start:010d}-{stop:010d}.parquet"


def default_shard_size(seeds: int) -> int:
    """Shards of 1,024 to 65,536 seeds, about 64 of them for small ranges. It
    depends only on the range's size, so a re-run cuts the range the same way."""
    return max(1024, min(65536, -(-seeds // 64)))


def shards(start: int, stop: int, shard_size: int) -> list[tuple[int, int]]:
    """START..STOP cut into consecutive pieces of ``shard_size`` (the last shorter)."""
    return [(a, min(a + shard_size, stop)) for a in range(start, stop, shard_size)]


def _fsync_dir(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _finished(path: str, start: int, stop: int, rules_id: str, where: Optional[str]) -> Optional[dict]:
    """The totals and row count of a finished shard file, or None when there is
    none. A file of another scan (other rules or criteria) is refused: its
    directory is another scan's."""
    try:
        metadata = pq.read_metadata(path)
    except FileNotFoundError:
        return None
    except Exception as e:  # a file we did not write whole: set aside, never deleted
        aside = f"{path}.unreadable-{uuid.uuid4().hex[:8]}"
        os.replace(path, aside)
        print(f"warning: {path} was not a readable shard ({e}); moved to {aside}", file=sys.stderr)
        return None
    kv = {k.decode(): v.decode() for k, v in (metadata.metadata or {}).items()}
    made = (kv.get("contraption.range"), kv.get("contraption.rules_id"), kv.get("contraption.where"))
    if made != (f"{start}..{stop}", rules_id, where) or "contraption.totals" not in kv:
        raise ContraptionError(
            f"{path} is a shard of another scan (range {made[0]}, rules {made[1]}, criteria {made[2]!r}; "
            f"this one: {start}..{stop}, rules {rules_id}, criteria {where!r}); use another out directory"
        )
    return {"totals": kv["contraption.totals"], "rows": metadata.num_rows}


def _run_shard(start: int, stop: int, out: str, rules_json: Optional[str], rules_id: str, where: Optional[str]) -> dict:
    """One Dask task: shard START..STOP written to ``out`` unless it is there."""
    path = os.path.join(out, shard_name(start, stop))
    done = _finished(path, start, stop, rules_id, where)
    if done is not None:
        return {"range": (start, stop), "skipped": True, **done}
    rules: Optional[Rules] = None if rules_json is None else Rules.from_json(rules_json)
    if rules is not None and rules.id != rules_id:
        raise ContraptionError(f"the rules changed on their way to the worker ({rules.id}, not {rules_id})")
    table, totals, matches = _scan(start, stop, rules, where)
    tmp = os.path.join(out, f".{shard_name(start, stop)}.{uuid.uuid4().hex}.tmp")
    try:
        with open(tmp, "wb") as f:
            pq.write_table(table, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    _fsync_dir(out)
    return {"range": (start, stop), "skipped": False, "totals": totals, "rows": matches}


def _foreign_shards(out: str, wanted: set[tuple[int, int]]) -> list[str]:
    """Shard files in ``out`` that are not pieces of this cut."""
    foreign = []
    for name in sorted(os.listdir(out)):
        m = SHARD_PATTERN.match(name)
        if m and (int(m.group(1)), int(m.group(2))) not in wanted:
            foreign.append(name)
    return foreign


def _remove_stale_temporaries(out: str, finished: set[tuple[int, int]]) -> None:
    """Temporary files left by killed tasks of shards that are now finished."""
    for name in os.listdir(out):
        if name.startswith(".seeds-") and name.endswith(".tmp"):
            m = SHARD_PATTERN.match(name[1:].split(".parquet.")[0] + ".parquet")
            if m and (int(m.group(1)), int(m.group(2))) in finished:
                try:
                    os.remove(os.path.join(out, name))
                except FileNotFoundError:
                    pass


def scan(
    start: Union[int, str],
    stop: Union[int, str],
    *,
    client: Any,
    out: Union[str, "os.PathLike[str]"],
    where: Optional[str] = None,
    rules: RulesLike = None,
    shard_size: Optional[int] = None,
    progress: bool = False,
) -> dict:
    """Scans START..STOP (STOP excluded) on the Dask cluster of ``client``, one
    task per shard, into Parquet files in ``out`` (every row, or only the
    matches of the criteria ``where``). Returns the merged summary::

        {"summary": {...},          # the fields of `contraption scan --json`'s summary
         "range": "A..B", "rules_id": ..., "where": ... or None,
         "rows": N,                 # rows written (matches with `where`)
         "shards": S, "computed": C, "skipped": S - C,
         "shard_size": ..., "solving_histogram": [...], "all_pre_solved_seeds": [...],
         "out": ...}

    Run it again with the same arguments to finish an interrupted scan: the
    finished shards are skipped. ``progress`` shows Dask's progress bar."""
    a, b = _range(start, stop)
    if a >= b:
        raise ContraptionError(f"the range {a}..{b} is empty; stop must be greater than start")
    r = load_rules(rules)
    criteria = None if where is None else _engine.check_criteria(where, r)
    if shard_size is None:
        shard_size = default_shard_size(b - a)
    if isinstance(shard_size, bool) or not isinstance(shard_size, int) or shard_size < 1:
        raise ContraptionError(f"shard_size must be a whole number of seeds, at least 1, not {shard_size!r}")
    out = os.path.abspath(os.fspath(out))
    os.makedirs(out, exist_ok=True)
    pieces = shards(a, b, shard_size)
    foreign = _foreign_shards(out, set(pieces))
    if foreign:
        raise ContraptionError(
            f"{out} holds shards of another cut ({foreign[0]}{' and more' if len(foreign) > 1 else ''}); "
            "give the shard_size of that scan or another out directory"
        )
    rules_json = None if rules is None else r.to_json()
    run = uuid.uuid4().hex[:8]
    futures = client.map(
        _run_shard,
        [p[0] for p in pieces],
        [p[1] for p in pieces],
        out=out,
        rules_json=rules_json,
        rules_id=r.id,
        where=criteria,
        key=[f"contraption-shard-{p[0]}-{p[1]}-{run}" for p in pieces],
        pure=False,
    )
    try:
        if progress:
            from distributed import progress as show_progress

            # Dask's text bar writes to stdout; the results go there: the bar goes to stderr.
            with contextlib.redirect_stdout(sys.stderr):
                show_progress(futures, notebook=False)
        results = client.gather(futures)
    except BaseException:
        # A refused shard, a shard that failed too often, or Ctrl-C: the finished
        # shards stay; the rest are not run.
        client.cancel(futures)
        raise

    by_shard: dict[tuple[int, int], dict] = {}
    for res in results:
        by_shard.setdefault(tuple(res["range"]), res)
    if sorted(by_shard) != pieces:
        raise ContraptionError("the shards' results do not cover the range exactly once")
    totals = _engine.merge_totals([by_shard[p]["totals"] for p in pieces])
    summary, solving, listed = _engine.totals_summary(totals, r.id)
    _remove_stale_temporaries(out, set(pieces))
    computed = sum(1 for p in pieces if not by_shard[p]["skipped"])
    result = {
        "summary": json.loads(summary),
        "range": f"{a}..{b}",
        "rules_id": r.id,
        "where": criteria,
        "rows": sum(by_shard[p]["rows"] for p in pieces),
        "shards": len(pieces),
        "computed": computed,
        "skipped": len(pieces) - computed,
        "shard_size": shard_size,
        "solving_histogram": json.loads(solving),
        "all_pre_solved_seeds": json.loads(listed),
        "out": out,
    }
    tmp = os.path.join(out, f".{SUMMARY_FILE}.{run}.tmp")
    with open(tmp, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, os.path.join(out, SUMMARY_FILE))
    return result


def _parse_range(text: str) -> tuple[Union[int, str], Union[int, str]]:
    if ".." not in text:
        raise ContraptionError(f"'{text}' is not a range; write FROM..TO, e.g. 0..10000 (TO excluded)")
    a, b = text.split("..", 1)
    return a, b


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m contraption.distributed",
        description="Scan or search a seed range on Dask: one task per shard, one Parquet file per shard in OUT, "
        "the merged summary as JSON on stdout (and in OUT/_summary.json). Run again to resume.",
    )
    parser.add_argument("range", help="FROM..TO (TO excluded), e.g. 0..4294967296")
    parser.add_argument("--out", required=True, help="directory of the shard files")
    parser.add_argument("--where", help="criteria: keep only the matching rows (as contraption search)")
    parser.add_argument("--rules", help="a rules file (default: the default rules, v1)")
    parser.add_argument("--shard-size", type=int, help="seeds per shard (default: 1024 to 65536)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", metavar="ADDR", help="the Dask scheduler, e.g. tcp://host:8786")
    where.add_argument("--local", metavar="N", type=int, help="a LocalCluster of N single-threaded workers")
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    try:
        start, stop = _parse_range(args.range)
        if args.local is not None:
            if args.local < 1:
                raise ContraptionError("--local needs at least 1 worker")
            cluster = LocalCluster(n_workers=args.local, threads_per_worker=1, processes=True)
            client = Client(cluster)
        else:
            cluster = None
            client = Client(args.scheduler)
        try:
            print(f"dashboard: {client.dashboard_link}", file=sys.stderr)
            result = scan(
                start,
                stop,
                client=client,
                out=args.out,
                where=args.where,
                rules=args.rules,
                shard_size=args.shard_size,
                progress=True,
            )
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    except (ContraptionError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    # Run through the package's module, so the tasks pickle as
    # contraption.distributed._run_shard (importable on every worker).
    from contraption.distributed import main as _main

    sys.exit(_main())
