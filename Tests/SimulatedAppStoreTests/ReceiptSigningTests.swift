import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct ReceiptSigningTests {
    @Test func signedReceiptValidatesAndDecodesToTheSameReceipt() throws {
        let receipt = ReceiptFixtures.receipt(.sandbox, [ReceiptFixtures.gems(), ReceiptFixtures.monthly()])
        let bytes = try ReceiptFixtures.issuer.issue(receipt)
        let decoded = try ReceiptFixtures.validator.validate(bytes)
        #expect(decoded == receipt)
        #expect(decoded.environment == .sandbox)
        #expect(decoded.inApp.map(\.productID) == ["com.example.gems", "com.example.monthly"])
        #expect(try ReceiptFixtures.validator.validate(base64: bytes.base64EncodedString()) == receipt)
    }

    @Test func receiptStartsWithTheDocumentedHeader() throws {
        let bytes = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        #expect(Array(bytes.prefix(5)) == Array("PKRC".utf8) + [1])
        let length = bytes[5..<9].reduce(0) { $0 << 8 | Int($1) }
        let payload = bytes[9..<(9 + length)]
        let json = try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
        #expect(json["bundle_id"] as? String == "com.example.app")
        #expect(json["receipt_type"] as? String == "Production")
        let inApp = try #require(json["in_app"] as? [[String: Any]])
        #expect(inApp.first?["quantity"] as? String == "2")
        #expect(inApp.first?["purchase_date_ms"] as? String == "1767225600000")
        #expect(inApp.first?["purchase_date"] as? String == "2026-01-01 00:00:00 Etc/GMT")
    }

    /// Flipping any one byte (header, payload, lengths or signature) is detected.
    @Test(arguments: [0, 4, 6, 9, 20, 60, -70, -40, -1])
    func flippedByteIsRefused(offset: Int) throws {
        var bytes = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems()])
        let index = offset >= 0 ? offset : bytes.count + offset
        bytes[index] ^= 0x01
        #expect(throws: ReceiptValidationError.self) { try ReceiptFixtures.validator.validate(bytes) }
    }

    /// A flip inside the payload or the signature is an authentication failure (21003), inside the
    /// magic or a length a format failure (21002).
    @Test func flippedByteStatusDependsOnWhereItIs() throws {
        let bytes = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems(), ReceiptFixtures.monthly()])
        let payloadLength = bytes[5..<9].reduce(0) { $0 << 8 | Int($1) }
        let signatureStart = 9 + payloadLength + 2
        var authentication = 0
        for index in stride(from: 0, to: bytes.count, by: 7) {
            var tampered = bytes
            tampered[index] ^= 0x40
            do {
                _ = try ReceiptFixtures.validator.validate(tampered)
                Issue.record("byte \(index) changed without detection")
            } catch {
                let inBody = (9..<(9 + payloadLength)).contains(index) || index >= signatureStart
                #expect(
                    error.verifyReceiptStatus == (inBody ? .notAuthenticated : .malformedReceiptData),
                    "byte \(index): \(error)")
                if inBody { authentication += 1 }
            }
        }
        #expect(authentication > 100)
    }

    @Test func receiptEntryMirrorsAStoreTransaction() {
        var transaction = ReceiptFixtures.transaction(
            for: ReceiptFixtures.monthly(), type: .autoRenewable, receipt: nil)
        transaction.revocationDate = ReceiptFixtures.start + 10
        transaction.revocationReason = .developerIssue
        transaction.ownership = .familyShared
        let entry = ReceiptTransaction(transaction, storeProductID: "com.example.monthly.store")
        #expect(entry.productID == "com.example.monthly.store")
        #expect(entry.transactionID == transaction.id && entry.originalTransactionID == transaction.originalID)
        #expect(entry.expiresDate == transaction.expirationDate)
        #expect(entry.cancellationDate == ReceiptFixtures.start + 10 && entry.cancellationReason == "1")
        #expect(entry.inAppOwnershipType == "FAMILY_SHARED")
    }

    @Test func payloadTamperingIsAnAuthenticationFailure() throws {
        let bytes = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems()])
        let original = Data("com.example.gems".utf8)
        let range = try #require(bytes.range(of: original))
        var forged = bytes
        forged.replaceSubrange(range, with: Data("com.example.gold".utf8))
        #expect(forged.count == bytes.count && forged != bytes)
        #expect(throws: ReceiptValidationError.signatureInvalid) { try ReceiptFixtures.validator.validate(forged) }
        #expect(ReceiptValidationError.signatureInvalid.verifyReceiptStatus == .notAuthenticated)
    }

    @Test func receiptFromAnotherKeyIsRefused() throws {
        let other = ReceiptIssuer(signingKey: ReceiptSigningKey(seed: Array("another store".utf8)))
        let bytes = try other.issue(ReceiptFixtures.receipt(.sandbox, []))
        #expect(throws: ReceiptValidationError.signatureInvalid) { try ReceiptFixtures.validator.validate(bytes) }
    }

    @Test(arguments: ["", "not base64!", "UEtSQw==", "AAAAAAAAAAAAAAAA"])
    func garbageIsMalformed(base64: String) {
        #expect {
            try ReceiptFixtures.validator.validate(base64: base64)
        } throws: { error in
            (error as? ReceiptValidationError)?.verifyReceiptStatus == .malformedReceiptData
        }
    }

    @Test func truncatedAndExtendedReceiptsAreMalformed() throws {
        let bytes = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems()])
        for variant in [bytes.dropLast(), bytes + [0], bytes.prefix(12)] {
            #expect(throws: ReceiptValidationError.self) { try ReceiptFixtures.validator.validate(Data(variant)) }
        }
    }

    @Test func seedDerivesTheSameKeyEveryTime() {
        let first = ReceiptSigningKey(seed: Array("seed".utf8))
        let second = ReceiptSigningKey(seed: Array("seed".utf8))
        let other = ReceiptSigningKey(seed: Array("seed2".utf8))
        #expect(first == second)
        #expect(first.publicKey != other.publicKey)
    }

    @Test func generatedKeysDifferAndSurvivePEMAndDER() throws {
        let key = try ReceiptSigningKey.generate()
        #expect(try ReceiptSigningKey.generate() != key)
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let fromPEM = try ReceiptSigningKey(pem: key.pemRepresentation)
        let fromDER = try ReceiptSigningKey(pkcs8DER: key.pkcs8DER)
        #expect(fromPEM == key && fromDER == key)
        let publicKey = try ReceiptPublicKey(pem: key.publicKey.pemRepresentation)
        let bytes = try ReceiptIssuer(signingKey: fromPEM).issue(ReceiptFixtures.receipt(.production, []))
        #expect(try ReceiptValidator(publicKey: publicKey).validate(bytes).bundleID == "com.example.app")
    }

    @Test func notAKeyIsRefused() {
        #expect(throws: ReceiptKeyError.self) { try ReceiptSigningKey(pkcs8DER: Data([0x30, 0x03, 0x02, 0x01, 0x01])) }
        #expect(throws: ReceiptKeyError.self) { try ReceiptSigningKey(pem: "hello") }
        #expect(throws: ReceiptKeyError.self) { try ReceiptPublicKey(derRepresentation: Data("nope".utf8)) }
    }
}
