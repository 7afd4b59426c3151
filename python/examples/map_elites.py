"""MAP-Elites over two rule fields with pyribs, scored by ``contraption.figures``.

The question: which kinds of level can the rules give — how many placements solve
a level (``mean_solving``: fewer is harder) against how many candidates the
generator draws per seed (``mean_attempts``: its cost) — and, for each kind, the
rules that ship the fewest levels no placement solves (``no_solution_share``).
The search varies ``generator.max_attempts`` (1 to 40 candidates, a whole
number) and ``goal.width`` (4 to 28 units); every candidate rule set is scored
on the same seed range, so candidates compare on equal terms.

The archive is a grid over the two figures; each cell keeps the best rule set
(the highest objective, minus the no-solution share) among those whose figures
fall in it. Run::

    python python/examples/map_elites.py --iterations 50 --seeds 0..1000 --best best.json

It prints one line per elite (the cell's figures, its rule fields and its
no-solution share) and writes the best rule set as a rules file that
``contraption --rules best.json`` and ``contraption.load_rules`` accept.
Same arguments, same archive: pyribs is seeded (``--seed``) and the figures
are exact.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from typing import Any, Optional, Sequence

import numpy as np
from ribs.archives import GridArchive
from ribs.emitters import GaussianEmitter
from ribs.schedulers import Scheduler

import contraption

#: The rule fields searched: (path in a rules file, low, high, whole number,
#: searched on a log scale). The attempts' cap is searched by its logarithm: from
#: 40, the default, halving it is as near as doubling it from 1.
FIELDS = (
    ("generator.max_attempts", 1, 40, True, True),
    ("goal.width", 4.0, 28.0, False, False),
)
#: The archive's axes: (figure, low, high, cells).
MEASURES = (
    ("mean_solving", 0.0, 25.0, 10),
    ("mean_attempts", 1.0, 2.2, 6),
)
#: The figure whose negative is maximised.
OBJECTIVE = "no_solution_share"
#: The Gaussian noise added to a parent's coordinates (log2 of the attempts'
#: cap, units of the goal's width).
SIGMA = (1.0, 3.0)


def _base_document(base: contraption.RulesLike) -> dict:
    """The rules file (a dict) the candidates start from."""
    return json.loads(contraption.load_rules(base).to_json())


def _get(document: dict, path: str) -> Any:
    value = document["rules"]
    for key in path.split("."):
        value = value[key]
    return value


def _set(document: dict, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    target = document["rules"]
    for key in parents:
        target = target[key]
    target[last] = value


def bounds() -> list[tuple[float, float]]:
    """The solution space: one coordinate per field of FIELDS (log2 of the value
    for a field on a log scale)."""
    return [(math.log2(low), math.log2(high)) if log else (low, high) for _, low, high, _, log in FIELDS]


def coordinates(values: Sequence[float]) -> list[float]:
    """The solution of some field values (one per field of FIELDS)."""
    return [math.log2(v) if log else float(v) for v, (*_, log) in zip(values, FIELDS)]


def field_values(solution: Sequence[float]) -> dict[str, Any]:
    """The rule fields a solution stands for: clipped to the fields' bounds,
    whole numbers rounded, reals to hundredths."""
    values = {}
    for x, (path, low, high, whole, log) in zip(solution, FIELDS):
        v = 2.0 ** float(x) if log else float(x)
        v = min(max(v, low), high)
        values[path] = int(round(v)) if whole else round(v, 2)
    return values


def rules_for(solution: Sequence[float], base: contraption.RulesLike = None) -> dict:
    """The rules file (a dict) of a solution: ``base`` with the FIELDS set."""
    document = copy.deepcopy(_base_document(base))
    for path, value in field_values(solution).items():
        _set(document, path, value)
    return document


def evaluate(solution: Sequence[float], start: int, stop: int, base: contraption.RulesLike = None) -> dict:
    """The figures of a solution's rules over START..STOP (``contraption.figures``)."""
    return contraption.figures(rules_for(solution, base), start, stop)


def objective_and_measures(figures: dict) -> tuple[float, list[float]]:
    """A rule set's objective (minus the no-solution share) and its archive
    measures (the MEASURES figures)."""
    return 0.0 - figures[OBJECTIVE], [figures[name] for name, *_ in MEASURES]


