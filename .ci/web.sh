#!/usr/bin/env bash
# CI: the web pages in a real browser. Debian's Chromium (never a browser download), a CJK
# font so the pieces' characters render, playwright-core from npm (web/package-lock.json),
# then web/tests/run.mjs against a freshly built `xiangqi serve` on a free loopback port.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO="sudo"; fi
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
if [ "${#need[@]}" -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
(cd web && npm ci --no-audit --no-fund)

cargo build --bin xiangqi
target="${CARGO_TARGET_DIR:-target}"
export XIANGQI_BIN="$target/debug/xiangqi"
export CHROMIUM=/usr/bin/chromium
node web/tests/run.mjs
