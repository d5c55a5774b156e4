#!/usr/bin/env bash
# Builds the DocC documentation of every public library module into .build/docs/<Module>.doccarchive.
#
# There is no `swift package generate-documentation` without an outside package, so this dumps the
# package's symbol graphs once (`swift package dump-symbol-graph`) and runs the toolchain's
# `docc convert` on each module's catalog (Sources/<Module>/<Module>.docc) with that module's graphs.
# Warnings are errors: a broken symbol link (``Foo``) in a catalog or a doc comment fails the script.
#
# Usage: Scripts/build-docs.sh [Module...]   (default: every module below)
# Environment: DOCC (default: docc next to `swift`, else on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(PropertyList PurchaseCore PurchaseCatalog Journal FileStore LibCryptoSupport HTTPAPISupport AppStoreSignedData SimulatedAppStore SimulatedGooglePlay PurchaseScenarios PurchaseTesting PurchaseKit PostgresLedger AppStoreServerAPI GooglePlayDeveloperAPI HTTPServer PurchaseServer)
if [ $# -gt 0 ]; then modules=("$@"); fi

docc=${DOCC:-}
if [ -z "$docc" ]; then
    swift_path=$(command -v swift || true)
    swift_dir=$(dirname "$(readlink -f "${swift_path:-/nonexistent}")")
    if [ -x "$swift_dir/docc" ]; then docc="$swift_dir/docc"; else docc=$(command -v docc || true); fi
fi
if [ -z "$docc" ] || [ ! -x "$docc" ]; then
    echo "build-docs: docc not found (set DOCC=/path/to/docc)" >&2
    exit 1
fi

# Symbol graphs for every target at once. SwiftPM also tries the synthesized test module and reports
# that it cannot load it; that is not a failure of ours, so the graphs are checked one by one below.
rm -rf .build/*/symbolgraph  # no stale graph of an earlier run may stand in for a missing one
dump_log=$(mktemp)
trap 'rm -f "$dump_log"; rm -rf "${graphs_root:-}"' EXIT
if ! swift package dump-symbol-graph --emit-extension-block-symbols \
    >"$dump_log" 2>&1; then
    # Fail unless the only error is the synthesized test module's.
    other_errors=$(grep -E '(^|: )error:' "$dump_log" | grep -v "symbol graph for 'PurchaseKitPackageTests'" || true)
    if [ -n "$other_errors" ]; then
        cat "$dump_log" >&2
        exit 1
    fi
fi
symbolgraph_dir=$(sed -n 's/^Files written to //p' "$dump_log" | tail -n 1)
if [ -z "$symbolgraph_dir" ] || [ ! -d "$symbolgraph_dir" ]; then
    cat "$dump_log" >&2
    echo "build-docs: no symbol graph directory in the output of dump-symbol-graph" >&2
    exit 1
fi

graphs_root=$(mktemp -d)
mkdir -p .build/docs
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    graph="$symbolgraph_dir/$module.symbols.json"
    [ -d "$catalog" ] || { echo "build-docs: $catalog is missing" >&2; exit 1; }
    [ -f "$graph" ] || { echo "build-docs: $graph is missing" >&2; exit 1; }
    # The module's own graph and the graphs of its extensions to other modules (Module@Other).
    mkdir -p "$graphs_root/$module"
    cp "$graph" "$graphs_root/$module/"
    for extension in "$symbolgraph_dir/$module"@*.symbols.json; do
        [ -f "$extension" ] && cp "$extension" "$graphs_root/$module/"
    done
    rm -rf ".build/docs/$module.doccarchive"
    if ! output=$("$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs_root/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "com.example.purchasekit.$module" \
        --output-path ".build/docs/$module.doccarchive" \
        --warnings-as-errors 2>&1); then
        printf '%s\n' "$output" >&2
        echo "build-docs: $module: docc reported the problems above (warnings count as errors)" >&2
        exit 1
    fi
done
echo "build-docs: ${modules[*]}: no warnings; archives in .build/docs/<Module>.doccarchive"
