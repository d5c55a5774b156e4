import Foundation
import PurchaseCatalog
import PurchaseCore

/// The language of a response: the first language of the request's `Accept-Language` (by weight,
/// then order) that a message table has, through CLDR-style fallback (`zh-CN` reads `zh-Hans`,
/// `ja-JP` reads `ja`); else the deployment's locale.
enum ResponseLanguage {
    /// The locale to render in for `acceptLanguage` with `table`, `fallback` when none fits.
    static func locale(for acceptLanguage: String?, table: MessageTable, fallback: String) -> String {
        guard let acceptLanguage, !acceptLanguage.isEmpty else { return fallback }
        let known = Set(table.languages + table.overriddenLanguages)
        var ranges: [(tag: String, weight: Double, order: Int)] = []
        for (order, part) in acceptLanguage.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";")
            guard let first = pieces.first else { continue }
            let tag = first.trimmingCharacters(in: .whitespaces)
            var weight = 1.0
            for parameter in pieces.dropFirst() {
                let trimmed = parameter.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { weight = value }
            }
            if weight > 0, !tag.isEmpty, tag != "*" { ranges.append((tag, weight, order)) }
        }
        ranges.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }
        for range in ranges {
            guard let canonical = LocaleFallback.canonicalIdentifier(range.tag) else { continue }
            if LocaleFallback.candidates(for: canonical).contains(where: known.contains) { return canonical }
        }
        return fallback
    }
}
