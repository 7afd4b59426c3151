"""The worked example of docs/scale.md: MAP-Elites (pyribs) over two rule fields,
scored by contraption.figures, on a small budget."""

import importlib.util
import json
import re
import subprocess
import sys

import pytest

import contraption
from conftest import ROOT

EXAMPLE = ROOT / "python" / "examples" / "map_elites.py"
SPAN = (0, 300)


def load_example():
    spec = importlib.util.spec_from_file_location("map_elites", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def me():
    return load_example()


@pytest.fixture(scope="module")
def base():
    """The rules the search starts from: the default rules with at most 4
    attempts, where some levels ship unsolvable."""
    document = json.loads(contraption.Rules.default().to_json())
    document["rules"]["generator"]["max_attempts"] = 4
    return document


@pytest.fixture(scope="module")
def small_run(me, base):
    return me.run(5, *SPAN, batch_size=6, seed=3, base=base)


def test_every_elite_holds_the_figures_of_its_rules(me, base, small_run):
    archive, history = small_run
    assert len(history) == 30
    assert len(archive) >= 3  # the search left the starting rules' cell
    data = archive.data()
    for solution, objective, measures, index in zip(data["solution"], data["objective"], data["measures"], data["index"]):
        figures = contraption.figures(me.rules_for(solution, base), *SPAN)
        assert objective == -figures["no_solution_share"]
        assert list(measures) == [figures["mean_solving"], figures["mean_attempts"]]
        assert archive.index_of([measures])[0] == index


def test_each_cell_keeps_the_best_candidate_that_landed_in_it(me, small_run):
    archive, history = small_run
    best_in_cell = {}
    for h in history:
        cell = int(archive.index_of([h["measures"]])[0])
        best_in_cell[cell] = max(best_in_cell.get(cell, float("-inf")), h["objective"])
    elites = {e["cell"]: e for e in me.elites(archive)}
    assert set(elites) == set(best_in_cell)
    for cell, objective in best_in_cell.items():
        assert elites[cell]["objective"] == objective, cell
    top = me.best(archive)
    assert top["objective"] == max(h["objective"] for h in history) == archive.stats.obj_max
    # From 4 attempts the search found rules that ship unsolvable levels, and rules that ship none.
    objectives = {e["objective"] for e in elites.values()}
    assert min(objectives) < 0 and max(objectives) == 0


def test_candidates_are_the_two_fields_changed_within_bounds(me, base, small_run):
    _, history = small_run
    for h in history:
        attempts, width = h["fields"]["generator.max_attempts"], h["fields"]["goal.width"]
        assert isinstance(attempts, int) and 1 <= attempts <= 40
        assert 4.0 <= width <= 28.0
        document = me.rules_for(me.coordinates([attempts, width]), base)
        assert document["rules"]["generator"] == {"max_attempts": attempts}
        assert document["rules"]["goal"] == {**base["rules"]["goal"], "width": width}
        rest = {k: v for k, v in document["rules"].items() if k not in ("generator", "goal")}
        assert rest == {k: v for k, v in base["rules"].items() if k not in ("generator", "goal")}
    # Explored beyond the starting point on both fields.
    assert len({h["fields"]["generator.max_attempts"] for h in history}) > 3
    assert len({h["fields"]["goal.width"] for h in history}) > 3


def test_the_script_prints_the_archive_and_writes_the_best_rules(me, tmp_path):
    out = tmp_path / "best.json"
    args = ["--iterations", "3", "--batch-size", "4", "--seeds", "0..200", "--seed", "5", "--best", str(out)]
    p = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, check=True)
    lines = p.stdout.splitlines()
    archive, history = me.run(3, 0, 200, batch_size=4, seed=5)
    # Same arguments, same archive: the script's elites are those of the run in this process.
    assert lines[0] == f"{len(history)} candidates, {len(archive)} of 60 cells filled"
    assert len(lines) == 2 + len(archive)
    top = me.best(archive)
    best_rules = contraption.load_rules(out)
    figures = contraption.figures(best_rules, 0, 200)
    assert -figures["no_solution_share"] == top["objective"]
    written = json.loads(out.read_text())["rules"]
    assert written["generator"]["max_attempts"] == top["fields"]["generator.max_attempts"]
    assert written["goal"]["width"] == top["fields"]["goal.width"]
    assert re.fullmatch(r"best: .*no_solution_share=\d\.\d{4}", lines[-1])
    assert lines[-1].endswith(f"no_solution_share={figures['no_solution_share']:.4f}")
