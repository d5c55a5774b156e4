/// A CLDR plural category: the grammatical form a language uses for a number.
///
/// The raw values are the keys Apple's `.stringsdict` files use for the forms of a plural variable.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The form for zero, in languages that have one (Arabic 0; not English, French or Russian).
    case zero
    /// The singular-like form (English 1; French 0 and 1; Russian 1, 21, 31... but not 11).
    case one
    /// The dual form, in languages that have one (Arabic 2).
    case two
    /// The paucal form (Russian 2-4, 22-24... but not 12-14; Arabic 3-10, 103-110...).
    case few
    /// The form for many (Russian 0, 5-20, 25-30...; Arabic 11-99, 111-199...; French, Spanish, Italian and
    /// Portuguese whole millions: 1000000, 2000000...).
    case many
    /// The general form every language has; the fallback for a missing category.
    case other

    /// CLDR order: zero, one, two, few, many, other.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
