/// Turns product identifiers into Swift case names, the same way every time (Plugins/README.md documents it).
///
/// 1. The leading `.`-separated components that every product ID of the catalog shares (the reverse-DNS
///    prefix, `com.example.`) are dropped, always keeping at least the last component of each ID.
/// 2. What is left is split into words at `.`, `-` and `_`.
/// 3. The first word is lowercased entirely when it has no lowercase letter (`VIP` → `vip`), else only its
///    first letter is (`Gems` → `gems`); every later word gets an uppercase first letter (`100` stays `100`).
/// 4. A name starting with a digit gets a leading `_` (`100gems` → `_100gems`).
/// 5. A name the generated enum already uses for a member (``reservedNames``) gets `Product` appended
///    (`type` → `typeProduct`); a Swift keyword is written in backticks (`` `default` ``).
///
/// Two products whose names come out the same are a ``Collision``; nothing is renamed silently.
enum ProductNaming {
    /// Members the generated enum declares itself, which a case must not shadow.
    static let reservedNames: Set<String> = [
        "id", "type", "storeIDs", "entitlements", "description", "allCases", "rawValue", "hashValue", "init",
        "self", "storeID", "subscriptionGroup",
    ]

    /// Swift keywords that need backticks to be used as a case name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "any", "some",
        "consume", "borrowing", "consuming",
    ]

    /// Two or more products that would get the same case name.
    struct Collision: Error, Equatable {
        /// The case name they share.
        var name: String
        /// The product IDs, in catalog order.
        var productIDs: [String]
    }

    /// The case name of each product ID, in the order given, or every collision found.
    static func caseNames(for productIDs: [String]) -> Result<[String], CollisionList> {
        let prefix = sharedPrefixCount(productIDs)
        let names = productIDs.map { caseName(for: $0, droppingComponents: prefix) }
        var owners: [String: [String]] = [:]
        var order: [String] = []
        for (name, id) in zip(names, productIDs) {
            if owners[name] == nil { order.append(name) }
            owners[name, default: []].append(id)
        }
        let collisions = order.compactMap { name in
            owners[name].flatMap { $0.count > 1 ? Collision(name: name, productIDs: $0) : nil }
        }
        return collisions.isEmpty ? .success(names) : .failure(CollisionList(collisions: collisions))
    }

    /// Every collision of a catalog.
    struct CollisionList: Error, Equatable {
        /// The collisions in the order their names first appear.
        var collisions: [Collision]
    }

    /// How many leading components every ID shares, leaving each ID at least one.
    static func sharedPrefixCount(_ productIDs: [String]) -> Int {
        let split = productIDs.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard let first = split.first else { return 0 }
        let limit = split.map { $0.count - 1 }.min() ?? 0
        var count = 0
        while count < limit, split.allSatisfy({ $0[count] == first[count] }) { count += 1 }
        return count
    }

    /// The case name for one ID after dropping `count` leading components; backticked when a keyword.
    static func caseName(for productID: String, droppingComponents count: Int) -> String {
        let rest = productID.split(separator: ".", omittingEmptySubsequences: false).dropFirst(count)
            .joined(separator: ".")
        var name = camelCase(rest)
        if name.isEmpty { name = "product" }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        if reservedNames.contains(name) { name += "Product" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// Joins the words of `text` (split at `.`, `-`, `_`) in lower camel case.
    static func camelCase(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" }).map(String.init)
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result +=
                    word.contains(where: \.isLowercase)
                    ? word.prefix(1).lowercased() + word.dropFirst() : word.lowercased()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return result
    }
}
