public import PurchaseCore

/// The text of one key in one language, as a table file gives it.
public enum MessageEntry: Sendable, Hashable {
    /// A format from `Localizable.strings`.
    case text(String)
    /// A format from `Localizable.stringsdict` whose `%#@name@` variables choose a plural form.
    case plural(format: String, variables: [String: PluralVariable])

    /// The conversion each argument position expects across the format and every plural form, or `nil`
    /// when two placeholders disagree about a position or a form names no variable the format has.
    public var conversions: [Int: MessageFormat.Conversion]? {
        switch self {
        case .text(let format):
            return MessageFormat(format).conversions
        case .plural(let format, let variables):
            let outer = MessageFormat(format)
            guard var result = outer.conversions else { return nil }
            for case .pluralVariable(let name, let position) in outer.segments {
                guard let variable = variables[name] else { return nil }
                for form in variable.forms.values {
                    guard let inner = MessageFormat(form, argument: position).conversions else { return nil }
                    for (at, conversion) in inner {
                        if let known = result[at], known != conversion { return nil }
                        result[at] = conversion
                    }
                }
            }
            return result
        }
    }

    /// The entry as a translator reads it: the format itself, or for a plural entry each variable's forms
    /// in CLDR order as `one: … | other: …` in place of the variable.
    public var sourceText: String {
        switch self {
        case .text(let format):
            return format
        case .plural(let format, let variables):
            var text = ""
            for segment in MessageFormat(format).segments {
                switch segment {
                case .literal(let literal):
                    text += literal.replacingPercent()
                case .placeholder(let position, let conversion):
                    text += "%\(position)$" + (conversion == .object ? "@" : "ld")
                case .pluralVariable(let name, _):
                    let forms = variables[name]?.forms.sorted { $0.key < $1.key } ?? []
                    text += forms.map { "\($0.key.rawValue): \($0.value)" }.joined(separator: " | ")
                }
            }
            return text
        }
    }
}

/// The forms of one plural variable of a `.stringsdict` entry (`NSStringPluralRuleType`).
public struct PluralVariable: Sendable, Hashable {
    /// The `NSStringFormatValueTypeKey`, e.g. `ld` or `d`.
    public var valueType: String
    /// The text for each category the table gives; `PluralCategory.other` is always present.
    public var forms: [PluralCategory: String]

    /// Creates a variable.
    public init(valueType: String, forms: [PluralCategory: String]) {
        self.valueType = valueType
        self.forms = forms
    }

    /// The form for `category`, or the `other` form when the table gives none for it.
    public func form(for category: PluralCategory) -> String {
        forms[category] ?? forms[.other] ?? ""
    }
}

extension String {
    fileprivate func replacingPercent() -> String {
        var result = ""
        for character in self {
            result += character == "%" ? "%%" : String(character)
        }
        return result
    }
}
