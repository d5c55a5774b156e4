#!/bin/sh
# Builds the App Store Server Notification V2 decoders and verifier (AppStoreSignedData, on PurchaseCore)
# with libFuzzer and AddressSanitizer and fuzzes them.
# Usage: Fuzz/run-notification.sh [seconds]   (default 600; run from anywhere)
target=notification
. "$(dirname "$0")/common.sh"

build_module PurchaseCore "$root/Sources/PurchaseCore"
build_module AppStoreSignedData "$root/Sources/AppStoreSignedData" -I "$root/Sources/COpenSSL"
fuzz_swiftc NotificationFuzz \
    -I "$out/modules" -I "$root/Sources/COpenSSL" -lcrypto \
    "$root/Fuzz/NotificationFuzzer/FuzzTarget.swift" "$root/Fuzz/SignedDataShared/FuzzIdentity.swift" \
    "$out/PurchaseCore.o" "$out/AppStoreSignedData.o" \
    -o "$out/NotificationFuzzer"

# Seeds: the target writes bodies and payloads signed by its identity (kept in "$out/identity.pem") into
# the corpus when it starts; here, malformed ones.
printf '%s' '{"signedPayload":"eyJhbGciOiJub25lIn0.e30."}' > "$out/corpus/alg-none"
printf '%s' '{"signedPayload":7}' > "$out/corpus/not-a-string"
printf '%s' '{"notificationType":"TEST","data":{"status":9}}' > "$out/corpus/bare-payload"
printf '%s' '[]' > "$out/corpus/array"

run_fuzzer NotificationFuzzer 65600 "$root/Fuzz/notification.dict"
