#!/bin/sh
# Builds the verifyReceipt body decoders (SimulatedAppStore, on PurchaseCore and Journal) with libFuzzer
# and AddressSanitizer and fuzzes them.
# Usage: Fuzz/run-verifyreceipt.sh [seconds]   (default 600; run from anywhere)
target=verifyreceipt
. "$(dirname "$0")/common.sh"

build_cfilestatus
build_module PurchaseCore "$root/Sources/PurchaseCore"
build_module Journal "$root/Sources/Journal" -I "$root/Sources/CZlib" -I "$out/CFileStatus"
build_module SimulatedAppStore "$root/Sources/SimulatedAppStore" \
    -I "$root/Sources/CZlib" -I "$out/CFileStatus" -I "$root/Sources/COpenSSL"
fuzz_swiftc VerifyReceiptFuzz \
    -I "$out/modules" -I "$root/Sources/CZlib" -I "$out/CFileStatus" -I "$root/Sources/COpenSSL" -lz -lcrypto \
    "$root/Fuzz/VerifyReceiptFuzzer/FuzzTarget.swift" \
    "$out/PurchaseCore.o" "$out/Journal.o" "$out/SimulatedAppStore.o" "$out/CFileStatus.o" \
    -o "$out/VerifyReceiptFuzzer"

# Seeds: bodies the tests use, and the shared conformance bodies when present.
printf '%s' '{"status": 21007}' > "$out/corpus/status.json"
printf '%s' '{"status": 21100, "is-retryable": "true", "environment": "Sandbox"}' > "$out/corpus/retry.json"
printf '%s' '{"status": 0, "environment": "Production", "receipt": {"bundle_id": "com.example", "in_app": [{"quantity": "1", "product_id": "p", "transaction_id": "1", "original_transaction_id": "1", "purchase_date_ms": "1600000000000", "purchase_date": "2020-09-13 12:26:40 Etc/GMT", "is_trial_period": "false"}]}, "latest_receipt_info": [{"quantity": "1", "product_id": "s", "transaction_id": "2", "original_transaction_id": "2", "purchase_date_ms": "1600000000000", "expires_date_ms": "1602592000000", "cancellation_date": "2020-09-20T00:00:00Z"}], "pending_renewal_info": [{"auto_renew_product_id": "s", "original_transaction_id": "2", "auto_renew_status": "1", "expiration_intent": "1", "is_in_billing_retry_period": "0"}], "latest_receipt": "AAAA"}' \
    > "$out/corpus/full.json"
# A finding: milliseconds at Int64's end (written back, they trapped).
printf '%s' '{"status":0,"latest_receipt_info":[{"product_id":"p","transaction_id":"1","purchase_date_ms":"9223372036854775807"}]}' \
    > "$out/corpus/date-at-int64-max.json"
seed_from_shared verifyreceipt .json .json

run_fuzzer VerifyReceiptFuzzer 65536 "$root/Fuzz/verifyreceipt.dict"
