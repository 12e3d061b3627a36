#!/usr/bin/env bash
# The proxy tests put Debian's nginx in front of a real server; install it from Debian's packages when it is
# missing. Only the binary is used: each test starts its own nginx on a free port with a generated config.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
/usr/sbin/nginx -v
