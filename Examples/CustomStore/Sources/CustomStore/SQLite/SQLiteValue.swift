/// A value bound to a statement's parameter: what SQLite stores in a column.
enum SQLiteValue: Sendable, Hashable {
    /// A 64-bit integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// No value.
    case null

    /// An integer value.
    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }

    /// A real value, or null.
    static func real(_ value: Double?) -> SQLiteValue { value.map(SQLiteValue.real) ?? .null }
}
