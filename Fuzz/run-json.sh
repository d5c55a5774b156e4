#!/bin/sh
# Builds the JSON reader and tagged JSON (PropertyList) with libFuzzer and AddressSanitizer and fuzzes them.
# Usage: Fuzz/run-json.sh [seconds]   (default 600; run from anywhere)
target=json
. "$(dirname "$0")/common.sh"

# shellcheck disable=SC2046  # one argument per source file
fuzz_swiftc JSONFuzz \
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
seed_from_shared storekit .storekit .json
seed_from_shared plist .json .json

run_fuzzer JSONFuzzer 65536 "$root/Fuzz/json.dict"
