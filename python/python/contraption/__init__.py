"""The Contraption engine for Python.

Every function answers what the ``contraption`` command line prints, computed
by the same Rust engine (this package is a PyO3 extension over it):

- :func:`generate` is ``contraption generate SEED --json [--full]``;
- :func:`summarize` is one row of ``contraption scan --json``;
- :func:`scan` is ``contraption scan START..STOP --json`` as a ``pyarrow.Table``
  (one column per field of a row; ``inventory`` a struct);
- :func:`search` is ``contraption search EXPR START..STOP`` as a ``pyarrow.Table``
  of the matches;
- :func:`figures` is one side of ``contraption compare A B START..STOP --json``'s
  summary: one rule set's figures over a range (the evaluation an optimiser over
  rules drives).

Seeds are given in every form the CLI accepts: ``42``, ``"0x2A"``,
``"2026-7-28"`` (a date: its daily seed), ``"contraption:2026-7-28"`` (a daily
key) or a share code ``"CT-XXXX-XXXX-XXXX"``. Rules are ``None`` (the default
rules, v1), the path of a rules file, the text of one, a dict of one, or a
:class:`Rules`. Refused input raises :class:`ContraptionError` (a
``ValueError``) carrying the engine's message.

Long calls release the GIL; :func:`scan` and :func:`search` run on the calling
thread (one core: run several threads or processes, or
:mod:`contraption.distributed`, for more), :func:`figures` on one thread per
core; all stop on Ctrl-C.
"""

from __future__ import annotations

import json
import os
from typing import Any, Optional, Sequence, Union

import pyarrow as pa

from ._contraption import RULES_VERSION, ContraptionError, Rules
from . import _contraption as _engine

__all__ = [
    "ContraptionError",
    "Rules",
    "RULES_VERSION",
    "ROW_SCHEMA",
    "load_rules",
    "parse_seed",
    "seed_source",
    "table_summary",
    "generate",
    "summarize",
    "draws",
    "what_if",
    "scan",
    "search",
    "figures",
]

SeedLike = Union[int, str]
RulesLike = Union[None, str, "os.PathLike[str]", dict, Rules]

#: The columns of a scan's table: the fields of ``contraption scan --json``'s rows.
#: ``inventory.gear`` is always there (0 where the CLI leaves it out).
ROW_SCHEMA = pa.schema(
    [
        pa.field("seed", pa.uint32(), nullable=False),
        pa.field("rules_version", pa.uint32(), nullable=False),
        pa.field("shipped", pa.string(), nullable=False),
        pa.field("attempts", pa.uint32(), nullable=False),
        pa.field("fallback", pa.bool_(), nullable=False),
        pa.field("pre_solved", pa.uint32(), nullable=False),
        pa.field("solving", pa.uint32(), nullable=False),
        pa.field("solving_mask", pa.list_(pa.uint8()), nullable=False),
        pa.field("walls", pa.uint32(), nullable=False),
        pa.field(
            "inventory",
            pa.struct(
                [
                    pa.field("ramp", pa.uint32(), nullable=False),
                    pa.field("fan", pa.uint32(), nullable=False),
                    pa.field("bumper", pa.uint32(), nullable=False),
                    pa.field("gear", pa.uint32(), nullable=False),
                ]
            ),
            nullable=False,
        ),
        pa.field("level_hash", pa.string(), nullable=False),
    ]
)


def load_rules(value: RulesLike, allow_slow: bool = False) -> Rules:
    """The :class:`Rules` that ``value`` names: ``None`` for the default rules, a
    path of a rules file, the JSON text of one (a string starting with ``{``), a
    dict of one, or a :class:`Rules` as is. Slow rules (one seed over the
    everyday work budget at the very worst, see ``Rules.worst_case``) are
    refused unless ``allow_slow``; a :class:`Rules` already made was allowed."""
    if value is None:
        return Rules.default()
    if isinstance(value, Rules):
        return value
    if isinstance(value, dict):
        return Rules.from_json(json.dumps(value), allow_slow)
    if isinstance(value, str) and value.lstrip().startswith("{"):
        return Rules.from_json(value, allow_slow)
    if isinstance(value, (str, os.PathLike)):
        return Rules.from_path(os.fspath(value), allow_slow)
    raise TypeError(
        f"rules must be None, a path, a rules JSON text or dict, or contraption.Rules, not {type(value).__name__}"
    )


def _rules_or_none(value: RulesLike) -> Optional[Rules]:
    return None if value is None else load_rules(value)


def parse_seed(value: SeedLike) -> int:
    """The seed (0..4294967295) that ``value`` names, in any form the CLI accepts."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"a seed is an int or a str, not {type(value).__name__}")
    number, _source = _engine.parse_seed_text(str(value))
    return number


def seed_source(value: SeedLike) -> dict:
    """Where a seed came from (the engine's ``SeedSource``: decimal, hex, share
    code with its rules version, or daily with its date and key)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"a seed is an int or a str, not {type(value).__name__}")
    _number, source = _engine.parse_seed_text(str(value))
    return json.loads(source)


