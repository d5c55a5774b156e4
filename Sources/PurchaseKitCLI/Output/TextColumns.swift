/// Lays out rows of cells in columns for a terminal: each column as wide as its widest cell, two
/// spaces between columns, no padding after the last cell of a row.
///
/// Width is what a terminal shows, not a count of characters: East Asian wide and full-width
/// characters (Japanese, Chinese, Korean, full-width punctuation) take two cells, combining marks
/// none, so columns of Japanese or Chinese words line up as well as English ones.
struct TextColumns {
    /// The rows; a row may have fewer cells than others.
    var rows: [[String]]
    /// Columns whose cells are aligned to the right (prices, counts), by index.
    var rightAligned: Set<Int> = []

    /// The rows laid out, each ending in a line feed; `indent` goes before every row.
    func text(indent: String = "") -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: count)
        for row in rows {
            // The last cell of a row is never padded, so it does not widen its column.
            for (index, cell) in row.enumerated() where index < row.count - 1 {
                widths[index] = max(widths[index], Self.width(of: cell))
            }
        }
        var text = ""
        for row in rows {
            text += indent
            for (index, cell) in row.enumerated() {
                let isLast = index == row.count - 1
                let padding = String(repeating: " ", count: max(0, widths[index] - Self.width(of: cell)))
                if rightAligned.contains(index) {
                    text += padding + cell
                } else {
                    text += cell + (isLast ? "" : padding)
                }
                if !isLast { text += "  " }
            }
            text += "\n"
        }
        return text
    }

    /// The cells a terminal gives `text`.
    static func width(of text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x300 {
                width += 1
            } else if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark || value == 0x200B || value == 0x200F
                || value == 0x200E
            {
                continue
            } else if isWide(value) {
                width += 2
            } else {
                width += 1
            }
        }
        return width
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth W and F).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
