import AppStoreSignedData
import Foundation

/// The signed data the benchmark posts: a chain it makes (its root written for the server's
/// `AppStoreRootFiles`) and, for each delivery, a distinct consumable transaction for an account,
/// made into the bytes of a whole `POST /v1/transactions` request before any timing starts.
final class SignedDeliveries {
    static let bundleID = "com.example.app"
    static let product = "com.example.gems.100"
    /// What one delivery of `product` adds to the account's `gems`.
    static let payout = 100

    let identity: SigningIdentity
    let signer: JWSSigner
    let apiKey: String
    private var nextID = 3_000_000_000

    init(apiKey: String) throws {
        self.apiKey = apiKey
        identity = try SigningIdentity.make(environment: "Sandbox")
        signer = try JWSSigner(privateKey: identity.leafPrivateKey, certificateChain: identity.certificateChain)
    }

    /// Writes the chain's root to `path` (PEM).
    func writeRoot(to path: String) throws {
        try CertificateFile.pemText(of: [identity.rootCertificate]).write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    /// `count` requests, each a transaction never posted before, for `account(index)`.
    func requests(count: Int, account: (Int) -> UUID) throws -> [[UInt8]] {
        let now = Date()
        return try (0..<count).map { index in
            nextID += 1
            let id = String(nextID)
            var payload = TransactionPayload()
            payload.transactionId = id
            payload.originalTransactionId = id
            payload.bundleId = Self.bundleID
            payload.productId = Self.product
            payload.purchaseDate = AppStoreDate(now)
            payload.originalPurchaseDate = AppStoreDate(now)
            payload.quantity = 1
            payload.type = .consumable
            payload.appAccountToken = account(index)
            payload.inAppOwnershipType = .purchased
            payload.environment = .sandbox
            payload.signedDate = AppStoreDate(now)
            let jws = try signer.sign(payload)
            let body = "{\"signedTransaction\":\"\(jws)\",\"appAccountToken\":\"\(account(index).uuidString)\"}"
            return Array(
                ("POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(apiKey)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        }
    }

    /// `count` copies of a `GET path` request carrying the API key.
    func gets(_ path: String, count: Int) -> [[UInt8]] {
        let request = Array(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(apiKey)\r\n\r\n".utf8)
        return Array(repeating: request, count: count)
    }
}
