#!/usr/bin/env bash
# CI: the API against its own OpenAPI document. Schemathesis (pinned, from PyPI, in a throwaway
# virtualenv) runs every check on every operation of /api/openapi.json, then its stateful phase
# follows the document's links (a created game's id and tokens, a created tournament's id), all
# against a freshly built `xiangqi serve` on a temporary SQLite file and a free loopback port.
# Any failure fails CI. Bounded: XQ_API_EXAMPLES examples per operation (default 40) and
# XQ_API_MAX_TIME seconds of fuzzing and stateful testing (default 180).
#
# Locally: `bash .ci/api.sh` (XIANGQI_BIN=path skips the build).
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
examples="${XQ_API_EXAMPLES:-40}"
max_time="${XQ_API_MAX_TIME:-180}"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

venv="${XQ_API_VENV:-$work/venv}"
if [ ! -x "$venv/bin/schemathesis" ]; then
  if ! python3 -m venv "$venv" 2>/dev/null; then
    # Debian's python3 keeps venv apart.
    SUDO=""
    if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-venv
    python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

if [ -z "${XIANGQI_BIN:-}" ]; then
  cargo build --bin xiangqi
  XIANGQI_BIN="${CARGO_TARGET_DIR:-target}/debug/xiangqi"
fi

# The server prints `xiangqi: serving http://ADDR/ …` on stderr once it listens.
"$XIANGQI_BIN" serve --db "$work/api.db" --addr 127.0.0.1:0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
base=""
for _ in $(seq 1 300); do
  base="$(grep -o 'serving http://[0-9.:]*' "$work/server.err" | head -n1 | sed 's/^serving //' || true)"
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "api.sh: the server did not start" >&2; exit 1; }

# An organiser's session for the operations that need one (logged in before the run, which
# tries failing logins that the per-address limit then refuses).
post() { python3 -c 'import json,sys,urllib.request as u
r=u.Request(sys.argv[1],data=sys.argv[2].encode(),headers={"Content-Type":"application/json"},method="POST")
print(json.load(u.urlopen(r)).get("token",""))' "$@"; }
credentials='{"username":"schemathesis","password":"correct horse battery"}'
post "$base/api/accounts" "$credentials" >/dev/null
XQ_SESSION="$(post "$base/api/sessions" "$credentials")"
# Logging out closes the session it is sent with: that operation is tried last, with a session
# of its own.
XQ_LOGOUT_SESSION="$(post "$base/api/sessions" "$credentials")"
export XQ_SESSION XQ_LOGOUT_SESSION

# From the temporary folder, so that schemathesis keeps its cache there.
config="$PWD/.ci/schemathesis.toml"
st() { (cd "$work" && "$venv/bin/schemathesis" --config-file "$config" run "$base/api/openapi.json" \
  --checks all --max-examples "$examples" --seed 17 "$@"); }
status=0
st --max-time "$max_time" --exclude-operation-id logout || status=$?
XQ_SESSION="$XQ_LOGOUT_SESSION" st --include-operation-id logout --phases examples,coverage,fuzzing ||
  status=$?
if grep -q 'panicked' "$work/server.err"; then
  echo "api.sh: the server logged errors:" >&2
  grep -m 20 'panicked' "$work/server.err" >&2
  status=1
fi
exit "$status"
