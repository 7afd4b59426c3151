"""Whole-range scans on a LocalCluster of 2 single-threaded workers."""

import json
import os
import signal
import threading
import time

import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

import contraption
from contraption import distributed
from conftest import SCAN_STOP, with_gear

distributed_lib = pytest.importorskip("distributed")


def new_cluster():
    cluster = distributed_lib.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    return cluster, distributed_lib.Client(cluster)


@pytest.fixture(scope="module")
def client():
    cluster, client = new_cluster()
    yield client
    client.close()
    cluster.close()


def rows_in(out):
    """Every row of the shard files, in seed order, and how many there are per seed."""
    table = ds.dataset(str(out), format="parquet").to_table()
    rows = sorted(table.to_pylist(), key=lambda r: r["seed"])
    return rows


def shard_files(out):
    return sorted(n for n in os.listdir(out) if distributed.SHARD_PATTERN.match(n))


@pytest.fixture(scope="module")
def scanned(client, cli_scan, tmp_path_factory):
    out = tmp_path_factory.mktemp("scan")
    result = distributed.scan(0, SCAN_STOP, client=client, out=out, shard_size=2500)
    return out, result


def test_a_local_cluster_scans_to_the_cli_rows_and_summary(scanned, cli_scan):
    out, result = scanned
    rows, summary = cli_scan
    assert result["shards"] == 8 and result["computed"] == 8 and result["skipped"] == 0
    assert shard_files(out) == [distributed.shard_name(a, a + 2500) for a in range(0, SCAN_STOP, 2500)]
    assert rows_in(out) == rows
    assert result["summary"] == summary
    assert result["rows"] == SCAN_STOP
    on_disk = json.loads((out / distributed.SUMMARY_FILE).read_text())
    assert on_disk["summary"] == summary


def test_a_rerun_after_an_interruption_skips_finished_shards(client, scanned, cli_scan):
    out, _ = scanned
    rows, summary = cli_scan
    names = shard_files(out)
    # An interrupted run: three shards never finished, one left its temporary file.
    for name in names[1:4]:
        os.remove(out / name)
    (out / f".{names[2]}.deadbeef.tmp").write_bytes(b"half a parquet file")
    kept = {n: os.stat(out / n) for n in names if (out / n).exists()}
    result = distributed.scan(0, SCAN_STOP, client=client, out=out, shard_size=2500)
    assert (result["computed"], result["skipped"]) == (3, 5)
    for name, before in kept.items():
        after = os.stat(out / name)
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), name
    assert not [n for n in os.listdir(out) if n.endswith(".tmp")]
    assert rows_in(out) == rows
    assert result["summary"] == summary
    # Nothing left to do: everything is skipped, same answer.
    again = distributed.scan(0, SCAN_STOP, client=client, out=out, shard_size=2500)
    assert (again["computed"], again["skipped"]) == (0, 8)
    assert again["summary"] == summary


def test_another_cut_or_other_rules_in_the_same_directory_are_refused(client, scanned, gears_rules):
    out, _ = scanned
    before = shard_files(out)
    with pytest.raises(contraption.ContraptionError, match="shards of another cut"):
        distributed.scan(0, SCAN_STOP, client=client, out=out, shard_size=5000)
    with pytest.raises(contraption.ContraptionError, match="shard of another scan"):
        distributed.scan(0, SCAN_STOP, client=client, out=out, shard_size=2500, rules=gears_rules)
    assert shard_files(out) == before


def test_where_keeps_only_the_matches(client, tmp_path, cli):
    expr = "solving = 1 and walls >= 4"
    result = distributed.scan(1000, 4000, client=client, out=tmp_path, where=expr, shard_size=300)
    lines = [json.loads(l) for l in cli("search", expr, "1000..4000", "--summary", "full").stdout.splitlines()]
    matches, last = lines[:-1], lines[-1]["summary"]
    assert result["shards"] == 10
    assert rows_in(tmp_path) == [with_gear(m) for m in matches]
    assert result["rows"] == last["matches"]
    assert result["where"] == last["criteria"]
    for field in ["seeds", "accepted", "fallback", "mean_attempts", "attempts_histogram", "rules_id"]:
        assert result["summary"][field] == last[field], field
    assert result["solving_histogram"] == last["solving_histogram"]


def test_killing_a_worker_mid_run_still_yields_every_row_once(tmp_path, cli_scan):
    rows, summary = cli_scan
    cluster, client = new_cluster()
    try:
        done = {}

        def run():
            try:
                done["result"] = distributed.scan(0, SCAN_STOP, client=client, out=tmp_path, shard_size=1000)
            except BaseException as e:  # reported below
                done["error"] = e

        driver = threading.Thread(target=run)
        driver.start()
        # Wait (bounded) for the first finished shard, then kill a worker that is
        # running one: its process, with SIGKILL.
        deadline = time.monotonic() + 600
        while not shard_files(tmp_path) and driver.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        victim = None
        while victim is None and driver.is_alive() and time.monotonic() < deadline:
            victim = next((w for w, tasks in client.processing().items() if tasks), None)
        assert victim is not None, "no worker was running a shard"
        pid = client.run(os.getpid, workers=[victim])[victim]
        os.kill(pid, signal.SIGKILL)
        finished_at_kill = len(shard_files(tmp_path))
        driver.join(timeout=900)
        assert not driver.is_alive()
        assert "error" not in done, done.get("error")
        assert finished_at_kill < 20, "the worker was killed before the run ended"
        result = done["result"]
        assert result["shards"] == 20
        got = rows_in(tmp_path)
        assert [r["seed"] for r in got] == list(range(SCAN_STOP))
        assert got == rows
        assert result["summary"] == summary
    finally:
        client.close()
        cluster.close()


def test_the_command_line_runs_a_local_cluster(tmp_path, cli):
    import subprocess
    import sys

    p = subprocess.run(
        [sys.executable, "-m", "contraption.distributed", "0..3000", "--out", str(tmp_path), "--local", "2",
         "--shard-size", "1000"],
        capture_output=True, text=True,
    )
    assert p.returncode == 0, p.stderr
    result = json.loads(p.stdout)
    expected = json.loads(cli("scan", "0..3000", "--json").stdout)["summary"]
    assert result["summary"] == expected
    assert result["shards"] == 3
    bad = subprocess.run(
        [sys.executable, "-m", "contraption.distributed", "5..5", "--out", str(tmp_path), "--local", "1"],
        capture_output=True, text=True,
    )
    assert bad.returncode == 1 and "is empty" in bad.stderr
