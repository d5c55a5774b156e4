public import Foundation

/// One value a message substitutes into its text.
///
/// A table's format decides where each argument goes: ``text(_:)``, ``message(_:)``, ``date(_:)`` and
/// ``price(_:)`` fill a `%@` placeholder, ``integer(_:)`` fills `%d`, `%ld` or a plural variable
/// (`%#@count@`). Messages, dates and prices are rendered for the locale the message is rendered in.
public enum MessageArgument: Sendable, Hashable {
    /// Text shown as given (a product's display name, a path).
    case text(String)
    /// Another message, rendered from the same table for the same locale: a reason inside a sentence
    /// (`cannot read the property list: <why>`). Its kind is ``Kind/text``.
    case message(Message)
    /// A whole number; it also chooses the plural form of a plural variable.
    case integer(Int)
    /// A day, shown in the render locale's long date style.
    case date(Date)
    /// An amount of money, shown as the store shows it in the render locale (see ``PriceFormatter``).
    case price(Price)

    /// The kind of placeholder an argument fills.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Filled by a ``MessageArgument/text(_:)`` or a ``MessageArgument/message(_:)`` through `%@`.
        case text
        /// Filled by a ``MessageArgument/integer(_:)`` through `%d`, `%ld` or a plural variable.
        case integer
        /// Filled by a ``MessageArgument/date(_:)`` through `%@`.
        case date
        /// Filled by a ``MessageArgument/price(_:)`` through `%@`.
        case price

        /// Whether a format writes this kind with an object placeholder (`%@`) rather than an integer one.
        public var isObject: Bool { self != .integer }
    }

    /// The kind of this argument.
    public var kind: Kind {
        switch self {
        case .text, .message: .text
        case .integer: .integer
        case .date: .date
        case .price: .price
        }
    }
}
