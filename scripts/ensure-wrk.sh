#!/usr/bin/env bash
# `pnpm bench` loads the server with wrk (a C load generator); install it from Debian's packages when missing.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
command -v wrk
