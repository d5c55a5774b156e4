import PurchaseCore

/// A message table's format string, split into literal text and placeholders.
///
/// Understands the subset of Apple's format syntax that message tables use: `%@` (an object: text, date
/// or price), `%d`, `%i`, `%u` with an optional `h`, `hh`, `l`, `ll`, `q` or `z` length (an integer), the
/// positional forms `%1$@` and `%2$ld`, plural variables `%#@name@` (and `%1$#@name@`) whose forms live
/// in a `.stringsdict`, and `%%` for a percent sign. Any other `%` sequence is kept as literal text, so
/// parsing never fails and rendering never crashes.
///
/// Placeholders without a position take the next argument in order (1, 2, ...); positioned ones do not
/// move that counter, as in `printf`.
public struct MessageFormat: Sendable, Hashable {
    /// What a placeholder expects.
    public enum Conversion: Sendable, Hashable {
        /// `%@`: text, a date or a price.
        case object
        /// `%d`, `%ld` and the like, or a plural variable: a whole number.
        case integer
    }

    /// A piece of a format.
    public enum Segment: Sendable, Hashable {
        /// Text shown as it is (`%%` already turned into `%`).
        case literal(String)
        /// A placeholder for the argument at a 1-based position.
        case placeholder(position: Int, conversion: Conversion)
        /// A plural variable, `%#@name@`, chosen by the integer argument at a 1-based position.
        case pluralVariable(name: String, position: Int)
    }

    /// The pieces, in order.
    public var segments: [Segment]

    /// Parses `text`. With `argument`, every placeholder without an explicit position refers to that
    /// argument: this is how the forms of a plural variable refer to the variable's own number.
    public init(_ text: String, argument: Int? = nil) {
        // Every render parses its text: the few hundred texts of the tables are parsed once.
        let key = ParsedKey(text: text, argument: argument)
        if let known = Self.parsed.withLock({ $0[key] }) {
            segments = known
            return
        }
        var parser = Parser(scalars: Array(text.unicodeScalars), fixedPosition: argument)
        segments = parser.parse()
        Self.parsed.withLock { if $0.count < Self.parsedLimit { $0[key] = segments } }
    }

    private struct ParsedKey: Hashable {
        var text: String
        var argument: Int?
    }

    /// Texts already parsed; bounded, so that texts read from files cannot grow it without end.
    private static let parsed = Locked<[ParsedKey: [Segment]]>([:])
    private static let parsedLimit = 4096

    /// The conversion each argument position expects, or `nil` when two placeholders disagree about one
    /// position.
    public var conversions: [Int: Conversion]? {
        var result: [Int: Conversion] = [:]
        for segment in segments {
            let position: Int
            let conversion: Conversion
            switch segment {
            case .literal: continue
            case .placeholder(let at, let kind): (position, conversion) = (at, kind)
            case .pluralVariable(_, let at): (position, conversion) = (at, .integer)
            }
            if let known = result[position], known != conversion { return nil }
            result[position] = conversion
        }
        return result
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let fixedPosition: Int?
        var index = 0
        var nextPosition = 1
        var literal = String.UnicodeScalarView()
        var segments: [Segment] = []

        init(scalars: [Unicode.Scalar], fixedPosition: Int?) {
            self.scalars = scalars
            self.fixedPosition = fixedPosition
        }

        mutating func parse() -> [Segment] {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "%", let (segment, end) = specifier(at: index + 1) {
                    if case .literal(let text) = segment {
                        literal.append(contentsOf: text.unicodeScalars)
                    } else {
                        flush()
                        segments.append(segment)
                    }
                    index = end
                } else {
                    literal.append(scalar)
                    index += 1
                }
            }
            flush()
            return segments
        }

        private mutating func flush() {
            if !literal.isEmpty {
                segments.append(.literal(String(literal)))
                literal = String.UnicodeScalarView()
            }
        }

        /// The specifier starting after a `%` at `start`, and the index after it; `nil` when it is none.
        private mutating func specifier(at start: Int) -> (Segment, Int)? {
            var cursor = start
            guard cursor < scalars.count else { return nil }
            if scalars[cursor] == "%" { return (.literal("%"), cursor + 1) }
            var explicit: Int?
            var digits = 0
            var value = 0
            while cursor < scalars.count, let digit = Self.digit(scalars[cursor]), digits < 3 {
                value = value * 10 + digit
                digits += 1
                cursor += 1
            }
            if digits > 0 {
                guard cursor < scalars.count, scalars[cursor] == "$", value > 0 else { return nil }
                explicit = value
                cursor += 1
            }
            guard cursor < scalars.count else { return nil }
            if scalars[cursor] == "@" {
                return (.placeholder(position: position(explicit), conversion: .object), cursor + 1)
            }
            if scalars[cursor] == "#" {
                guard cursor + 1 < scalars.count, scalars[cursor + 1] == "@" else { return nil }
                var end = cursor + 2
                var name = String.UnicodeScalarView()
                while end < scalars.count, scalars[end] != "@" {
                    name.append(scalars[end])
                    end += 1
                }
                guard end < scalars.count, !name.isEmpty else { return nil }
                return (.pluralVariable(name: String(name), position: position(explicit)), end + 1)
            }
            for length in ["ll", "hh", "l", "h", "q", "z", ""] {
                let lengthScalars = Array(length.unicodeScalars)
                let after = cursor + lengthScalars.count
                guard after < scalars.count, Array(scalars[cursor..<after]) == lengthScalars else { continue }
                if ["d", "i", "u"].contains(scalars[after]) {
                    return (.placeholder(position: position(explicit), conversion: .integer), after + 1)
                }
            }
            return nil
        }

        private mutating func position(_ explicit: Int?) -> Int {
            if let explicit { return explicit }
            if let fixedPosition { return fixedPosition }
            defer { nextPosition += 1 }
            return nextPosition
        }

        private static func digit(_ scalar: Unicode.Scalar) -> Int? {
            scalar.value >= 48 && scalar.value <= 57 ? Int(scalar.value - 48) : nil
        }
    }
}
