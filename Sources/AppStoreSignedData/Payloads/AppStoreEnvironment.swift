public import PurchaseCore

/// The server environment a piece of signed data comes from, with Apple's names (`Production`,
/// `Sandbox`, `Xcode`, `LocalTesting`).
///
/// A value Apple adds later decodes as itself and compares unequal to every named one.
public struct AppStoreEnvironment: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name in the payload.
    public var rawValue: String

    /// The environment named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Real purchases.
    public static let production = AppStoreEnvironment(rawValue: "Production")
    /// The App Store's sandbox.
    public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
    /// StoreKit Testing in Xcode.
    public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
    /// A local test environment (the simulated App Store of PurchaseKit signs as this by default).
    public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")

    /// The name.
    public var description: String { rawValue }

    /// The core's view of the environment: money moves in production only; Xcode and local testing
    /// are local.
    public var storeEnvironment: StoreEnvironment {
        switch self {
        case .production: .production
        case .sandbox: .sandbox
        default: .local
        }
    }

    /// The App Store environment that signs for a core environment.
    public init(_ environment: StoreEnvironment) {
        switch environment {
        case .production: self = .production
        case .sandbox: self = .sandbox
        case .local: self = .localTesting
        }
    }

    /// Reads the name.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
