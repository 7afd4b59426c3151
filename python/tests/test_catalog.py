"""Rows of a distributed scan into a studio catalog, through the catalog crate."""

import sqlite3

import pytest

import contraption
from contraption import catalog, distributed

distributed_lib = pytest.importorskip("distributed")

COLUMNS = "seed, rules_version, shipped, attempts, fallback, pre_solved, solving, solving_mask, walls, ramps, fans, bumpers, gears, level_hash"


def stored(path, rules_id):
    # Closed before the next load: this process holds two SQLite libraries (Python's and the
    # engine's bundled one), and POSIX locks are per process, so a connection left open by one
    # does not see the other's writes safely.
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute(f"SELECT {COLUMNS} FROM seeds WHERE rules_id = ? ORDER BY seed", (rules_id,)).fetchall()
    finally:
        db.close()


def test_loaded_rows_are_the_rows_the_cli_stores(tmp_path, cli):
    out = tmp_path / "shards"
    with distributed_lib.Client(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as client:
        result = distributed.scan(0, 1500, client=client, out=out, shard_size=500)
    mine = tmp_path / "mine.sqlite3"
    loaded = catalog.load(mine, out)
    assert loaded["seeds"] == 1500 and loaded["files"] == 3
    theirs = tmp_path / "cli.sqlite3"
    cli("scan", "0..1500", "--db", theirs, "--json")
    rules_id = result["rules_id"]
    assert stored(mine, rules_id) == stored(theirs, rules_id)
    assert len(stored(mine, rules_id)) == 1500
    # Loading again changes nothing.
    catalog.load(mine, out)
    assert stored(mine, rules_id) == stored(theirs, rules_id)


def test_rows_of_other_rules_are_refused(tmp_path, gears_rules):
    out = tmp_path / "shards"
    with distributed_lib.Client(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as client:
        distributed.scan(0, 40, client=client, out=out, shard_size=20, where="solving >= 1")
    with pytest.raises(contraption.ContraptionError, match="was made under rules"):
        catalog.load(tmp_path / "c.sqlite3", out, rules=gears_rules)
    assert not (tmp_path / "c.sqlite3").exists()
    with pytest.raises(contraption.ContraptionError, match="no shard files"):
        catalog.load(tmp_path / "c.sqlite3", tmp_path)
