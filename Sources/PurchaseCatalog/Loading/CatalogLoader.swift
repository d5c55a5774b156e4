public import Foundation
public import PropertyList
public import PurchaseCore

/// Reads catalog files (CatalogVersion 1, see Catalog/README.md) into `Catalog` values, reporting every
/// problem in one pass.
///
/// Loading never throws and never stops at the first problem: it returns the catalog when there is no
/// error, together with every error and warning, each pointing at a line and column of the file.
/// A file that is not a readable property list yields exactly one error at the reader's position.
public struct CatalogLoader: Sendable {
    /// The reader used for files and data (its limits bound document size and depth).
    public var reader: PropertyListReader
    /// The provider kinds that may appear as `Provider` or a `Providers` entry's `Kind`; any other kind is
    /// an error naming the closest one. `nil` accepts any well-formed kind (the registry checks later).
    public var knownProviderKinds: Set<ProviderKind>?

    /// Creates a loader.
    public init(reader: PropertyListReader = PropertyListReader(), knownProviderKinds: Set<ProviderKind>? = nil) {
        self.reader = reader
        self.knownProviderKinds = knownProviderKinds
    }

    /// Loads the catalog file at `path`; diagnostics name `path` as given.
    public func load(contentsOfFile path: String) -> CatalogLoadResult {
        let root: PropertyListNode
        do {
            root = try reader.read(contentsOfFile: path)
        } catch {
            return Self.result(for: error, path: path)
        }
        return validate(consume root, path: path)
    }

    /// Loads a catalog from the bytes of an XML property list; `path` names it in diagnostics and is the
    /// base for a relative `MessageTables`.
    public func load(_ data: Data, path: String? = nil) -> CatalogLoadResult {
        let root: PropertyListNode
        do {
            root = try reader.read(data, path: path)
        } catch {
            return Self.result(for: error, path: path)
        }
        return validate(consume root, path: path)
    }

    /// Validates a property list already read, and turns it into a catalog when there is no error.
    public func load(_ root: PropertyListNode, path: String? = nil) -> CatalogLoadResult {
        validate(root, path: path)
    }

    /// Validates a tree it owns: the decoder frees each product's subtree once it is read, which keeps the
    /// peak memory of a file load near the larger of the tree and the catalog, not their sum.
    private func validate(_ root: consuming PropertyListNode, path: String?) -> CatalogLoadResult {
        var decoder = CatalogDecoder(path: path, knownProviderKinds: knownProviderKinds)
        let catalog = decoder.decode(root)
        let ordered = decoder.diagnostics.enumerated().sorted { lhs, rhs in
            lhs.element.location == rhs.element.location
                ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
        }
        return CatalogLoadResult(catalog: catalog, diagnostics: ordered.map(\.element))
    }

    private static func result(for error: PropertyListError, path: String?) -> CatalogLoadResult {
        let problem: CatalogProblem =
            error.kind == .io ? .unreadableFile(error.message) : .unreadableDocument(error.message)
        let diagnostic = Diagnostic(problem, path: error.path ?? path, at: error.location)
        return CatalogLoadResult(catalog: nil, diagnostics: [diagnostic])
    }
}
