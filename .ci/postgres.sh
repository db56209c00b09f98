#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests and prints its address on stdout:
#
#     export DATABASE_URL="$(bash .ci/postgres.sh)"
#
# Uses Debian's packages (installed if missing), runs its own cluster as the `postgres` user in
# a temporary directory on 127.0.0.1:${PGPORT:-55432} with trust authentication (loopback only),
# and leaves it running; `pg_ctl -D "$dir" stop` ends it (the directory is printed on stderr).
# If DATABASE_URL is already set and answers, it is printed unchanged.
set -euo pipefail

if [[ -n "${DATABASE_URL:-}" ]] && command -v pg_isready >/dev/null && pg_isready -q -d "$DATABASE_URL"; then
    echo "$DATABASE_URL"
    exit 0
fi

bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [[ -z "$bindir" || ! -x "$bindir/initdb" ]]; then
    echo "installing PostgreSQL from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
    bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi

port="${PGPORT:-55432}"
url="postgres://postgres@127.0.0.1:${port}/postgres"

# Already running from an earlier call?
if "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port"; then
    echo "$url"
    exit 0
fi

dir="$(mktemp -d /tmp/xiangqi-pg.XXXXXX)"
chown postgres:postgres "$dir"
run_pg() {
    if [[ "$(id -u)" == 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}
run_pg "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
run_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=on -c max_connections=200" start >/dev/null
echo "PostgreSQL running in $dir (stop: runuser -u postgres -- $bindir/pg_ctl -D $dir/data stop)" >&2
echo "$url"
