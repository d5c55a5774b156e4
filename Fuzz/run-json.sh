#!/bin/sh
# Builds the JSON reader and tagged JSON (PropertyList) with libFuzzer and AddressSanitizer and fuzzes them.
# Usage: Fuzz/run-json.sh [seconds]   (default 600; run from anywhere)
set -eu
# A crash is reported by libFuzzer; Swift's backtracer would add a second report that AddressSanitizer
# trips over (its reads of the dead process) and can hang.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-600}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out/json"
mkdir -p "$out/corpus" "$out/artifacts"

swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility \
    -module-name JSONFuzz -package-name PurchaseKit \
    -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2 -lxml2 \
    $(find "$root/Sources/PropertyList" -name '*.swift' | sort) \
    "$root/Fuzz/JSONFuzzer/FuzzTarget.swift" \
    -o "$out/JSONFuzzer"

# Seeds: the .storekit fixtures, tagged JSON written by the tests, and the shared corpus when present.
find "$root/Tests/PurchaseCatalogTests/Fixtures/StoreKit" -type f -name '*.storekit' -exec cp {} "$out/corpus/" \;
printf '%s' '{"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83d\ude00"], "b": {}}' > "$out/corpus/plain.json"
printf '%s' '{"i": {"$int": "18446744073709551615"}, "r": {"$real": "-inf"}, "d": {"$data": "AAE="}}' \
    > "$out/corpus/tags.json"
printf '%s' '{"t": {"$date": "2024-02-29T12:00:00Z", "$timeIntervalSinceReferenceDate": 1.5}, "u": {"$uid": 7}}' \
    > "$out/corpus/date.json"
printf '%s' '{"w": {"$dict": {"$int": "1"}}, "k": [[{"$real": "nan"}]]}' > "$out/corpus/dict.json"
for folder in "$root/../shared/conformance/storekit" "$root/../shared/conformance/plist"; do
    [ -d "$folder" ] || continue
    find "$folder" -type f \( -name '*.storekit' -o -name '*.json' \) | while read -r file; do
        cp "$file" "$out/corpus/shared-$(echo "$file" | md5sum | cut -c1-12).json"
    done
done

cd "$out"
exec ./JSONFuzzer corpus \
    -dict="$root/Fuzz/json.dict" \
    -max_total_time="$seconds" \
    -max_len=65536 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" \
    -print_final_stats=1
