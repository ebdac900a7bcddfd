#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs what the tests need, then checks
# formatting and lints and runs every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."

# voidgame 1.1 (the original Python Void) for the differential test, in a project-local venv.
if ! .venv/bin/python -c 'import voidgame' 2>/dev/null; then
  echo "== installing voidgame 1.1 into .venv"
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check voidgame==1.1
fi

# The Python side: maturin (builds the arbiter package from crates/python), pytest, numpy and OpenSpiel
# (open_spiel, a binary wheel) in the same venv; the package itself is built after the Rust tests.
if ! .venv/bin/python -c 'import maturin, pytest, numpy, pyspiel' 2>/dev/null; then
  echo "== installing maturin, pytest, numpy and open_spiel into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check maturin pytest numpy open_spiel
fi

# Ray for arbiter.distributed (python/tests/test_distributed.py), pinned.
if ! .venv/bin/python -c 'import ray' 2>/dev/null; then
  echo "== installing ray into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check 'ray==2.40.0'
fi

# Chromium and its WebDriver for the web app's browser tests (crates/server/tests/browser.rs).
if ! { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; }; then
  echo "== installing chromium and chromium-driver"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# PostgreSQL's server for the store and multi-instance tests: Debian's package, and a throwaway
# cluster in a temporary folder on a loopback port for this run (stopped and removed at the end).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
  echo "== installing postgresql"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
fi
# nginx, openssl and curl for the deployment recipe's check (scripts/deploy_check.sh).
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "== installing nginx"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light openssl curl >/dev/null
  # The package starts the system's nginx; the check runs its own.
  $sudo service nginx stop >/dev/null 2>&1 || true
fi
export PATH="$PATH:/usr/sbin"
pg_dir=$(mktemp -d /tmp/arbiter-test-pg.XXXXXX)
trap 'scripts/pg-throwaway.sh stop "$pg_dir"' EXIT
echo "== starting a throwaway PostgreSQL cluster in $pg_dir"
ARBITER_TEST_PG=$(scripts/pg-throwaway.sh start "$pg_dir")
export ARBITER_TEST_PG

# Node.js and the JS formatter and linter (Prettier, ESLint) for web/, pinned in package-lock.json.
if ! command -v npm >/dev/null 2>&1; then
  echo "== installing nodejs and npm"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
fi
if [ ! -x node_modules/.bin/eslint ] || [ ! -x node_modules/.bin/prettier ]; then
  echo "== npm ci (Prettier, ESLint)"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "== prettier --check web"
npm run --silent format:check
echo "== eslint web"
npm run --silent lint
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== cargo test"
cargo test --workspace
echo "== the deployment recipe: nginx in front of two instances on PostgreSQL, backups"
scripts/deploy_check.sh
echo "== the arbiter Python package (maturin develop --release) and its tests"
(cd python && VIRTUAL_ENV="$PWD/../.venv" ../.venv/bin/maturin develop --release --quiet)
.venv/bin/python -m pytest -q python/tests
