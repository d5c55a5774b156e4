/// Finds the spelling a person most likely meant, for "did you mean" suggestions.
package enum ClosestMatch {
    /// The longest list of candidates worth searching.
    static let maximumCandidates = 256

    /// The candidate nearest to `text` by edit distance (insertions, deletions, substitutions and swaps of
    /// neighbours, ignoring case), or `nil` when none is near enough: at most a third of the longer word
    /// plus one, and never more than 3 edits. Ties go to the earlier candidate. Lists longer than
    /// ``maximumCandidates`` get no suggestion, so a hostile file cannot make every lookup quadratic.
    package static func find(_ text: String, in candidates: [String]) -> String? {
        guard candidates.count <= maximumCandidates else { return nil }
        let word = Array(text.lowercased().unicodeScalars)
        var best: String?
        var bestDistance = Int.max
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            let limit = min(3, max(word.count, other.count) / 3 + 1)
            guard abs(word.count - other.count) <= limit else { continue }
            let distance = editDistance(word, other)
            if distance <= limit && distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// Optimal-string-alignment distance: Levenshtein plus transpositions of adjacent characters.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
