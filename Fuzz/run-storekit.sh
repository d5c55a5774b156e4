#!/bin/sh
# Builds the Xcode StoreKit configuration importer (PurchaseCatalog, on PropertyList's JSON reader)
# with libFuzzer and AddressSanitizer and fuzzes it.
# Usage: Fuzz/run-storekit.sh [seconds]   (default 600; run from anywhere)
set -eu
# A crash is reported by libFuzzer; Swift's backtracer would add a second report that AddressSanitizer
# trips over (its reads of the dead process) and can hang.
export SWIFT_BACKTRACE=enable=no
seconds="${1:-600}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-out/storekit"
mkdir -p "$out/corpus" "$out/artifacts"
. "$root/Fuzz/modules.sh"

# SwiftPM generates Bundle.module for a target with resources; here the script does, pointing at the
# sources' Resources folder (the message tables read as they are shipped).
printf 'import Foundation\n\nextension Foundation.Bundle {\n    static let module = Bundle(path: "%s")!\n}\n' \
    "$root/Sources/PurchaseCatalog/Resources" > "$out/ResourceBundle.swift"
build_module PropertyList "$root/Sources/PropertyList" -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2
build_module PurchaseCore "$root/Sources/PurchaseCore"
build_module PurchaseCatalog "$root/Sources/PurchaseCatalog" "$out/ResourceBundle.swift" \
    -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility \
    -module-name StoreKitFuzz -package-name PurchaseKit \
    -I "$out/modules" -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2 -lxml2 \
    "$root/Fuzz/StoreKitFuzzer/FuzzTarget.swift" "$out/PropertyList.o" "$out/PurchaseCore.o" "$out/PurchaseCatalog.o" \
    -o "$out/StoreKitFuzzer"

# Seeds: the importer's fixtures, and the shared conformance files when present.
find "$root/Tests/PurchaseCatalogTests/Fixtures/StoreKit" -type f -name '*.storekit' -exec cp {} "$out/corpus/" \;
if [ -d "$root/../shared/conformance/storekit" ]; then
    find "$root/../shared/conformance/storekit" -type f -name '*.storekit' | while read -r file; do
        cp "$file" "$out/corpus/conformance-$(echo "$file" | md5sum | cut -c1-12).storekit"
    done
fi

cd "$out"
exec ./StoreKitFuzzer corpus \
    -dict="$root/Fuzz/json.dict" \
    -max_total_time="$seconds" \
    -max_len=65536 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" \
    -print_final_stats=1
