import Foundation
import PurchaseCatalog

/// The synthesized catalog the benchmark reads.
enum CatalogFile {
    /// Writes a synthesized catalog of `products` products to `path`.
    static func write(products: Int, to path: String) throws {
        try CatalogSynthesizer.plist(products: products).write(to: URL(fileURLWithPath: path))
    }
}
