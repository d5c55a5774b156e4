#!/bin/sh
# Builds the PropertyList reader with libFuzzer and AddressSanitizer and fuzzes it.
# Usage: Fuzz/run.sh [seconds]   (default 600; run from anywhere)
target=""
. "$(dirname "$0")/common.sh"

# shellcheck disable=SC2046  # one argument per source file
fuzz_swiftc PropertyListFuzz \
    -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2 -lxml2 \
    $(find "$root/Sources/PropertyList" -name '*.swift' | sort) \
    "$root/Fuzz/PropertyListFuzzer/FuzzTarget.swift" \
    -o "$out/PropertyListFuzzer"

# Seed corpus: the reader's own fixtures, plus the shared conformance files when present.
find "$root/Tests/PropertyListTests/Fixtures" -type f -name '*.plist' -exec cp {} "$out/corpus/" \;
seed_from_shared plist .plist .plist

run_fuzzer PropertyListFuzzer 65536 "$root/Fuzz/plist.dict"