def generate(seed: SeedLike, rules: RulesLike = None, full: bool = False) -> dict:
    """The generation report of a seed: ``contraption generate SEED --json``
    (``--full``: inspector mode, every sweep placement of every attempt)."""
    return json.loads(_engine.generate_json(parse_seed(seed), _rules_or_none(rules), bool(full)))


def draws(seed: SeedLike, rules: RulesLike = None, attempt: Optional[int] = None, pins: Sequence[str] = ()) -> list:
    """Every random draw of a seed's candidates, as ``contraption draws SEED --json``
    prints them (one dict per draw): all the attempts the generator makes, or only
    ``attempt``; ``pins`` (``"1:goal.x=40"``, ``"2:walls[3]=drop"``) as ``--pin``."""
    if isinstance(pins, str):
        raise TypeError("pins is a sequence of pin texts, not one text")
    return json.loads(_engine.draws_json(parse_seed(seed), _rules_or_none(rules), attempt, [str(p) for p in pins]))


def what_if(seed: SeedLike, pins: Sequence[str], rules: RulesLike = None) -> dict:
    """A seed's generation with pins on its draws: the pinned candidate judged
    (``candidate``), the pinned generation (``report``, as ``contraption generate
    SEED --pin ... --json``), whether it reaches the pinned attempt and the draws."""
    if isinstance(pins, str):
        raise TypeError("pins is a sequence of pin texts, not one text")
    return json.loads(_engine.what_if_json(parse_seed(seed), [str(p) for p in pins], _rules_or_none(rules)))


def summarize(seed: SeedLike, rules: RulesLike = None) -> dict:
    """A seed's row as ``contraption scan --json`` writes it."""
    return json.loads(_engine.summarize_json(parse_seed(seed), _rules_or_none(rules)))


def _bound(value: Union[int, str], what: str) -> int:
    """A range bound: an int, or a decimal / 0x text (``4294967296`` allowed)."""
    if isinstance(value, bool):
        raise TypeError(f"{what} is an int, not a bool")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text == "4294967296" or text.lower() == "0x100000000":
            return 1 << 32
        number, source = _engine.parse_seed_text(text)
        if json.loads(source)["kind"] not in ("decimal", "hex"):
            raise ContraptionError(f"'{value}' is not a seed bound from 0 to 4294967296")
        return number
    raise TypeError(f"{what} is an int, not {type(value).__name__}")


def _range(start: Union[int, str], stop: Union[int, str]) -> tuple[int, int]:
    a, b = _bound(start, "start"), _bound(stop, "stop")
    if a < 0 or b < 0:
        raise ContraptionError(f"the range {a}..{b} has a negative bound; seeds start at 0")
    if b > 1 << 32:
        raise ContraptionError(f"the range {a}..{b} ends beyond 4294967296, one past the last seed")
    return a, b


def _table(columns: dict, metadata: dict[str, str]) -> pa.Table:
    """A table over the column buffers the engine built (no copy of the values)."""
    n = columns["len"]
    buf = pa.py_buffer

    def u32(name: str) -> pa.Array:
        return pa.Array.from_buffers(pa.uint32(), n, [None, buf(columns[name])])

    def utf8(prefix: str) -> pa.Array:
        return pa.Array.from_buffers(
            pa.string(), n, [None, buf(columns[prefix + "_offsets"]), buf(columns[prefix + "_data"])]
        )

    mask_values = pa.Array.from_buffers(pa.uint8(), len(columns["mask_data"]), [None, buf(columns["mask_data"])])
    solving_mask = pa.Array.from_buffers(
        pa.list_(pa.uint8()), n, [None, buf(columns["mask_offsets"])], children=[mask_values]
    )
    inventory_type = ROW_SCHEMA.field("inventory").type
    inventory = pa.StructArray.from_arrays(
        [u32("ramp"), u32("fan"), u32("bumper"), u32("gear")],
        fields=[inventory_type.field(i) for i in range(inventory_type.num_fields)],
    )
    arrays = [
        u32("seed"),
        u32("rules_version"),
        utf8("shipped"),
        u32("attempts"),
        pa.Array.from_buffers(pa.bool_(), n, [None, buf(columns["fallback_bits"])]),
        u32("pre_solved"),
        u32("solving"),
        solving_mask,
        u32("walls"),
        inventory,
        utf8("hash"),
    ]
    return pa.Table.from_arrays(arrays, schema=ROW_SCHEMA.with_metadata(metadata))


