"""The package agrees with the CLI: reports, rows, tables, rules, errors."""

import json

import pyarrow as pa
import pytest

import contraption
from conftest import SCAN_STOP, with_gear


def share_code(cli, seed):
    return json.loads(cli("share", seed, "--json").stdout)["code"]


@pytest.fixture(scope="module")
def seed_forms(cli):
    return [42, "42", "0x2A", "0x2a", "2026-7-28", "contraption:2026-7-28", "2024-2-29", share_code(cli, 42), share_code(cli, 4294967295).lower(), 0, 4294967295]


def test_generate_agrees_with_the_cli_for_every_seed_form(cli, seed_forms):
    for form in seed_forms:
        expected = json.loads(cli("generate", form, "--json").stdout)
        assert contraption.generate(form) == expected, form
    # The inspector's full report too.
    assert contraption.generate("0x2A", full=True) == json.loads(cli("generate", "0x2A", "--full", "--json").stdout)


def test_summarize_is_the_scan_row_for_every_seed_form(cli, seed_forms):
    for form in seed_forms:
        seed = contraption.parse_seed(form)
        rows = json.loads(cli("scan", f"{seed}..{seed + 1}", "--json").stdout)["seeds"]
        assert [contraption.summarize(form)] == rows, form


def test_seed_forms_name_the_same_seeds_as_the_cli(cli):
    assert contraption.parse_seed("0x2A") == 42
    assert contraption.parse_seed(share_code(cli, 7)) == 7
    daily = json.loads(cli("generate", "2026-7-28", "--json").stdout)["seed"]
    assert contraption.parse_seed("contraption:2026-7-28") == daily
    assert contraption.seed_source("2026-7-28")["kind"] == "daily"


def test_scan_equals_the_cli_scan_row_for_row(cli_scan):
    rows, summary = cli_scan
    table = contraption.scan(0, SCAN_STOP)
    assert table.schema.equals(contraption.ROW_SCHEMA)
    assert table.num_rows == SCAN_STOP
    assert table.to_pylist() == rows
    assert contraption.table_summary(table) == summary
    meta = table.schema.metadata
    assert meta[b"contraption.range"] == b"0..20000"


def test_search_equals_the_cli_search(cli):
    expr = "solving = 1 and walls >= 4"
    lines = [json.loads(l) for l in cli("search", expr, "1000..4000").stdout.splitlines()]
    matches, last = lines[:-1], lines[-1]["summary"]
    table = contraption.search(expr, 1000, 4000)
    assert table.num_rows == len(matches) == last["matches"] > 0
    assert table.to_pylist() == [with_gear(m) for m in matches]
    s = contraption.table_summary(table)
    assert s["summary"] == "fast" and s["decided"] == last["decided"]
    assert s["searched"] == sum(s["decided"].values()) == 3000
    # summary="full": every row computed, the whole range's aggregates.
    lines = [json.loads(l) for l in cli("search", expr, "1000..4000", "--summary", "full").stdout.splitlines()]
    full_last = lines[-1]["summary"]
    table = contraption.search(expr, 1000, 4000, summary="full")
    assert table.to_pylist() == [with_gear(m) for m in matches]
    s = contraption.table_summary(table)
    for field in ["seeds", "accepted", "fallback", "mean_attempts", "attempts_histogram", "rules_id"]:
        assert s[field] == full_last[field], field
    with pytest.raises(contraption.ContraptionError, match="'fast' or 'full'"):
        contraption.search(expr, 0, 10, summary="some")


def test_tables_go_to_pandas_and_parquet(tmp_path):
    import pyarrow.parquet as pq

    table = contraption.scan("0x10", 40)
    pq.write_table(table, tmp_path / "t.parquet")
    back = pq.read_table(tmp_path / "t.parquet")
    assert back.to_pylist() == table.to_pylist()
    assert back.column("seed").to_pylist() == list(range(16, 40))


