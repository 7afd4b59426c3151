"""Back to the studio: rows of a distributed scan or search into a catalog.

:func:`load` reads the shard files of :func:`contraption.distributed.scan` and
stores their rows in a studio catalog (SQLite) through the engine's catalog
crate (its ``put_seeds``: the same code the studio's and the CLI's scans store
rows with), under the rules they were made with. The studio's Seeds view then
lists them (open the studio with the same rules: rows are kept per rules id),
and its Statistics view computes its figures from them.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Union

import pyarrow.parquet as pq

from . import ContraptionError, RulesLike, load_rules
from . import _contraption as _engine
from .distributed import SHARD_PATTERN

__all__ = ["load"]

#: Rows handed to the catalog in one transaction.
BATCH_ROWS = 8192


def load(
    catalog: Union[str, "os.PathLike[str]"],
    parquet_dir: Union[str, "os.PathLike[str]"],
    rules: RulesLike = None,
) -> dict:
    """Stores every row of the shard files in ``parquet_dir`` in the catalog at
    ``catalog`` (created if missing) under ``rules`` (which must be the rules the
    shards were made under). Rows already there are replaced by the same rows,
    so loading twice changes nothing. Returns ``{"seeds": N, "files": F,
    "catalog": path, "rules_id": ...}``."""
    r = load_rules(rules)
    parquet_dir = os.fspath(parquet_dir)
    names = sorted(n for n in os.listdir(parquet_dir) if SHARD_PATTERN.match(n))
    if not names:
        raise ContraptionError(f"{parquet_dir} holds no shard files (seeds-START-STOP.parquet)")
    # Every file is checked before anything is stored.
    files = []
    for name in names:
        path = os.path.join(parquet_dir, name)
        pf = pq.ParquetFile(path)
        kv = {k.decode(): v.decode() for k, v in (pf.metadata.metadata or {}).items()}
        made_under = kv.get("contraption.rules_id")
        if made_under != r.id:
            raise ContraptionError(
                f"{path} was made under rules {made_under}, not {r.id}; give the rules it was scanned with"
            )
        files.append(pf)
    seeds = 0
    for pf in files:
        for batch in pf.iter_batches(batch_size=BATCH_ROWS):
            rows = batch.to_pylist()
            if not rows:
                continue
            moved = _engine.catalog_put(os.fspath(catalog), json.dumps(rows), r)
            if moved is not None:
                print(
                    f"warning: {catalog} could not be used ({moved[1]}); it was moved to {moved[0]} "
                    "and a new catalog was created",
                    file=sys.stderr,
                )
            seeds += len(rows)
    return {"seeds": seeds, "files": len(files), "catalog": os.fspath(catalog), "rules_id": r.id}
