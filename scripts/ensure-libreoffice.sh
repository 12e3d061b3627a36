#!/usr/bin/env bash
# The export tests open every .xls the shop writes in LibreOffice (the shop writes BIFF8 itself, so a real
# spreadsheet program must read it back); install Debian's headless Calc when it is missing (about 50 s).
set -euo pipefail
if command -v soffice >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui >/dev/null
soffice --version
