import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore

/// libFuzzer entry point: imports the input as an Xcode StoreKit configuration (`.storekit`) and
/// checks what the importer promises.
///
/// Compiled against the PropertyList, PurchaseCore and PurchaseCatalog modules built by
/// `Fuzz/run-storekit.sh`. Whatever the bytes, the import returns (never throws or crashes); every
/// diagnostic names the file, lies inside it and reads as a sentence with a hint; the catalog is there
/// exactly when no diagnostic is an error, and then it sells through the simulated App Store with
/// products of unique identifiers, each with a price in the deployment's storefront.
@_cdecl("LLVMFuzzerTestOneInput")
public func storeKitFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = tablesLoaded
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let lines = data.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let inputHasPercent = data.contains(UInt8(ascii: "%"))
    let result = StoreKitConfigurationImporter().load(data, path: "fuzz.storekit")
    for diagnostic in result.diagnostics {
        precondition(diagnostic.path == "fuzz.storekit", "diagnostic lost its path: \(diagnostic)")
        precondition(diagnostic.location.line >= 1 && diagnostic.location.line <= lines, "outside: \(diagnostic)")
        precondition(diagnostic.location.column >= 1, "unpositioned: \(diagnostic)")
        let message = diagnostic.message(locale: "en")
        precondition(!message.isEmpty && !message.hasPrefix("catalog."), "no text: \(diagnostic.problem)")
        // A message may quote the input, so a `%@` in it is a placeholder left only when the input has none.
        precondition(
            inputHasPercent || (!message.contains("%@") && !message.contains("%ld")), "placeholder left: \(message)")
        precondition(!diagnostic.hint(locale: "ja").isEmpty, "no hint: \(diagnostic.problem)")
    }
    let locations = result.diagnostics.map(\.location)
    precondition(locations == locations.sorted(), "diagnostics out of order")
    guard let catalog = result.catalog else {
        precondition(result.hasErrors, "no catalog and no error")
        return 0
    }
    precondition(!result.hasErrors, "a catalog despite errors")
    precondition(catalog.deployment.defaultProvider?.kind == .simulatedAppStore, "not the simulated App Store")
    let identifiers = catalog.products.map(\.productID)
    precondition(Set(identifiers).count == identifiers.count, "repeated product identifiers: \(identifiers)")
    for product in catalog.products {
        precondition(product.price(in: catalog.deployment.storefront) != nil, "\(product.productID) has no price")
    }
    return 0
}

/// The built-in message tables load from the sources' resources (see the script), in every language.
private let tablesLoaded: Void = {
    let loaded = MessageTable.loadBuiltIn()
    precondition(loaded.diagnostics.isEmpty && loaded.table.languages.count == 4, "built-in tables: \(loaded)")
}()
