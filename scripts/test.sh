#!/usr/bin/env bash
# Installs everything and runs every check: lint and format, types, unit and integration tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
bash scripts/ensure-pnpm.sh
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
node --version
pnpm install --frozen-lockfile
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh
bash scripts/ensure-wrk.sh
bash scripts/ensure-libreoffice.sh
pnpm lint
pnpm typecheck
pnpm test
pnpm test:e2e
