import Foundation
import PurchaseCore

/// Substitutes a message's arguments into a table entry.
///
/// Total by design: a missing argument renders as nothing, an argument of another kind than its
/// placeholder expects renders as its text, a plural variable with no integer argument uses the form for
/// 0, so no table, however wrong, can crash a render.
struct MessageRenderer {
    /// The table nested messages (``MessageArgument/message(_:)``) are rendered from.
    var table: MessageTable
    var arguments: [MessageArgument]
    var language: String
    var locale: String
    var timeZone: TimeZone

    func render(_ entry: MessageEntry) -> String {
        switch entry {
        case .text(let format):
            return render(MessageFormat(format), variables: [:])
        case .plural(let format, let variables):
            return render(MessageFormat(format), variables: variables)
        }
    }

    private func render(_ format: MessageFormat, variables: [String: PluralVariable]) -> String {
        var text = ""
        for segment in format.segments {
            switch segment {
            case .literal(let literal):
                text += literal
            case .placeholder(let position, _):
                text += string(at: position)
            case .pluralVariable(let name, let position):
                guard let variable = variables[name] else { continue }
                let category = PluralRules.category(for: integer(at: position), language: language)
                // Forms are one level deep: a variable inside a form is not expanded again.
                text += render(MessageFormat(variable.form(for: category), argument: position), variables: [:])
            }
        }
        return text
    }

    private func integer(at position: Int) -> Int {
        guard arguments.indices.contains(position - 1), case .integer(let value) = arguments[position - 1] else {
            return 0
        }
        return value
    }

    private func string(at position: Int) -> String {
        guard arguments.indices.contains(position - 1) else { return "" }
        switch arguments[position - 1] {
        case .text(let text):
            return text
        case .message(let message):
            return table.render(message, locale: locale, timeZone: timeZone)
        case .integer(let value):
            return String(value)
        case .price(let price):
            return PriceFormatter(locale: locale).string(for: price)
        case .date(let date):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: LocaleFallback.canonicalIdentifier(locale) ?? "en_US")
            formatter.timeZone = timeZone
            formatter.dateStyle = .long
            formatter.timeStyle = .none
            return formatter.string(from: date)
        }
    }
}
