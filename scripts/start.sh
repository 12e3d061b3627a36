#!/usr/bin/env bash
# Installs everything and starts the shop with demo data on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
bash scripts/ensure-pnpm.sh
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
node --version
pnpm install --frozen-lockfile
pnpm build
exec pnpm start
