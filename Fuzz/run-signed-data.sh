#!/bin/sh
# Builds the compact JWS decoder and the signed-data verifier (AppStoreSignedData, on PurchaseCore) with
# libFuzzer and AddressSanitizer and fuzzes them.
# Usage: Fuzz/run-signed-data.sh [seconds]   (default 600; run from anywhere)
target=signed-data
. "$(dirname "$0")/common.sh"

build_module PurchaseCore "$root/Sources/PurchaseCore"
build_module AppStoreSignedData "$root/Sources/AppStoreSignedData" -I "$root/Sources/COpenSSL"
fuzz_swiftc SignedDataFuzz \
    -I "$out/modules" -I "$root/Sources/COpenSSL" -lcrypto \
    "$root/Fuzz/SignedDataFuzzer/FuzzTarget.swift" "$root/Fuzz/SignedDataShared/FuzzIdentity.swift" \
    "$out/PurchaseCore.o" "$out/AppStoreSignedData.o" \
    -o "$out/SignedDataFuzzer"

# Seeds: the target writes tokens signed by its identity (kept in "$out/identity.pem") into the corpus
# when it starts; here, malformed ones.
printf '%s' 'eyJhbGciOiJub25lIn0.e30.' > "$out/corpus/alg-none"
printf '%s' 'eyJhbGciOiJIUzI1NiJ9.e30.AAAA' > "$out/corpus/hs256"
printf '%s' 'a.b' > "$out/corpus/two-parts"
printf '%s' 'a.b.c.d' > "$out/corpus/four-parts"

run_fuzzer SignedDataFuzzer 65600 "$root/Fuzz/signed-data.dict"