def _scan(start, stop, rules_, where) -> tuple[pa.Table, str, int]:
    """The table of a range (every row, or the matches of ``where``), the totals
    of every row (JSON) and the number of matches."""
    a, b = _range(start, stop)
    r = load_rules(rules_)
    columns, totals, matches = _engine.scan_columns(a, b, r, where)
    summary, solving, listed = _engine.totals_summary(totals, r.id)
    metadata = {
        "contraption.range": f"{a}..{b}",
        "contraption.rules_id": r.id,
        "contraption.totals": totals,
        "contraption.summary": summary,
    }
    if where is not None:
        metadata["contraption.where"] = _engine.check_criteria(where, r)
    return _table(columns, metadata), totals, matches


def scan(start: Union[int, str], stop: Union[int, str], rules: RulesLike = None) -> pa.Table:
    """The rows of ``contraption scan START..STOP --json`` (STOP excluded) as a
    table, in seed order. The schema's metadata holds the range, the rules id
    and the scan's summary (``contraption.summary``: the JSON the CLI prints
    last). Memory grows with the range: for large ranges use
    :func:`contraption.distributed.scan`, which writes Parquet shards."""
    return _scan(start, stop, rules, None)[0]


def search(
    expr: str,
    start: Union[int, str],
    stop: Union[int, str],
    rules: RulesLike = None,
    summary: str = "fast",
) -> pa.Table:
    """The seeds of START..STOP whose shipped level meets ``expr`` (the criteria
    of ``contraption search``, e.g. ``"solving = 1 and walls >= 4"``) as a table of
    their rows. As ``contraption search``, each seed is decided with the least
    work that gives its full row's answer, and the metadata's summary holds the
    seeds searched, the matches and where each seed was decided
    (``{"summary": "fast", "decided": {"layout": …, "generator": …, "sweep": …,
    "full": …}}``); with ``summary="full"`` every row is computed and the
    metadata holds the whole range's aggregates, as for :func:`scan`."""
    if not isinstance(expr, str):
        raise TypeError(f"a search is a str, not {type(expr).__name__}")
    if summary == "full":
        return _scan(start, stop, rules, expr)[0]
    if summary != "fast":
        raise ContraptionError(f"summary is 'fast' or 'full', not {summary!r}")
    a, b = _range(start, stop)
    r = load_rules(rules)
    columns, decided, matches = _engine.search_columns(a, b, r, expr)
    stages = json.loads(decided)
    fast = {
        "rules_id": r.id,
        "searched": sum(stages.values()),
        "matches": matches,
        "summary": "fast",
        "decided": stages,
    }
    metadata = {
        "contraption.range": f"{a}..{b}",
        "contraption.rules_id": r.id,
        "contraption.summary": json.dumps(fast),
        "contraption.where": _engine.check_criteria(expr, r),
    }
    return _table(columns, metadata)


def table_summary(table: pa.Table) -> dict[str, Any]:
    """The summary a table from :func:`scan` or :func:`search` carries: the whole
    range's aggregates as ``contraption scan --json`` prints them (for a fast
    :func:`search`, the seeds searched, the matches and where each was decided)."""
    return json.loads(table.schema.metadata[b"contraption.summary"])


def figures(
    rules: RulesLike,
    start: Union[int, str],
    stop: Union[int, str],
    *,
    threads: Optional[int] = None,
) -> dict[str, Any]:
    """The figures of one rule set over the seeds START..STOP (STOP excluded):
    exactly ``summary.a`` of ``contraption compare RULES RULES START..STOP --json``
    (the engine's ``SideFigures``), as a dict.

    The figures: ``fallback_rate``, ``pre_solved_share``, ``no_solution_share``,
    ``mean_attempts``, ``mean_solving``, ``mean_walls``, ``mean_ramps``,
    ``mean_fans``, ``mean_bumpers``, ``mean_gears``; the counts ``seeds``,
    ``accepted``, ``fallback``, ``all_pre_solved``, ``no_solution``; and the
    histograms ``attempts_histogram``, ``solving_histogram``, ``walls_histogram``,
    ``ramps_histogram``, ``fans_histogram``, ``bumpers_histogram``,
    ``gears_histogram``, each a list of ``[value, seeds]``, value ascending.

    ``rules`` is anything :func:`load_rules` takes (``None``: the default rules).
    The seeds are summarised in Rust on ``threads`` threads (one per core when
    ``None``; 1 to 256) with the GIL released; the result does not depend on the
    number of threads. Nothing row-shaped is kept, so any range fits in memory.

    The per-seed rows these figures add up are :func:`scan`'s table
    (``contraption.scan(start, stop, rules)``, a ``pyarrow.Table``, one row per
    seed), which holds every value the figures are made from."""
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int)):
        raise TypeError(f"threads is an int or None, not {type(threads).__name__}")
    a, b = _range(start, stop)
    return json.loads(_engine.figures_json(a, b, _rules_or_none(rules), threads))
