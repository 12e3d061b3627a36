#!/usr/bin/env bash
# Installs the pinned pnpm when it is missing (a fresh machine has Node and npm only).
set -euo pipefail
want="10.34.9"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$want" ]; then
  npm install -g "pnpm@$want" --silent
fi
