import AppStoreSignedData
import Foundation
import PurchaseCore
import PurchaseKit
import PurchaseServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A deployment of the default catalog in a temporary folder, trusting an App Store chain the test
/// made (its root in `root.pem`, named by the catalog's `Server` settings), and its server on
/// 127.0.0.1 with an ephemeral port.
final class ServerFixture: @unchecked Sendable {
    static let apiKey = "test-key-0123456789"
    static let bundleID = "com.example.app"
    /// The chain signing everything the tests post, made once.
    static let identity = try! SigningIdentity.make(environment: "Sandbox")
    static let signer = try! JWSSigner(privateKey: identity.leafPrivateKey, certificateChain: identity.certificateChain)

    let folder: URL
    let catalogPath: String
    let deployment: PurchaseDeployment
    let server: PurchaseServer
    let lines = LogLines()

    /// A fixture; `apiKey` nil leaves the key's variable unset; `ledger` (XML) is the catalog's
    /// `Ledger`, a kind `registry` knows (default: none, the file ledger); `serverSettings` (XML) more keys of
    /// the `Server` dict, and `environment` more variables of the server's environment.
    init(
        apiKey: String? = ServerFixture.apiKey, maximumBodyBytes: Int = 65536, ledger: String? = nil,
        registry: ProviderRegistry = .builtIn, serverSettings: String = "", environment more: [String: String] = [:]
    ) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("purchase-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        catalogPath = try Self.writeCatalog(
            in: folder, maximumBodyBytes: maximumBodyBytes, ledger: ledger, server: serverSettings)
        deployment = try PurchaseDeployment.open(
            catalogPath: catalogPath, stateDirectory: folder.appendingPathComponent("state"), registry: registry)
        var environment: [String: String] = [:]
        if let apiKey { environment["TEST_SERVER_KEY"] = apiKey }
        environment.merge(more) { _, new in new }
        let lines = lines
        server = try PurchaseServer(
            deployment: deployment,
            configuration: PurchaseServer.Configuration(
                host: "127.0.0.1", port: 0, catalogDirectory: folder, environment: environment,
                log: { lines.append($0) }))
        try server.start()
    }

    /// Stops the server, closes the deployment and removes the folder.
    func close() async {
        await server.shutdown()
        await deployment.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The default catalog with a `Server` dict: the root file, Sandbox, the bundle, the key's variable.
    static func writeCatalog(
        in folder: URL, maximumBodyBytes: Int, ledger: String? = nil, server: String = ""
    ) throws -> String {
        let root = folder.appendingPathComponent("root.pem")
        try CertificateFile.pemText(of: [identity.rootCertificate]).write(to: root, atomically: true, encoding: .utf8)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalog/Default.plist")
        var text = try String(contentsOf: source, encoding: .utf8)
        let anchor = "<key>Locale</key>\n\t\t<string>en_US</string>\n"
        if let ledger, let storefront = text.range(of: "\t\t<key>Storefront</key>\n") {
            text.insert(contentsOf: "\t\t<key>Ledger</key>\n" + ledger + "\n", at: storefront.lowerBound)
        }
        guard let range = text.range(of: anchor) else { throw FixtureError.catalogShape }
        text.insert(
            contentsOf: """
                \t\t<key>Server</key>
                \t\t<dict>
                \t\t\t<key>APIKeyVariable</key><string>TEST_SERVER_KEY</string>
                \t\t\t<key>AppStoreRootFiles</key><array><string>root.pem</string></array>
                \t\t\t<key>AppStoreEnvironment</key><string>Sandbox</string>
                \t\t\t<key>AppStoreBundleID</key><string>\(bundleID)</string>
                \t\t\t<key>MaximumBodyBytes</key><integer>\(maximumBodyBytes)</integer>
                \(server)
                \t\t</dict>

                """, at: range.upperBound)
        let path = folder.appendingPathComponent("Server.plist").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    enum FixtureError: Error { case catalogShape }

    // MARK: - Signed data

    /// A signed transaction of `product` with identifier `id`, for `account` (nil: none signed).
    static func signedTransaction(
        _ id: String, product: String, account: UUID? = nil, type: TransactionType = .consumable
    ) throws -> String {
        try signer.sign(transactionPayload(id, product: product, account: account, type: type))
    }

    static func transactionPayload(_ id: String, product: String, account: UUID?, type: TransactionType)
        -> TransactionPayload
    {
        let now = Date()
        var payload = TransactionPayload()
        payload.transactionId = id
        payload.originalTransactionId = id
        payload.bundleId = bundleID
        payload.productId = product
        payload.purchaseDate = AppStoreDate(now)
        payload.originalPurchaseDate = AppStoreDate(now)
        payload.quantity = 1
        payload.type = type
        payload.appAccountToken = account
        payload.inAppOwnershipType = .purchased
        payload.environment = .sandbox
        payload.signedDate = AppStoreDate(now)
        return payload
    }

    /// The body of an App Store Server Notification V2 `uuid` of a purchase, carrying `transaction`.
    static func notificationBody(_ uuid: String, transaction: String) throws -> Data {
        var payload = NotificationPayload()
        payload.notificationUUID = uuid
        payload.notificationType = .oneTimeCharge
        payload.version = "2.0"
        payload.signedDate = AppStoreDate(Date())
        var data = NotificationData()
        data.bundleId = bundleID
        data.environment = .sandbox
        data.signedTransactionInfo = transaction
        payload.data = data
        let jws = try signer.sign(payload)
        return try JSONEncoder().encode(["signedPayload": jws])
    }

    // MARK: - Requests

    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
        var errorName: String? { (json["error"] as? [String: Any])?["name"] as? String }
        var errorMessage: String? { (json["error"] as? [String: Any])?["message"] as? String }
    }

    /// Sends a request with URLSession; `key` is the bearer key sent (nil: none).
    func request(
        _ method: String, _ path: String, json: Any? = nil, body: Data? = nil, key: String? = ServerFixture.apiKey,
        headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 60
        if let json { request.httpBody = try JSONSerialization.data(withJSONObject: json) }
        if let body { request.httpBody = body }
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }

    /// Posts a signed transaction for `account`.
    func postTransaction(_ jws: String, account: UUID, key: String? = ServerFixture.apiKey) async throws -> Answer {
        try await request(
            "POST", "/v1/transactions", json: ["signedTransaction": jws, "appAccountToken": account.uuidString],
            key: key)
    }
}

/// Lines the server logged.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        lines.append(line)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
