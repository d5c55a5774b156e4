import AppStoreSignedData
import Foundation
import PurchaseCatalog
import PurchaseCore
import SimulatedAppStore
import TestSupport
import Testing

/// `purchasekit reconcile` against a simulated App Store's server API hosted on 127.0.0.1: a ledger
/// that missed the store's notifications is repaired once.
struct ToolReconcileTests {
    static let bundleID = "com.example.reconcile"
    static let gems = "com.example.gems.100"
    static let removeAds = "com.example.removeads"

    /// A simulated account in a folder of its own, served over HTTP, and a catalog whose
    /// `AppStoreServerAPI` settings name it; the tool's state folder is another one. The server
    /// answers on this process's cooperative pool, which other tests may keep busy: the tool waits
    /// up to `RequestTimeout` 600 seconds rather than the default 30.
    struct Setup {
        let folder: URL
        let queue: PaymentQueue
        let session: StoreKit2Session
        let loopback: LoopbackServerAPI
        let catalog: String
        let state: String

        init(baseURL: URL? = nil, trustedRoot: String? = nil, keyID: String? = nil, rootsFromServer: Bool = false)
            throws
        {
            folder = try ToolRunner.temporaryFolder()
            let account = folder.appendingPathComponent("store-account", isDirectory: true)
            let source = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
            let products = try #require(CatalogLoader().load(contentsOfFile: source).catalog)
            let chain = try SimulatedSigningChain.persisted(in: account, environment: .localTesting)
            queue = try PaymentQueue(
                catalog: products, persistence: .journal(directory: account), clock: SimulationClock(),
                signedData: SimulatedSignedData(
                    chain: chain, identity: SignedDataIdentity(environment: .localTesting, bundleID: Self.bundle)))
            session = try StoreKit2Session(queue: queue)
            let key = try SimulatedServerAPIKey.persisted(in: account)
            loopback = try LoopbackServerAPI(try SimulatedServerAPI(queue: queue, key: key))
            let root =
                trustedRoot
                ?? account.appendingPathComponent(SimulatedSigningChain.rootFileName(.localTesting)).path
            let settings = """
                		<key>AppStoreServerAPI</key>
                		<dict>
                			<key>BaseURL</key>
                			<string>\((baseURL ?? loopback.baseURL).absoluteString)</string>
                			<key>KeyID</key>
                			<string>\(keyID ?? key.keyID)</string>
                			<key>IssuerID</key>
                			<string>\(key.issuerID)</string>
                			<key>BundleID</key>
                			<string>\(Self.bundle)</string>
                			<key>PrivateKeyFile</key>
                			<string>store-account/\(SimulatedServerAPIKey.fileName)</string>
                			<key>RequestTimeout</key>
                			<integer>600</integer>
                \(rootsFromServer ? "" : "<key>TrustedRoots</key><array><string>\(root)</string></array>")
                		</dict>
                \(rootsFromServer ? "<key>Server</key><dict><key>AppStoreRootFiles</key><string>\(root)</string></dict>" : "")

                """
            var text = try String(contentsOfFile: source, encoding: .utf8)
            let anchor = "\t\t<key>Storefront</key>\n"
            let range = try #require(text.range(of: anchor))
            text.insert(contentsOf: settings, at: range.lowerBound)
            catalog = folder.appendingPathComponent("Reconcile.plist").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: catalog))
            state = folder.appendingPathComponent("state").path
        }

        static let bundle = ToolReconcileTests.bundleID

        /// Buys `product` for `account` in the store (the tool's ledger hears nothing of it).
        func buy(_ product: String, account: UUID) async throws -> String {
            var options = PurchaseOptions()
            options.appAccountToken = account
            guard case .success(let transaction) = try await session.purchase(product, options: options) else {
                throw StoreKitError(.unknown)
            }
            let id = try #require(transaction.payload.transactionId)
            await session.finish(id)
            return id
        }

        /// Runs the tool with the catalog and state folder, on a thread of its own (the HTTP server's
        /// handler needs the cooperative pool meanwhile).
        func tool(_ arguments: [String]) async throws -> ToolRunner.Result {
            let all = ["--catalog", catalog, "--state", state] + arguments
            return try await withCheckedThrowingContinuation { continuation in
                Thread { continuation.resume(with: Result { try ToolRunner.run(all) }) }.start()
            }
        }

        func close() async {
            await loopback.stop()
            await queue.close()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    private func json(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stderr)")
    }

    @Test func aLedgerMissingDeliveriesIsRepairedOnceAndARefundRevoked() async throws {
        let setup = try Setup()
        let account = UUID()
        let gems = try await setup.buy(Self.gems, account: account)
        let removeAds = try await setup.buy(Self.removeAds, account: account)
        let first = try await setup.tool(["reconcile", "--transaction", gems, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try json(first)
        #expect(report["delivered"] as? Int == 2)
        #expect(Set(report["deliveredTransactions"] as? [String] ?? []) == [gems, removeAds])
        let owned = try json(try await setup.tool(["entitlements", "--account", account.uuidString, "--json"]))
        #expect((owned["entitlements"] as? [String])?.contains("no-ads") == true)
        #expect((owned["balances"] as? [String: Int])?["gems"] == 100)

        let second = try json(try await setup.tool(["reconcile", "--account", account.uuidString, "--json"]))
        #expect(second["delivered"] as? Int == 0)
        #expect(second["revoked"] as? Int == 0)
        #expect(second["unchanged"] as? Int == 2)

        await setup.queue.refundTransaction(gems)
        let third = try json(try await setup.tool(["reconcile", "--transaction", removeAds, "--json"]))
        #expect(third["revoked"] as? Int == 1)
        #expect(third["revokedTransactions"] as? [String] == [gems])
        let after = try json(try await setup.tool(["entitlements", "--account", account.uuidString, "--json"]))
        #expect((after["balances"] as? [String: Int])?["gems", default: 0] == 0)
        let fourth = try await setup.tool(["reconcile", "--transaction", removeAds])
        #expect(fourth.status == 0)
        #expect(fourth.stdout.contains("Delivered: 0; revoked: 0; expired: 0; unchanged: 2."))
        await setup.close()
    }

    @Test func theRootsTheServerTrustsAreUsedWhenTheDictNamesNone() async throws {
        let setup = try Setup(rootsFromServer: true)
        let id = try await setup.buy(Self.removeAds, account: UUID())
        let result = try await setup.tool(["reconcile", "--transaction", id, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try json(result)["delivered"] as? Int == 1)
        await setup.close()
    }

    @Test func textOutputSpeaksTheLocale() async throws {
        let setup = try Setup()
        let id = try await setup.buy(Self.removeAds, account: UUID())
        let result = try await setup.tool(["--locale", "fr_FR", "reconcile", "--transaction", id])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Rapprochement avec l’App Store effectué. Livrés\u{202F}: 1"))
        await setup.close()
    }

    @Test func anUnreachableAPIExits75AndChangesNothing() async throws {
        // Port 1 on loopback: nothing listens there.
        let setup = try Setup(baseURL: URL(string: "http://127.0.0.1:1")!)
        let id = try await setup.buy(Self.removeAds, account: UUID())
        let result = try await setup.tool(["reconcile", "--transaction", id])
        #expect(result.status == 75)
        #expect(result.stderr.contains("purchasekit: the App Store Server API cannot be reached or is busy"))
        await setup.close()
    }

    @Test func aRefusedTokenExits1() async throws {
        let setup = try Setup(keyID: "WRONGKEYID")
        let id = try await setup.buy(Self.removeAds, account: UUID())
        let result = try await setup.tool(["reconcile", "--transaction", id])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the App Store Server API refused the request"))
        #expect(result.stderr.contains("HTTP 401"))
        await setup.close()
    }

    @Test func aSignatureThatFailsExits65AndAppliesNothing() async throws {
        let other = try SimulatedSigningChain.make(environment: .localTesting)
        let root = try ToolRunner.file(named: "other-root.pem", containing: other.rootCertificatePEM)
        let setup = try Setup(trustedRoot: root)
        let account = UUID()
        let id = try await setup.buy(Self.gems, account: account)
        let result = try await setup.tool(["reconcile", "--transaction", id])
        #expect(result.status == 65)
        #expect(result.stderr.contains("did not verify"))
        let owned = try json(try await setup.tool(["entitlements", "--account", account.uuidString, "--json"]))
        #expect((owned["balances"] as? [String: Int])?["gems"] == nil)
        await setup.close()
    }

    @Test func theTargetIsOneOfTransactionOrAccount() async throws {
        let setup = try Setup()
        let neither = try await setup.tool(["reconcile"])
        #expect(neither.status == 64)
        let both = try await setup.tool(["reconcile", "--transaction", "1", "--account", UUID().uuidString])
        #expect(both.status == 64)
        let unknown = try await setup.tool(["reconcile", "--account", UUID().uuidString])
        #expect(unknown.status == 1)
        await setup.close()
    }
}
