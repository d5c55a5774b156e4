# Sourced by every fuzz script, with the script's arguments, after it sets `target` (the folder under
# fuzz-out/ for its binary, corpus and artifacts; empty for the property-list reader's, kept at the
# top for its existing corpus). Sets `seconds` (the first argument, default 600), `root` (the package)
# and `out`, and offers what the scripts share: compiling with libFuzzer's coverage and
# AddressSanitizer under the package's language settings, the CFileStatus C target, seeds from the
# shared conformance corpus, and running libFuzzer with the same limits everywhere.
set -eu
# A crash is reported by libFuzzer; Swift's backtracer would add a second report that AddressSanitizer
# trips over (its reads of the dead process) and can hang.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-600}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out${target:+/$target}"
mkdir -p "$out/corpus" "$out/artifacts"

# swiftc with the fuzzer's instrumentation and the package's settings for module $1; the other
# arguments are swiftc's.
fuzz_swiftc() {
    module="$1"
    shift
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
        -swift-version 6 \
        -enable-upcoming-feature ExistentialAny \
        -enable-upcoming-feature InternalImportsByDefault \
        -enable-upcoming-feature MemberImportVisibility \
        -module-name "$module" -package-name PurchaseKit \
        "$@"
}

# Compiles one of the package's modules into "$out/modules" (its .swiftmodule) and "$out/<Name>.o",
# so that a fuzz target can import it as the package does.
# Usage: build_module NAME SOURCE_FOLDER [extra swiftc arguments...]
build_module() {
    name="$1"
    folder="$2"
    shift 2
    mkdir -p "$out/modules"
    # shellcheck disable=SC2046  # one argument per source file
    fuzz_swiftc "$name" -wmo \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -I "$out/modules" "$@" \
        -c $(find "$folder" -name '*.swift' | sort) \
        -o "$out/$name.o"
}

# CFileStatus is a C target: SwiftPM writes its module map; here it is written into
# "$out/CFileStatus" and the object compiled to "$out/CFileStatus.o".
build_cfilestatus() {
    mkdir -p "$out/CFileStatus"
    printf 'module CFileStatus {\n    header "%s"\n    export *\n}\n' \
        "$root/Sources/CFileStatus/include/CFileStatus.h" > "$out/CFileStatus/module.modulemap"
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$root/Sources/CFileStatus/include" \
        "$root/Sources/CFileStatus/CFileStatus.c" -o "$out/CFileStatus.o"
}

# Copies the files of the shared conformance corpus's folder $1 whose names end in $2 into the
# corpus (named by a hash of their path, with extension $3), when the folder is there.
seed_from_shared() {
    folder="$root/../shared/conformance/$1"
    [ -d "$folder" ] || return 0
    find "$folder" -type f -name "*$2" | while read -r file; do
        cp "$file" "$out/corpus/conformance-$(echo "$file" | md5sum | cut -c1-12)$3"
    done
}

# Runs the fuzzer "$out/$1" on the corpus for `seconds`, inputs up to $2 bytes, with the dictionary
# $3 when given; findings go to "$out/artifacts".
run_fuzzer() {
    binary="$1"
    max_len="$2"
    dictionary="${3:-}"
    cd "$out"
    exec "./$binary" corpus \
        ${dictionary:+-dict="$dictionary"} \
        -max_total_time="$seconds" \
        -max_len="$max_len" \
        -timeout=10 \
        -rss_limit_mb=2048 \
        -artifact_prefix="$out/artifacts/" \
        -print_final_stats=1
}
