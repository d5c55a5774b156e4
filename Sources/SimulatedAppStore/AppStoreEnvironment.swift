/// The App Store environment a simulated transaction or receipt belongs to, as verifyReceipt names it.
public enum AppStoreEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Real purchases: receipts verify at the production endpoint.
    case production = "Production"
    /// Test purchases: receipts verify at the sandbox endpoint; production answers 21007.
    case sandbox = "Sandbox"
}
