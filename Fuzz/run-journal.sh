#!/bin/sh
# Builds the Journal with libFuzzer and AddressSanitizer and fuzzes opening damaged files.
# Usage: Fuzz/run-journal.sh [seconds]   (default 600; run from anywhere). Files go to /dev/shm.
target=journal
. "$(dirname "$0")/common.sh"

build_cfilestatus
fuzz_swiftc JournalFuzz \
    -I "$root/Sources/CZlib" -I "$out/CFileStatus" -lz \
    "$root"/Sources/Journal/*.swift "$root"/Sources/Journal/Internal/*.swift \
    "$root/Fuzz/JournalFuzzer/FuzzTarget.swift" "$out/CFileStatus.o" \
    -o "$out/JournalFuzzer"

# Seeds: one of each kind of input the target builds.
printf '\000' > "$out/corpus/empty-log"
printf '\001' > "$out/corpus/header-only"
printf '\002\040\000\377\377\377\377' > "$out/corpus/overwrite"
printf '\003\001\000\000\000\000\000\000\000' > "$out/corpus/snapshot"
printf '\005\000\000\001\100\000\000\000\377\377\377\377' > "$out/corpus/sparse-log"
printf '\006\000\020\000\001\002\003\004' > "$out/corpus/sparse-snapshot"

run_fuzzer JournalFuzzer 4096
