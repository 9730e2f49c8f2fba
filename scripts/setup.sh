#!/usr/bin/env bash
# One-time (and idempotent) set-up: system packages, then npm dependencies.
# `npm start` and `npm test` run this first, so a fresh Debian 12 machine needs nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

# `--tests` (npm test) adds the packages only the test suite needs.
bash scripts/install-system-deps.sh "$@"

# npm writes node_modules/.package-lock.json on every install: reinstall when the
# lock file is newer, or when nothing is installed yet.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "folio: installing npm dependencies"
  # `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages
  # out of the lock file and `npm ci` then refuses it. The lock still pins versions.
  npm install --no-audit --no-fund
fi
