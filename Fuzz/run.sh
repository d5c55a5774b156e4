#!/bin/sh
# Builds the PropertyList reader with libFuzzer and AddressSanitizer and fuzzes it.
# Usage: Fuzz/run.sh [seconds]   (default 600; run from anywhere)
set -eu
# A crash is reported by libFuzzer; Swift's backtracer would add a second report that AddressSanitizer
# trips over (its reads of the dead process) and can hang.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-600}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out"
mkdir -p "$out/corpus" "$out/artifacts"

swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility \
    -module-name PropertyListFuzz -package-name PurchaseKit \
    -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2 -lxml2 \
    $(find "$root/Sources/PropertyList" -name '*.swift' | sort) \
    "$root/Fuzz/PropertyListFuzzer/FuzzTarget.swift" \
    -o "$out/PropertyListFuzzer"

# Seed corpus: the reader's own fixtures, plus the shared conformance files when present.
find "$root/Tests/PropertyListTests/Fixtures" -type f -name '*.plist' -exec cp {} "$out/corpus/" \;
if [ -d "$root/../shared/conformance/plist" ]; then
    find "$root/../shared/conformance/plist" -type f -name '*.plist' | while read -r file; do
        cp "$file" "$out/corpus/conformance-$(echo "$file" | md5sum | cut -c1-12).plist"
    done
fi

cd "$out"
exec ./PropertyListFuzzer corpus \
    -dict="$root/Fuzz/plist.dict" \
    -max_total_time="$seconds" \
    -max_len=65536 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" \
    -print_final_stats=1
