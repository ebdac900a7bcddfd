#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs what the tests need, then checks
# formatting and lints and runs every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it began (seconds since the start): scripts/first_run.sh reads these to
# say where a first run's time goes.
step() { echo "== [${SECONDS}s] $*"; }

# voidgame 1.1 (the original Python Void) for the differential test, in a project-local venv.
if ! .venv/bin/python -c 'import voidgame' 2>/dev/null; then
  step "installing voidgame 1.1 into .venv"
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check voidgame==1.1
fi

# The Python side: maturin (builds the arbiter package from crates/python), pytest, numpy and OpenSpiel
# (open_spiel, a binary wheel) in the same venv; the package itself is built after the Rust tests.
if ! .venv/bin/python -c 'import maturin, pytest, numpy, pyspiel' 2>/dev/null; then
  step "installing maturin, pytest, numpy and open_spiel into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check maturin pytest numpy open_spiel
fi

# Ray for arbiter.distributed (python/tests/test_distributed.py), pinned.
if ! .venv/bin/python -c 'import ray' 2>/dev/null; then
  step "installing ray into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check 'ray==2.40.0'
fi

# Debian packages, installed only when missing and all in one apt-get run (one index update):
#   chromium, chromium-driver  the web app's browser tests (crates/server/tests/browser*.rs)
#   postgresql                 the store and multi-instance tests (a throwaway cluster, below)
#   nginx-light, openssl, curl the deployment recipe's check (scripts/deploy_check.sh)
#   nodejs, npm                Prettier and ESLint for web/
missing=()
{ [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; } || missing+=(chromium chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light openssl curl)
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  # The nginx package starts the system's nginx; the check runs its own.
  if [[ " ${missing[*]} " == *" nginx-light "* ]]; then $sudo service nginx stop >/dev/null 2>&1 || true; fi
fi
export PATH="$PATH:/usr/sbin"
pg_dir=$(mktemp -d /tmp/arbiter-test-pg.XXXXXX)
trap 'scripts/pg-throwaway.sh stop "$pg_dir"' EXIT
step "starting a throwaway PostgreSQL cluster in $pg_dir"
ARBITER_TEST_PG=$(scripts/pg-throwaway.sh start "$pg_dir")
export ARBITER_TEST_PG

# The JS formatter and linter (Prettier, ESLint) for web/ and axe-core for the browser tests, pinned in package-lock.json.
if [ ! -x node_modules/.bin/eslint ] || [ ! -x node_modules/.bin/prettier ] || [ ! -f node_modules/axe-core/axe.min.js ]; then
  step "npm ci (Prettier, ESLint, axe-core)"
  npm ci --no-audit --no-fund --loglevel=error
fi

step "prettier --check web"
npm run --silent format:check
step "eslint web"
npm run --silent lint
step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
step "cargo test"
# The binding's tests are Python's (below); compiling it here too would build PyO3 and the
# binding a second time, in the test profile, for nothing.
cargo test --workspace --exclude arbiter-python
step "the deployment recipe: nginx in front of two instances on PostgreSQL, backups"
scripts/deploy_check.sh
step "the arbiter Python package (maturin develop --release) and its tests"
(cd python && VIRTUAL_ENV="$PWD/../.venv" ../.venv/bin/maturin develop --release --quiet)
.venv/bin/python -m pytest -q python/tests
step "done"
