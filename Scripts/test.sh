#!/usr/bin/env bash
# The package's test command: installs the Debian packages the build needs that pkg-config cannot
# find, then runs `swift test` (with any arguments given) against a throwaway PostgreSQL server
# (Scripts/with-postgres.sh), so that the PostgreSQL ledger's tests run rather than skip.
#
#     Scripts/test.sh [swift test arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."

# System libraries the package links (Package.swift's system-library targets), and PostgreSQL's
# server for the tests.
need_apt=()
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
pkg-config --exists libxml-2.0 2>/dev/null || need_apt+=(libxml2-dev)
pkg-config --exists zlib 2>/dev/null || need_apt+=(zlib1g-dev)
pkg-config --exists libcrypto 2>/dev/null || need_apt+=(libssl-dev)
pkg-config --exists libpq 2>/dev/null || need_apt+=(libpq-dev)
pkg-config --exists libmicrohttpd 2>/dev/null || need_apt+=(libmicrohttpd-dev)
if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    need_apt+=(postgresql)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "test: installing ${need_apt[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

exec Scripts/with-postgres.sh swift test "$@"
