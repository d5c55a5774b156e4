#!/bin/sh
# Builds the Journal with libFuzzer and AddressSanitizer and fuzzes opening damaged files.
# Usage: Fuzz/run-journal.sh [seconds]   (default 600; run from anywhere). Files go to /dev/shm.
set -eu
# A crash is reported by libFuzzer; Swift's backtracer would add a second report that AddressSanitizer
# trips over (its reads of the dead process) and can hang.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-600}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out/journal"
mkdir -p "$out/corpus" "$out/artifacts"

# CFileStatus is a C target: SwiftPM writes its module map; here the script does.
mkdir -p "$out/CFileStatus"
printf 'module CFileStatus {\n    header "%s"\n    export *\n}\n' "$root/Sources/CFileStatus/include/CFileStatus.h" \
    > "$out/CFileStatus/module.modulemap"
clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$root/Sources/CFileStatus/include" \
    "$root/Sources/CFileStatus/CFileStatus.c" -o "$out/CFileStatus.o"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility \
    -module-name JournalFuzz -package-name PurchaseKit \
    -I "$root/Sources/CZlib" -I "$out/CFileStatus" -lz \
    "$root"/Sources/Journal/*.swift "$root"/Sources/Journal/Internal/*.swift \
    "$root/Fuzz/JournalFuzzer/FuzzTarget.swift" "$out/CFileStatus.o" \
    -o "$out/JournalFuzzer"

# Seeds: one of each kind of input the target builds.
printf '\000' > "$out/corpus/empty-log"
printf '\001' > "$out/corpus/header-only"
printf '\002\040\000\377\377\377\377' > "$out/corpus/overwrite"
printf '\003\001\000\000\000\000\000\000\000' > "$out/corpus/snapshot"

cd "$out"
exec ./JournalFuzzer corpus \
    -max_total_time="$seconds" \
    -max_len=4096 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" \
    -print_final_stats=1
