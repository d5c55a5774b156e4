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

/// ECDSA accepts (r, n − s) and other DER encodings of the same numbers; receipts accept only the
/// issuer's form (canonical DER, low s), so that no changed byte verifies.
struct ReceiptSignatureFormTests {
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// The receipt's signature split into r and s (32 bytes each), read by this test's own DER parser.
    static func numbers(of receipt: Data) throws -> (r: [UInt8], s: [UInt8], signatureStart: Int) {
        let bytes = Array(receipt)
        let payloadLength = bytes[5..<9].reduce(0) { $0 << 8 | Int($1) }
        let start = 9 + payloadLength + 2
        let signature = Array(bytes[start...])
        try #require(signature[0] == 0x30 && signature[2] == 0x02)
        let rLength = Int(signature[3])
        let r = Array(signature[4..<(4 + rLength)])
        try #require(signature[4 + rLength] == 0x02)
        let s = Array(signature[(6 + rLength)...])
        func padded(_ value: [UInt8]) -> [UInt8] {
            let trimmed = Array(value.drop { $0 == 0 })
            return [UInt8](repeating: 0, count: 32 - trimmed.count) + trimmed
        }
        return (padded(r), padded(s), start)
    }

    /// A receipt with its signature replaced by `signature` (and the signature length with it).
    static func receipt(_ receipt: Data, signedWith signature: [UInt8], signatureStart: Int) -> Data {
        var bytes = Array(receipt.prefix(signatureStart - 2))
        bytes += [UInt8(signature.count >> 8), UInt8(signature.count & 0xFF)] + signature
        return Data(bytes)
    }

    static func der(_ r: [UInt8], _ s: [UInt8]) -> [UInt8] {
        func integer(_ value: [UInt8]) -> [UInt8] {
            var content = Array(value.drop { $0 == 0 })
            if content.first.map({ $0 & 0x80 != 0 }) ?? true { content.insert(0, at: 0) }
            return [0x02, UInt8(content.count)] + content
        }
        let body = integer(r) + integer(s)
        return [0x30, UInt8(body.count)] + body
    }

    static func negated(_ s: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(order[index]) - Int(s[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return result
    }

    static func isLow(_ s: [UInt8]) -> Bool { !negated(s).lexicographicallyPrecedes(s) }

    @Test func theIssuerAlwaysWritesALowS() throws {
        for number in 0..<40 {
            let receipt = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems("\(1_000_000 + number)")])
            let (r, s, start) = try Self.numbers(of: receipt)
            #expect(Self.isLow(s), "receipt \(number)")
            #expect(Array(receipt[start...]) == Self.der(r, s), "receipt \(number) is not in canonical DER")
        }
    }

    @Test func theOtherSOfAValidSignatureIsRefused() throws {
        for number in 0..<8 {
            let receipt = try ReceiptFixtures.receiptBytes(.sandbox, [ReceiptFixtures.gems("\(2_000_000 + number)")])
            let (r, s, start) = try Self.numbers(of: receipt)
            let twin = Self.receipt(receipt, signedWith: Self.der(r, Self.negated(s)), signatureStart: start)
            #expect(throws: ReceiptValidationError.signatureInvalid) { try ReceiptFixtures.validator.validate(twin) }
            #expect(try ReceiptFixtures.validator.validate(receipt).inApp.count == 1)
        }
    }

    /// The same numbers in another DER: a needless leading zero, a long-form length.
    @Test func anotherEncodingOfTheSameNumbersIsRefused() throws {
        let receipt = try ReceiptFixtures.receiptBytes(.production, [ReceiptFixtures.gems()])
        let (r, s, start) = try Self.numbers(of: receipt)
        let canonical = Self.der(r, s)
        let rContent = Array(canonical[4..<(4 + Int(canonical[3]))])
        let sPart = Array(canonical[(4 + rContent.count)...])
        let padded = [0x02, UInt8(rContent.count + 1), 0x00] + rContent + sPart
        let longForm = [0x30, 0x81, UInt8(canonical.count - 2)] + canonical[2...]
        for signature in [[0x30, UInt8(padded.count)] + padded, Array(longForm)] {
            let other = Self.receipt(receipt, signedWith: signature, signatureStart: start)
            #expect(throws: ReceiptValidationError.signatureInvalid) { try ReceiptFixtures.validator.validate(other) }
        }
    }
}
