#!/usr/bin/env bash
# Checks that every module imports only what its row of ARCHITECTURE.md allows.
#
# ARCHITECTURE.md's tables name each module in their first column (`Module`, followed by
# (`Folder/Path`) when its folder is not Sources/Module) and the package's modules and system libraries
# it may import in their last (`A`, `B`, or -). A module whose folder holds Swift files is checked:
# each `import X` at the start of a line (whatever its access level or attributes) must name a module
# of its row, or one every module may import (the platform's: Foundation, Dispatch, Glibc, Musl,
# Darwin, Synchronization). Exits 1 listing each import its row does not allow.
set -euo pipefail
cd "$(dirname "$0")/.."

platform="Foundation Dispatch Glibc Musl Darwin Synchronization"
failures=0
checked=0

# One line per table row: the first cell and the last cell.
rows=$(awk -F'|' '/^\| `/ { print $2 "|" $(NF-1) }' ARCHITECTURE.md)

while IFS='|' read -r names allowed; do
    allowed_modules=$(grep -oE '`[A-Za-z_][A-Za-z0-9_-]*`' <<<"$allowed" | tr -d '`' | tr '\n' ' ' || true)
    # The cell's names in order; a token with a slash is the folder of the name before it.
    declare -A folders=()
    modules=()
    for token in $(grep -oE '`[A-Za-z_][A-Za-z0-9_/-]*`' <<<"$names" | tr -d '`'); do
        if [[ "$token" == */* ]]; then
            [ ${#modules[@]} -gt 0 ] && folders[${modules[-1]}]="$token"
        else
            modules+=("$token")
            folders[$token]="Sources/$token"
        fi
    done
    for module in "${modules[@]}"; do
        folder="${folders[$module]}"
        [ -d "$folder" ] || continue
        files=$(find "$folder" -name '*.swift' | sort)
        [ -n "$files" ] || continue
        checked=$((checked + 1))
        while IFS=: read -r file line imported; do
            if [ -z "$imported" ]; then
                echo "$file:$line: check-imports cannot read this import" >&2
                failures=$((failures + 1))
                continue
            fi
            case " $platform $allowed_modules " in
                *" $imported "*) ;;
                *)
                    echo "$file:$line: $module imports $imported, which its row of ARCHITECTURE.md does not allow" >&2
                    failures=$((failures + 1))
                    ;;
            esac
        done < <(
            # shellcheck disable=SC2086
            grep -HnE '^(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import([[:space:]]+(struct|class|enum|func|protocol|typealias|var|let))?[[:space:]]+[A-Za-z_][A-Za-z0-9_]*' $files \
                | sed -E 's/^([^:]+):([0-9]+):.*import([[:space:]]+(struct|class|enum|func|protocol|typealias|var|let))?[[:space:]]+([A-Za-z_][A-Za-z0-9_]*).*/\1:\2:\5/'
        )
    done
    unset folders
done <<<"$rows"

if [ "$checked" -eq 0 ]; then
    echo "check-imports: ARCHITECTURE.md names no module with Swift sources" >&2
    exit 1
fi
if [ "$failures" -gt 0 ]; then
    echo "check-imports: $failures import(s) outside what ARCHITECTURE.md allows" >&2
    exit 1
fi
echo "check-imports: $checked modules import only what ARCHITECTURE.md allows"
