"""`contraption.figures` is `contraption compare`'s side figures, figure for figure."""

import json
from collections import Counter

import pytest

import contraption


def compare_side(cli, rules_arg, span):
    """`summary.a` and `summary.b` of `contraption compare RULES RULES SPAN`."""
    summary = json.loads(cli("compare", rules_arg, rules_arg, span).stdout)["summary"]
    assert summary["a"] == summary["b"] and summary["changed"] == 0
    return summary["a"]


@pytest.fixture(scope="module")
def default_figures():
    return contraption.figures(None, 0, 300)


def test_figures_of_the_default_rules_are_the_cli_compare_side(cli, default_figures):
    expected = compare_side(cli, "v1", "0..300")
    assert default_figures == expected
    assert list(default_figures) == list(expected)  # the same figures, in the CLI's order
    assert default_figures["seeds"] == 300 and sum(n for _, n in default_figures["walls_histogram"]) == 300


def capped_rules(cli):
    document = json.loads(cli("rules", "show").stdout)
    document["rules"]["generator"]["max_attempts"] = 2
    return document


@pytest.mark.parametrize("which", ["gears-file", "capped-dict", "capped-object"])
def test_figures_under_other_rules_are_the_cli_compare_side(cli, gears_rules, tmp_path, default_figures, which):
    if which == "gears-file":
        given, path = str(gears_rules), gears_rules
    else:
        document = capped_rules(cli)
        path = tmp_path / "capped.json"
        path.write_text(json.dumps(document))
        given = document if which == "capped-dict" else contraption.Rules.from_path(str(path))
    figures = contraption.figures(given, 0, 300)
    assert figures == compare_side(cli, path, "0..300")
    # The rules made a difference: these are not the default rules' figures.
    if which == "gears-file":
        assert figures["mean_gears"] > 0 == default_figures["mean_gears"]
    else:
        assert figures["fallback_rate"] > default_figures["fallback_rate"]
        assert figures["attempts_histogram"][-1][0] == 2


def test_figures_of_any_range_and_any_thread_count_agree(cli):
    span = (3_000, 5_500)
    expected = compare_side(cli, "v1", f"{span[0]}..{span[1]}")
    assert contraption.figures(None, *span) == expected
    for threads in [1, 3]:
        assert contraption.figures(None, *span, threads=threads) == expected, threads
    # The top of the seed space, bounds given as text as for scan.
    last = compare_side(cli, "v1", "4294967291..4294967296")
    assert contraption.figures(None, "0xFFFFFFFB", "4294967296") == last
    assert last["seeds"] == 5


def test_figures_are_what_the_scan_table_rows_add_up_to():
    # The docstring's promise: contraption.scan gives the rows these figures sum.
    document = json.loads(contraption.Rules.default().to_json())
    document["rules"]["generator"]["max_attempts"] = 3
    rows = contraption.scan(100, 2100, document).to_pylist()
    figures = contraption.figures(document, 100, 2100)
    n = len(rows)

    def column(name):
        return [r[name] for r in rows]

    def part(name):
        return [r["inventory"][name] for r in rows]

    def hist(values):
        return [[v, c] for v, c in sorted(Counter(values).items())]

    shipped = Counter(column("shipped"))
    expected = {
        "seeds": n,
        "accepted": shipped["accepted"],
        "fallback": sum(column("fallback")),
        "all_pre_solved": shipped["all_pre_solved"],
        "no_solution": column("solving").count(0),
        "fallback_rate": sum(column("fallback")) / n,
        "pre_solved_share": sum(column("pre_solved")) / sum(column("attempts")),
        "no_solution_share": column("solving").count(0) / n,
        "mean_attempts": sum(column("attempts")) / n,
        "mean_solving": sum(column("solving")) / n,
        "mean_walls": sum(column("walls")) / n,
        "mean_ramps": sum(part("ramp")) / n,
        "mean_fans": sum(part("fan")) / n,
        "mean_bumpers": sum(part("bumper")) / n,
        "mean_gears": sum(part("gear")) / n,
        "attempts_histogram": hist(column("attempts")),
        "solving_histogram": hist(column("solving")),
        "walls_histogram": hist(column("walls")),
        "ramps_histogram": hist(part("ramp")),
        "fans_histogram": hist(part("fan")),
        "bumpers_histogram": hist(part("bumper")),
        "gears_histogram": hist(part("gear")),
    }
    assert figures == expected
    assert 0 < figures["fallback"] < n and figures["no_solution"] > 0


def test_figures_refuse_bad_input_as_scan_does(cli, tmp_path):
    with pytest.raises(contraption.ContraptionError, match="is empty"):
        contraption.figures(None, 10, 10)
    with pytest.raises(contraption.ContraptionError, match="beyond 4294967296"):
        contraption.figures(None, 0, 2**32 + 1)
    with pytest.raises(contraption.ContraptionError, match="negative bound"):
        contraption.figures(None, -1, 5)
    with pytest.raises(contraption.ContraptionError, match="not a seed bound"):
        contraption.figures(None, "2026-7-28", 5)
    for threads in [0, -2, 257]:
        with pytest.raises(contraption.ContraptionError, match="give 1 to 256"):
            contraption.figures(None, 0, 5, threads=threads)
    for threads in [True, 2.0, "2"]:
        with pytest.raises(TypeError, match="threads"):
            contraption.figures(None, 0, 5, threads=threads)
    with pytest.raises(TypeError):
        contraption.figures(None, 0)  # rules, from and to are all given
    slow = json.loads(cli("rules", "show").stdout)
    slow["rules"]["walls"]["count"]["max"] = 64
    with pytest.raises(contraption.ContraptionError, match="allow_slow=True"):
        contraption.figures(slow, 0, 5)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "contraption-rules", "schema_version": 1, "rules": {"physics": 3}}')
    with pytest.raises(contraption.ContraptionError, match="was refused as a rules file"):
        contraption.figures(bad, 0, 5)