def make_archive(seed: int) -> GridArchive:
    return GridArchive(
        solution_dim=len(FIELDS),
        dims=[cells for *_, cells in MEASURES],
        ranges=[(low, high) for _, low, high, _ in MEASURES],
        seed=seed,
    )


def run(
    iterations: int,
    start: int,
    stop: int,
    *,
    batch_size: int = 8,
    seed: int = 0,
    base: contraption.RulesLike = None,
) -> tuple[GridArchive, list[dict]]:
    """MAP-Elites for ``iterations`` batches of ``batch_size`` candidates, each
    scored on the seeds START..STOP. Starts from the ``base`` rules' values of
    the fields. Returns the archive and every candidate evaluated (its field
    values, objective and measures), in order. A rule set already scored is
    not scored again."""
    if iterations < 1 or batch_size < 1:
        raise ValueError("iterations and batch_size are at least 1")
    document = _base_document(base)
    archive = make_archive(seed)
    emitter = GaussianEmitter(
        archive,
        sigma=list(SIGMA),
        x0=coordinates([_get(document, path) for path, *_ in FIELDS]),
        bounds=bounds(),
        batch_size=batch_size,
        seed=seed,
    )
    scheduler = Scheduler(archive, [emitter])
    scored: dict[tuple, tuple[float, list[float]]] = {}
    history = []
    for _ in range(iterations):
        solutions = scheduler.ask()
        objectives, measures = [], []
        for solution in solutions:
            key = tuple(field_values(solution).items())
            if key not in scored:
                scored[key] = objective_and_measures(evaluate(solution, start, stop, document))
            objective, measure = scored[key]
            objectives.append(objective)
            measures.append(measure)
            history.append({"fields": dict(key), "objective": objective, "measures": measure})
        scheduler.tell(np.array(objectives), np.array(measures))
    return archive, history


def elites(archive: GridArchive) -> list[dict]:
    """The archive's elites, by cell: the cell (its index and its place in the
    grid, one coordinate per measure), its figures, its rule fields and the
    objective."""
    data = archive.data()
    grid = archive.int_to_grid_index(data["index"]) if len(archive) else []
    rows = [
        {
            "cell": int(index),
            "grid": [int(g) for g in place],
            "measures": {name: float(m) for (name, *_), m in zip(MEASURES, measures)},
            "fields": field_values(solution),
            "objective": float(objective),
        }
        for index, place, measures, solution, objective in zip(
            data["index"], grid, data["measures"], data["solution"], data["objective"]
        )
    ]
    return sorted(rows, key=lambda r: r["cell"])


def best(archive: GridArchive) -> dict:
    """The elite with the highest objective (the lowest cell first among equals)."""
    return max(elites(archive), key=lambda r: (r["objective"], -r["cell"]))


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--seeds", default="0..1000", help="FROM..TO (TO excluded), the seeds every candidate is scored on")
    parser.add_argument("--seed", type=int, default=0, help="pyribs' random seed")
    parser.add_argument("--rules", default=None, help="the rules file to start from (default: the default rules)")
    parser.add_argument("--best", default=None, help="write the best rule set to this rules file")
    args = parser.parse_args(argv)
    start, sep, stop = args.seeds.partition("..")
    if not (sep and start.isdigit() and stop.isdigit()):
        parser.error(f"--seeds is FROM..TO (decimal), not {args.seeds!r}")
    archive, history = run(
        args.iterations, int(start), int(stop), batch_size=args.batch_size, seed=args.seed, base=args.rules
    )
    print(f"{len(history)} candidates, {len(archive)} of {archive.cells} cells filled")
    edges = archive.boundaries
    for e in elites(archive):
        cell = "  ".join(
            f"{name} {edges[d][g]:g}-{edges[d][g + 1]:g}" for d, ((name, *_), g) in enumerate(zip(MEASURES, e["grid"]))
        )
        fields = "  ".join(f"{k}={v}" for k, v in e["fields"].items())
        figures = "  ".join(f"{k}={v:.3f}" for k, v in e["measures"].items())
        print(f"{cell} | {fields} | {figures}  {OBJECTIVE}={0.0 - e['objective']:.4f}")
    top = best(archive)
    print(f"best: {top['fields']}  {OBJECTIVE}={0.0 - top['objective']:.4f}")
    if args.best:
        solution = coordinates([top["fields"][path] for path, *_ in FIELDS])
        with open(args.best, "w", encoding="utf-8") as f:
            json.dump(rules_for(solution, args.rules), f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
