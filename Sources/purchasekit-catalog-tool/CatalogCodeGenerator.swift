import Foundation
import PurchaseCore

/// Writes the Swift source the `PurchaseCatalogCodegen` build-tool plugin adds to a target: one enum with a
/// case per product of a catalog, so a misspelt product name is a compile error.
///
/// The output depends only on the catalog and the names given: cases in catalog order, values grouped in
/// the order they first appear, no dates or absolute paths. It needs no import and compiles in Swift 6 mode
/// with every upcoming feature the package enables.
struct CatalogCodeGenerator {
    /// The generated enum's name (`ShopProducts`).
    var typeName: String
    /// The catalog's file name as the header comment shows it (`Shop.catalog.plist`).
    var sourceName: String

    /// Why code could not be generated.
    enum Failure: Error, Equatable {
        /// Two or more products would get the same case name.
        case collisions(ProductNaming.CollisionList)
        /// The catalog has no products (an enum with a raw type needs a case).
        case noProducts
        /// The type name is not a Swift identifier.
        case invalidTypeName(String)
    }

    /// The enum name for a catalog file: its name before `.catalog.plist` (or its extension) in upper camel
    /// case, with `Products` appended unless it already ends so (`Shop.catalog.plist` → `ShopProducts`,
    /// `Products.catalog.plist` → `Products`).
    static func typeName(forFile fileName: String) -> String {
        var base = fileName
        for suffix in [".catalog.plist", ".plist", ".storekit"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        let camel = ProductNaming.camelCase(base)
        var name = camel.prefix(1).uppercased() + camel.dropFirst()
        if name.isEmpty || name.first?.isNumber == true { name = "Catalog" + name }
        return name.hasSuffix("Products") ? name : name + "Products"
    }

    /// The Swift source for `catalog`.
    func generate(_ catalog: Catalog) throws(Failure) -> String {
        guard Self.isIdentifier(typeName) else { throw .invalidTypeName(typeName) }
        let products = catalog.products
        guard !products.isEmpty else { throw .noProducts }
        let names: [String]
        switch ProductNaming.caseNames(for: products.map(\.productID)) {
        case .success(let found): names = found
        case .failure(let list): throw .collisions(list)
        }
        var out = header(catalog)
        for (product, name) in zip(products, names) {
            let shown = product.localization(for: catalog.deployment.locale)?.displayName ?? product.productID
            out += "    /// `\(product.productID)`: \(Self.commentText(shown)) (\(product.type.rawValue)).\n"
            out += "    case \(name) = \(Self.literal(product.productID))\n"
        }
        let members: [(doc: String, declaration: String, values: [String])] = [
            (
                "The product's type.", "public var type: Kind",
                products.map { "." + Self.kindCase($0.type) }
            ),
            (
                "The identifier each store knows the product by, keyed by provider kind (`file`), where it\n"
                    + "    /// differs from ``id``.",
                "public var storeIDs: [String: String]",
                products.map { product in
                    Self.dictionaryLiteral(product.storeIDs.map { ($0.key.rawValue, $0.value) })
                }
            ),
            (
                "The entitlements owning the product grants, in catalog order.", "public var entitlements: [String]",
                products.map { "[" + $0.entitlements.map(Self.literal).joined(separator: ", ") + "]" }
            ),
            (
                "The subscription group of an auto-renewable subscription, else `nil`.",
                "public var subscriptionGroup: String?",
                products.map { $0.subscription.map { Self.literal($0.group) } ?? "nil" }
            ),
        ]
        out += """

                /// The product's `ProductID` in the catalog.
                public var id: String { rawValue }

                /// The product ID, as the catalog and logs write it.
                public var description: String { rawValue }

                /// The identifier the store of provider kind `provider` knows the product by.
                public func storeID(for provider: String) -> String { storeIDs[provider] ?? rawValue }

            """
        for member in members {
            out += "\n    /// \(member.doc)\n    \(member.declaration) {\n        switch self {\n"
            for group in Self.grouped(names: names, values: member.values) {
                out += "        case " + group.names.map { "." + $0 }.joined(separator: ", ") + ": \(group.value)\n"
            }
            out += "        }\n    }\n"
        }
        out += "}\n"
        return out
    }

    private func header(_ catalog: Catalog) -> String {
        """
        // Generated by the PurchaseCatalogCodegen plugin from \(Self.commentText(sourceName)).
        // Do not edit: change the catalog. Case names follow Plugins/README.md ("Case names").

        /// The products of `\(Self.commentText(sourceName))` (deployment `\(Self.commentText(catalog.deployment.name))`),
        /// one case per product: a misspelt product is a compile error.
        public enum \(typeName): String, CaseIterable, Sendable, CustomStringConvertible {
            /// What kind of product a case is: the catalog's `Type`.
            public enum Kind: String, Sendable, CaseIterable {
                /// Used up once bought; can be bought again.
                case consumable = "Consumable"
                /// Bought once and owned for good.
                case nonConsumable = "NonConsumable"
                /// Renews every period until cancelled.
                case autoRenewable = "AutoRenewable"
                /// Lasts a fixed time and does not renew.
                case nonRenewing = "NonRenewing"
            }


        """
    }

    /// Case names sharing a value, in the order each value first appears.
    static func grouped(names: [String], values: [String]) -> [(names: [String], value: String)] {
        var order: [String] = []
        var members: [String: [String]] = [:]
        for (name, value) in zip(names, values) {
            if members[value] == nil { order.append(value) }
            members[value, default: []].append(name.replacingOccurrences(of: "`", with: ""))
        }
        return order.map { (members[$0] ?? [], $0) }
    }

    static func kindCase(_ type: ProductType) -> String {
        switch type {
        case .consumable: "consumable"
        case .nonConsumable: "nonConsumable"
        case .autoRenewable: "autoRenewable"
        case .nonRenewing: "nonRenewing"
        }
    }

    /// A dictionary literal with its entries sorted by key.
    static func dictionaryLiteral(_ entries: [(String, String)]) -> String {
        guard !entries.isEmpty else { return "[:]" }
        let sorted = entries.sorted { $0.0 < $1.0 }
        return "[" + sorted.map { literal($0.0) + ": " + literal($0.1) }.joined(separator: ", ") + "]"
    }

    /// A Swift string literal for `text`: quotes and backslashes escaped, control characters as `\u{…}`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text safe inside a `///` comment: one line.
    static func commentText(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }

    /// Whether `name` is a plain Swift identifier (ASCII letters, digits and `_`, not starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
        }
            && !ProductNaming.keywords.contains(name)
    }
}
