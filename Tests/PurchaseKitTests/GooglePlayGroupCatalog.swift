import Foundation
import PurchaseKit
import SimulatedGooglePlay
import Testing

/// A deployment sold through the simulated Google Play with one subscription group `pro`: `pro`
/// (level 1, base plans `monthly` with a new customers' trial and a developer-determined `winback` offer,
/// and `yearly`) and `basic` (level 2, one monthly base plan), each granting its own entitlement.
enum GooglePlayGroupCatalog {
    static let pro = "com.example.pro"
    static let basic = "com.example.basic"

    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>CatalogVersion</key><integer>1</integer>
        <key>Deployment</key>
        <dict>
        <key>Name</key><string>play-groups</string>
        <key>Provider</key><string>simulated-google-play</string>
        <key>Storefront</key><string>USA</string>
        <key>Locale</key><string>en_US</string>
        </dict>
        <key>Storefronts</key>
        <dict><key>USA</key><dict><key>Currency</key><string>USD</string></dict></dict>
        <key>Products</key>
        <array>
        <dict>
        <key>ProductID</key><string>\(pro)</string>
        <key>Type</key><string>AutoRenewable</string>
        <key>Prices</key><dict><key>USA</key><string>10.00</string></dict>
        <key>Localizations</key>
        <dict><key>en</key><dict><key>DisplayName</key><string>Pro</string><key>Description</key><string>Pro.</string></dict></dict>
        <key>Entitlements</key><array><string>pro</string></array>
        <key>Subscription</key>
        <dict><key>Group</key><string>pro</string><key>Period</key><string>P1M</string><key>Level</key><integer>1</integer></dict>
        <key>GooglePlay</key>
        <dict><key>BasePlans</key><array>
        <dict><key>ID</key><string>monthly</string><key>Offers</key><array>
        <dict><key>ID</key><string>trial</string><key>Phases</key><array>
        <dict><key>Price</key><string>0</string><key>Period</key><string>P1W</string></dict></array></dict>
        <dict><key>ID</key><string>winback</string><key>Eligibility</key><string>DeveloperDetermined</string>
        <key>Phases</key><array><dict><key>Price</key><string>5.00</string><key>Period</key><string>P1M</string></dict></array></dict>
        </array></dict>
        <dict><key>ID</key><string>yearly</string><key>Period</key><string>P1Y</string>
        <key>Prices</key><dict><key>USA</key><string>100.00</string></dict></dict>
        </array></dict>
        </dict>
        <dict>
        <key>ProductID</key><string>\(basic)</string>
        <key>Type</key><string>AutoRenewable</string>
        <key>Prices</key><dict><key>USA</key><string>5.00</string></dict>
        <key>Localizations</key>
        <dict><key>en</key><dict><key>DisplayName</key><string>Basic</string><key>Description</key><string>Basic.</string></dict></dict>
        <key>Entitlements</key><array><string>basic</string></array>
        <key>Subscription</key>
        <dict><key>Group</key><string>pro</string><key>Period</key><string>P1M</string><key>Level</key><integer>2</integer></dict>
        </dict>
        </array>
        </dict>
        </plist>
        """

    static func catalog() throws -> Catalog {
        let result = CatalogLoader(registry: .builtIn).load(Data(text.utf8), path: "PlayGroups.plist")
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        return try #require(result.catalog)
    }

    /// Runs `body` on a started deployment of the catalog in a fresh state folder on `clock`, then closes
    /// it and removes the folder, whether `body` threw or not.
    static func with(
        _ clock: ManualClock = ManualClock(),
        _ body: (PurchaseDeployment, SimulatedGooglePlayProvider) async throws -> Void
    ) async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let (deployment, provider) = try await GooglePlayDeploymentTests.open(try catalog(), state, clock)
        do {
            try await body(deployment, provider)
        } catch {
            await deployment.close()
            throw error
        }
        await deployment.close()
    }

    /// The store's record of the purchase `transaction` belongs to.
    static func record(of transaction: StoreTransaction, in provider: SimulatedGooglePlayProvider) async throws
        -> PlayPurchaseRecord
    {
        let signed = try PlaySignedPurchase(verificationData: try #require(transaction.verificationData))
        let data = try PlayPurchaseData(json: signed.purchaseData)
        return try #require(await provider.store.record(data.purchaseToken))
    }
}
