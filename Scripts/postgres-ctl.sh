#!/usr/bin/env bash
# Runs pg_ctl on the throwaway cluster Scripts/with-postgres.sh started, as the user owning it.
#
#     Scripts/postgres-ctl.sh restart -m immediate
#
# Reads PURCHASEKIT_POSTGRES_DATA and PURCHASEKIT_POSTGRES_BIN (with-postgres.sh exports both, and
# this script's path as PURCHASEKIT_POSTGRES_CTL). pg_ctl waits (-w) until the server is up again;
# a restart keeps the options the server was started with (socket folder, port).
set -euo pipefail

: "${PURCHASEKIT_POSTGRES_DATA:?run this under Scripts/with-postgres.sh}"
: "${PURCHASEKIT_POSTGRES_BIN:?run this under Scripts/with-postgres.sh}"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then as_owner=(runuser -u postgres --); fi
exec "${as_owner[@]}" "$PURCHASEKIT_POSTGRES_BIN/pg_ctl" -D "$PURCHASEKIT_POSTGRES_DATA" -w -t 60 "$@"
