"""Shared fixtures: the CLI binary built by cargo, and its scan of 0..20000."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCAN_STOP = 20000


def _cli_path() -> Path:
    given = os.environ.get("CONTRAPTION_CLI")
    candidates = [Path(given)] if given else [ROOT / "target/debug/contraption", ROOT / "target/release/contraption"]
    for c in candidates:
        if c.is_file():
            return c
    pytest.fail(
        "the contraption CLI is not built: run `cargo build -p contraption-cli` (scripts/python-test.sh does), "
        "or set CONTRAPTION_CLI"
    )


@pytest.fixture(scope="session")
def cli():
    path = _cli_path()

    def run(*args, check=True):
        p = subprocess.run([str(path), *map(str, args)], capture_output=True, text=True)
        if check and p.returncode != 0:
            raise AssertionError(f"contraption {' '.join(map(str, args))} failed: {p.stderr}")
        return p

    return run


def with_gear(row: dict) -> dict:
    """A CLI row with `inventory.gear` as the table has it (the CLI leaves out a 0)."""
    row = dict(row)
    row["inventory"] = {"gear": 0, **row["inventory"]}
    return row


@pytest.fixture(scope="session")
def cli_scan(cli):
    """`contraption scan 0..20000 --json`: (rows, summary)."""
    out = json.loads(cli("scan", f"0..{SCAN_STOP}", "--json").stdout)
    return [with_gear(r) for r in out["seeds"]], out["summary"]


@pytest.fixture(scope="session")
def gears_rules():
    return ROOT / "rules" / "gears.json"
