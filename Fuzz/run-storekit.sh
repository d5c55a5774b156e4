#!/bin/sh
# Builds the Xcode StoreKit configuration importer (PurchaseCatalog, on PropertyList's JSON reader)
# with libFuzzer and AddressSanitizer and fuzzes it.
# Usage: Fuzz/run-storekit.sh [seconds]   (default 600; run from anywhere)
target=storekit
. "$(dirname "$0")/common.sh"

# SwiftPM generates Bundle.module for a target with resources; here the script does, pointing at the
# sources' Resources folder (the message tables read as they are shipped).
printf 'import Foundation\n\nextension Foundation.Bundle {\n    static let module = Bundle(path: "%s")!\n}\n' \
    "$root/Sources/PurchaseCatalog/Resources" > "$out/ResourceBundle.swift"
build_module PropertyList "$root/Sources/PropertyList" -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2
build_module PurchaseCore "$root/Sources/PurchaseCore"
build_module PurchaseCatalog "$root/Sources/PurchaseCatalog" "$out/ResourceBundle.swift" \
    -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2
fuzz_swiftc StoreKitFuzz \
    -I "$out/modules" -I "$root/Sources/CLibXML2" -Xcc -I/usr/include/libxml2 -lxml2 \
    "$root/Fuzz/StoreKitFuzzer/FuzzTarget.swift" "$out/PropertyList.o" "$out/PurchaseCore.o" "$out/PurchaseCatalog.o" \
    -o "$out/StoreKitFuzzer"

# Seeds: the importer's fixtures, and the shared conformance files when present.
find "$root/Tests/PurchaseCatalogTests/Fixtures/StoreKit" -type f -name '*.storekit' -exec cp {} "$out/corpus/" \;
seed_from_shared storekit .storekit .storekit

run_fuzzer StoreKitFuzzer 65536 "$root/Fuzz/json.dict"
