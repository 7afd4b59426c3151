#!/usr/bin/env bash
# The Python package's tests: a virtual environment (target/python-venv) with the
# pinned test requirements (python/requirements-test.txt), the package built from
# source and installed into it (`pip install ./python`, maturin, release build),
# the CLI built by cargo (the tests compare the package with it), then pytest.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/common.sh
source "$ROOT/scripts/lib/common.sh"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$ROOT"

VENV="$ROOT/target/python-venv"
PYTHON="${PYTHON:-python3}"

section "Python virtual environment ($VENV)"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
# maturin (the build backend, installed without build isolation) runs from the venv.
export PATH="$VENV/bin:$PATH"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -r python/requirements-test.txt

section "Build and install the contraption package (pip install ./python)"
"$VENV/bin/python" -m pip install --quiet --no-build-isolation --force-reinstall --no-deps ./python

section "The CLI the tests compare with (target/debug/contraption, as cargo test builds it)"
# `cargo test --no-run` (the workspace's default members, as scripts/test.sh's
# `cargo test`) builds the CLI the CLI's own tests run: right after that step it
# has nothing to do, where `cargo build -p contraption-cli` (other features of
# the dependencies) would build the CLI again.
cargo test --no-run
export CONTRAPTION_CLI="$ROOT/target/debug/contraption"

section "pytest (python/tests)"
cd "$ROOT/python/tests"
"$VENV/bin/python" -m pytest -p no:cacheprovider -q "$@"
