#!/usr/bin/env bash
# Runs COMMAND against a throwaway PostgreSQL server, then removes the server.
#
#     Scripts/with-postgres.sh COMMAND [ARGUMENT...]
#
# Installs PostgreSQL with apt when `initdb` cannot be found, creates a cluster in a fresh temporary
# folder (`initdb -A trust`; as the `postgres` user when run as root, since initdb refuses root),
# starts it listening on a Unix socket in that folder only (listen_addresses=''), waits until it
# accepts connections, and runs COMMAND with these variables exported:
#
#   PURCHASEKIT_POSTGRES_URL   a libpq URI to the server's `postgres` database as the `postgres` user,
#                              postgresql:///postgres?host=SOCKETDIR&port=PORT&user=postgres
#   PURCHASEKIT_POSTGRES_DATA  the cluster's data folder
#   PURCHASEKIT_POSTGRES_BIN   the folder of initdb, pg_ctl and postgres
#   PURCHASEKIT_POSTGRES_CTL   the path of Scripts/postgres-ctl.sh, which runs pg_ctl on this cluster as
#                              the user owning it: a test restarts the server as a crash would with
#                              "$PURCHASEKIT_POSTGRES_CTL" restart -m immediate
#
# The server is stopped and its folder removed when this script exits, whether COMMAND succeeded,
# failed or was interrupted; the script exits with COMMAND's status.
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGUMENT...]" >&2
    exit 64
fi
scripts=$(cd "$(dirname "$0")" && pwd)

# The folder holding initdb: the one given, pg_config's, or the newest Debian installs.
find_bin() {
    if [ -n "${PURCHASEKIT_POSTGRES_BIN:-}" ] && [ -x "$PURCHASEKIT_POSTGRES_BIN/initdb" ]; then
        echo "$PURCHASEKIT_POSTGRES_BIN"
        return
    fi
    if command -v pg_config >/dev/null; then
        local bin
        bin=$(pg_config --bindir 2>/dev/null || true)
        if [ -n "$bin" ] && [ -x "$bin/initdb" ]; then
            echo "$bin"
            return
        fi
    fi
    local candidate
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$candidate/initdb" ]; then
            echo "$candidate"
            return
        fi
    done
    if command -v initdb >/dev/null; then
        dirname "$(readlink -f "$(command -v initdb)")"
    fi
}

bin=$(find_bin)
if [ -z "$bin" ]; then
    echo "with-postgres: installing postgresql" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq postgresql >/dev/null
    bin=$(find_bin)
    if [ -z "$bin" ]; then
        echo "with-postgres: initdb not found after installing postgresql" >&2
        exit 69
    fi
fi

# As root, the cluster belongs to the postgres user; otherwise to whoever runs this script.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "with-postgres: running as root needs a 'postgres' user to own the cluster" >&2
        exit 69
    fi
    as_owner=(runuser -u postgres --)
fi

# As root, under /tmp: the postgres user must reach the folder, which TMPDIR (a root-only folder,
# say) may not let it.
base="${TMPDIR:-/tmp}"
if [ ${#as_owner[@]} -gt 0 ]; then base=/tmp; fi
folder=$(mktemp -d "$base/purchasekit-postgres.XXXXXX")
data="$folder/data"
socket="$folder/socket"
mkdir -p "$socket"
if [ ${#as_owner[@]} -gt 0 ]; then chown -R postgres: "$folder"; fi

started=0
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ "$started" -eq 1 ]; then
        "${as_owner[@]}" "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$folder"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

"${as_owner[@]}" "$bin/initdb" -D "$data" -A trust -U postgres --no-sync >"$folder/initdb.log" 2>&1 || {
    cat "$folder/initdb.log" >&2
    exit 70
}
# The server listens on its socket folder only, so any port number is free there: it names the socket file.
port=$((20000 + RANDOM % 20000))
options="-k $socket -p $port -c listen_addresses=''"
started=1
"${as_owner[@]}" "$bin/pg_ctl" -D "$data" -l "$folder/server.log" -o "$options" -w -t 60 start >/dev/null || {
    cat "$folder/server.log" >&2
    exit 70
}
for _ in $(seq 1 120); do
    if "$bin/pg_isready" -q -h "$socket" -p "$port"; then break; fi
    sleep 0.5
done
"$bin/pg_isready" -q -h "$socket" -p "$port" || {
    echo "with-postgres: the server did not become ready" >&2
    cat "$folder/server.log" >&2
    exit 70
}

export PURCHASEKIT_POSTGRES_URL="postgresql:///postgres?host=$socket&port=$port&user=postgres"
export PURCHASEKIT_POSTGRES_DATA="$data"
export PURCHASEKIT_POSTGRES_BIN="$bin"
export PURCHASEKIT_POSTGRES_CTL="$scripts/postgres-ctl.sh"

set +e
"$@"
status=$?
set -e
exit "$status"