@pytest.mark.parametrize("how", ["path", "pathlike", "text", "dict", "object"])
def test_rules_in_every_form_agree_with_the_cli(cli, gears_rules, how):
    text = gears_rules.read_text()
    given = {
        "path": str(gears_rules),
        "pathlike": gears_rules,
        "text": text,
        "dict": json.loads(text),
        "object": contraption.Rules.from_path(str(gears_rules)),
    }[how]
    expected = json.loads(cli("--rules", gears_rules, "generate", 7, "--json").stdout)
    assert contraption.generate(7, rules=given) == expected
    cli_rows = json.loads(cli("--rules", gears_rules, "scan", "0..30", "--json").stdout)
    table = contraption.scan(0, 30, rules=given)
    assert table.to_pylist() == [with_gear(r) for r in cli_rows["seeds"]]
    assert contraption.table_summary(table) == cli_rows["summary"]
    assert table.schema.metadata[b"contraption.rules_id"].decode() == cli_rows["summary"]["rules_id"]


def test_refused_input_raises_with_the_engines_message(cli, tmp_path):
    for bad in ["nope", "-1", "4294967296", "2026-2-30", "CT-0000-0000-0000"]:
        with pytest.raises(contraption.ContraptionError) as e:
            contraption.generate(bad)
        stderr = cli("generate", bad, "--json", check=False).stderr
        assert str(e.value) in stderr, (bad, str(e.value), stderr)
    with pytest.raises(contraption.ContraptionError, match="is not a search"):
        contraption.search("solving ==", 0, 10)
    with pytest.raises(contraption.ContraptionError, match="is empty"):
        contraption.scan(10, 10)
    with pytest.raises(contraption.ContraptionError, match="beyond 4294967296"):
        contraption.scan(0, 2**32 + 1)
    bad_rules = tmp_path / "bad.json"
    bad_rules.write_text('{"format": "contraption-rules", "schema_version": 1, "rules": {"physics": 3}}')
    with pytest.raises(contraption.ContraptionError, match="was refused as a rules file"):
        contraption.generate(1, rules=str(bad_rules))
    with pytest.raises(contraption.ContraptionError):
        contraption.generate(1, rules=str(tmp_path / "missing.json"))
    with pytest.raises(TypeError):
        contraption.generate(1.5)
    assert issubclass(contraption.ContraptionError, ValueError)


def test_slow_rules_are_used_only_when_asked_for(cli, tmp_path):
    rules = json.loads(cli("rules", "show").stdout)
    rules["rules"]["walls"]["count"]["max"] = 64
    path = tmp_path / "slow.json"
    path.write_text(json.dumps(rules))
    for given in [str(path), path, json.dumps(rules), rules]:
        with pytest.raises(contraption.ContraptionError, match="allow_slow=True"):
            contraption.generate(0, rules=given)
    allowed = contraption.load_rules(path, allow_slow=True)
    assert allowed.slow and "units" in allowed.worst_case
    expected = json.loads(cli("--rules", path, "--allow-slow", "generate", 0, "--json").stdout)
    assert contraption.generate(0, rules=allowed) == expected
    assert not contraption.Rules.default().slow


def test_draws_and_what_if_agree_with_the_cli(cli):
    lines = cli("draws", 42, "--json").stdout.splitlines()
    assert contraption.draws(42) == [json.loads(l) for l in lines]
    one = cli("draws", 42, "--attempt", 3, "--pin", "3:goal.x=40", "--json").stdout.splitlines()
    assert contraption.draws("0x2A", attempt=3, pins=["3:goal.x=40"]) == [json.loads(l) for l in one]
    pinned = contraption.what_if(42, ["1:goal.x=40"])
    assert pinned["report"] == json.loads(cli("generate", 42, "--pin", "1:goal.x=40", "--json").stdout)
    assert pinned["candidate"]["world"]["goal"]["center"]["x"] == 40.0
    with pytest.raises(contraption.ContraptionError, match="95 is outside that range"):
        contraption.what_if(42, ["1:goal.x=95"])
    with pytest.raises(contraption.ContraptionError, match="attempts"):
        contraption.draws(42, attempt=41)
