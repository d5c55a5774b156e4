public import Foundation
import PropertyList
public import PurchaseCore

/// Reads Xcode StoreKit configuration files (`.storekit`, JSON, format versions 1 to 5) into a
/// `Catalog` for the simulated App Store, reporting problems as catalog ``Diagnostic``s.
///
/// The catalog has one deployment on `simulated-app-store` whose `ProviderSettings` carry the file's
/// test-session settings (Ask to Buy, failing transactions, per-API errors, storefront, locale, billing
/// issues); every product of `products`, `nonRenewingSubscriptions` and each group of
/// `subscriptionGroups`, in that order, priced in the file's storefront (`_storefront`, default `USA`)
/// and its currency. A subscription's `adHocOffers` become its promotional offers and its `codeOffers` its
/// offer codes, with no codes (the format has no place for them). Catalog/README.md ("`.storekit` files")
/// documents the mapping key by key.
///
/// Like ``CatalogLoader``, loading never throws and never stops at the first problem: the result holds
/// the catalog when there is no error, and every diagnostic with the line and column in the JSON file.
/// Keys the importer does not use (win-back offers, an offer's `eligibility`, `appPolicies`,
/// `internalID`...) are ignored.
public struct StoreKitConfigurationImporter: Sendable {
    /// The file name extension of Xcode StoreKit configuration files, without the dot.
    public static let fileExtension = "storekit"

    /// The format versions (`version.major`) this importer was written for; later versions are read
    /// the same way, as far as their keys are the same.
    public static let supportedVersions = 1...5

    /// How long a non-renewing subscription lasts: `.storekit` files do not say, so every one gets this
    /// (default one year, `P1Y`).
    public var nonRenewingDuration: SubscriptionPeriod

    /// The deployment's name; `nil` names it after the file (`Products` for `Products.storekit`), or
    /// `storekit` when the file is not named.
    public var deploymentName: String?

    /// The largest file imported, in bytes (default 64 MiB, as for catalog property lists); a larger
    /// one is refused with one error before it is read.
    public var maximumFileSize: Int

    /// Creates an importer.
    public init(
        nonRenewingDuration: SubscriptionPeriod = SubscriptionPeriod(value: 1, unit: .year),
        deploymentName: String? = nil,
        maximumFileSize: Int = 64 * 1024 * 1024
    ) {
        self.nonRenewingDuration = nonRenewingDuration
        self.deploymentName = deploymentName
        self.maximumFileSize = maximumFileSize
    }

    /// Whether `path` names a StoreKit configuration file (its extension is `storekit`, in any case).
    public static func isStoreKitConfiguration(path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == fileExtension
    }

    /// Imports the `.storekit` file at `path`; diagnostics name `path` as given. A pipe or a device
    /// is read within ``maximumFileSize`` like a file, and refused one byte past it.
    public func load(contentsOfFile path: String) -> CatalogLoadResult {
        load(contentsOfFile: path, requiringRegularFile: false)
    }

    /// Imports the `.storekit` file at `path` as ``load(contentsOfFile:)`` does, for a file a program
    /// finds by itself rather than is given: a FIFO, a device or a socket at `path` is refused at once,
    /// without waiting for a writer (``CatalogProblem/unreadableFile(_:)``, reason `notRegularFile`).
    public func load(contentsOfRegularFile path: String) -> CatalogLoadResult {
        load(contentsOfFile: path, requiringRegularFile: true)
    }

    private func load(contentsOfFile path: String, requiringRegularFile: Bool) -> CatalogLoadResult {
        let bytes: [UInt8]
        do {
            bytes = try BoundedInput.contents(
                ofFile: path, limit: maximumFileSize, requiringRegularFile: requiringRegularFile)
        } catch {
            let problem: CatalogProblem =
                error.kind == .io ? .unreadableFile(error.reason) : .storeKitUnreadable(error.reason)
            return CatalogLoadResult(
                catalog: nil, diagnostics: [Diagnostic(problem, path: path, at: SourceLocation(line: 1, column: 1))])
        }
        return load(bytes, path: path)
    }

    /// Imports a StoreKit configuration from its JSON bytes; `path` names it in diagnostics and gives the
    /// deployment its default name.
    public func load(_ data: Data, path: String? = nil) -> CatalogLoadResult {
        load([UInt8](data), path: path)
    }

    private func load(_ bytes: [UInt8], path: String?) -> CatalogLoadResult {
        if bytes.count > maximumFileSize { return tooLarge(bytes.count, path: path) }
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes, maximumDepth: 256)
        } catch {
            let diagnostic = Diagnostic(.storeKitUnreadable(error.reason), path: path, at: error.location)
            return CatalogLoadResult(catalog: nil, diagnostics: [diagnostic])
        }
        let name =
            deploymentName
            ?? path.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }.flatMap {
                $0.isEmpty ? nil : $0
            } ?? "storekit"
        var reader = StoreKitReader(path: path, nonRenewingDuration: nonRenewingDuration)
        let catalog = reader.read(root, deploymentName: name)
        let ordered = reader.diagnostics.enumerated().sorted { lhs, rhs in
            lhs.element.location == rhs.element.location
                ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
        }.map(\.element)
        let hasErrors = ordered.contains { $0.severity == .error }
        return CatalogLoadResult(catalog: hasErrors ? nil : catalog, diagnostics: ordered)
    }

    private func tooLarge(_ size: Int, path: String?) -> CatalogLoadResult {
        let problem = CatalogProblem.storeKitUnreadable(.fileTooLarge(size: size, limit: maximumFileSize))
        return CatalogLoadResult(
            catalog: nil, diagnostics: [Diagnostic(problem, path: path, at: SourceLocation(line: 1, column: 1))])
    }
}
