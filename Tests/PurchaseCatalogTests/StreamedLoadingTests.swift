import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

/// Loading a file or bytes validates products while the reader streams them; loading a tree already
/// read decodes it whole. Both must give the same catalog and the same diagnostics, whatever the order
/// and repetition of the root's sections (the streamed path falls back to a whole read when needed).
struct StreamedLoadingTests {
    private static func entry(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
        PropertyListEntry(key: key, value: PropertyListNode(value))
    }

    /// The synthesized catalog's root entries, with one product broken and one given an undeclared price.
    private static func sections(products: Int = 12) -> [String: PropertyListEntry] {
        guard case .dictionary(let entries) = CatalogSynthesizer.catalog(products: products) else { return [:] }
        var byKey: [String: PropertyListEntry] = [:]
        for entry in entries { byKey[entry.key] = entry }
        return byKey
    }

    private static func productsWithProblems() -> PropertyListEntry {
        guard case .array(var items) = sections()["Products"]?.value.value else { return entry("Products", .array([])) }
        if case .dictionary(var fields) = items[3].value {
            fields.append(entry("Colour", .string("red")))
            fields.removeAll { $0.key == "Type" }
            items[3].value = .dictionary(fields)
        }
        if case .dictionary(var fields) = items[5].value,
            let prices = fields.firstIndex(where: { $0.key == "Prices" }),
            case .dictionary(var amounts) = fields[prices].value.value
        {
            amounts.append(entry("FRA", .string("1.00")))
            fields[prices].value.value = .dictionary(amounts)
            items[5].value = .dictionary(fields)
        }
        return entry("Products", .array(items))
    }

    /// Root layouts: the usual order, sections after or repeated around `Products`, missing ones.
    static let layouts: [String] = [
        "CatalogVersion Deployment Storefronts Products",
        "CatalogVersion Products Deployment Storefronts",
        "Storefronts Products Deployment CatalogVersion",
        "CatalogVersion Deployment Storefronts Products Products",
        "CatalogVersion Deployment Storefronts Products Storefronts",
        "CatalogVersion Deployment Storefronts Products Deployment",
        "CatalogVersion Deployment Products",
        "CatalogVersion Storefronts Products",
        "Deployment Storefronts Products Extra",
        "CatalogVersion Deployment Storefronts BrokenProducts Products",
        "CatalogVersion Deployment Storefronts Products BrokenProducts",
        "CatalogVersion Deployment Storefronts ProblemProducts",
        "CatalogVersion Deployment Storefronts Products ProblemProducts",
        "CatalogVersion Deployment Storefronts EmptyProducts",
    ]

    private static func document(_ layout: String) throws -> Data {
        let sections = sections()
        let entries = layout.split(separator: " ").map { name -> PropertyListEntry in
            switch name {
            case "Extra": entry("Extra", .integer(PropertyListInteger(Int64(3))))
            case "BrokenProducts": entry("Products", .string("none"))
            case "ProblemProducts": productsWithProblems()
            case "EmptyProducts": entry("Products", .array([]))
            default: sections[String(name)] ?? entry(String(name), .boolean(true))
            }
        }
        return try PropertyListWriter().write(.dictionary(entries))
    }

    @Test(arguments: layouts)
    func givesTheSameResultAsDecodingTheWholeTree(layout: String) throws {
        let data = try Self.document(layout)
        let tree = try PropertyListReader().read(data, path: "catalog.plist")
        let whole = CatalogLoader().load(tree, path: "catalog.plist")
        let streamed = CatalogLoader().load(data, path: "catalog.plist")
        #expect(streamed.catalog == whole.catalog)
        #expect(streamed.diagnostics.map(\.description) == whole.diagnostics.map(\.description))

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).plist")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = CatalogLoader().load(contentsOfFile: url.path)
        let wholeAtPath = CatalogLoader().load(tree, path: url.path)
        #expect(fromFile.catalog == wholeAtPath.catalog)
        #expect(fromFile.diagnostics.map(\.description) == wholeAtPath.diagnostics.map(\.description))
    }

    @Test func streamsFromABareRootDictionaryToo() throws {
        // Without <plist>, the root dict is the outermost element.
        var text = String(decoding: try Self.document(Self.layouts[11]), as: UTF8.self)
        text = text.replacingOccurrences(of: "<plist version=\"1.0\">", with: "")
            .replacingOccurrences(of: "</plist>", with: "")
        let data = Data(text.utf8)
        let tree = try PropertyListReader().read(data)
        let whole = CatalogLoader().load(tree)
        let streamed = CatalogLoader().load(data)
        #expect(whole.diagnostics.count >= 3)
        #expect(streamed.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
        let usual = String(decoding: try Self.document(Self.layouts[0]), as: UTF8.self)
            .replacingOccurrences(of: "<plist version=\"1.0\">", with: "").replacingOccurrences(
                of: "</plist>", with: "")
        #expect(try CatalogLoader().load(Data(usual.utf8)).get().products.count == 12)
    }

    @Test func loadsTheUsualLayoutIntoACatalogAndFindsTheProblems() throws {
        let usual = CatalogLoader().load(try Self.document(Self.layouts[0]))
        #expect(try usual.get().products.count == 12)
        #expect(usual.diagnostics.isEmpty)
        let repeated = CatalogLoader().load(try Self.document(Self.layouts[3]))
        #expect(repeated.catalog == nil)
        #expect(repeated.diagnostics.count == 1)
        let problems = CatalogLoader().load(try Self.document(Self.layouts[11]))
        #expect(problems.catalog == nil)
        #expect(problems.diagnostics.count >= 3)
    }
}
