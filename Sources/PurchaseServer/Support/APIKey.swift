/// The API key app-facing endpoints require, compared in constant time.
struct APIKey: Sendable {
    private let bytes: [UInt8]

    /// The key `value`, or nil when it is missing or empty (then every app-facing request is refused).
    init?(_ value: String?) {
        guard let value, !value.isEmpty else { return nil }
        bytes = Array(value.utf8)
    }

    /// Whether `header` is `Bearer <this key>`: the comparison takes the same time whatever bytes
    /// differ (it depends only on the lengths).
    func accepts(authorization header: String?) -> Bool {
        guard let header else { return false }
        let given = Array(header.utf8)
        let prefix = Array("Bearer ".utf8)
        guard given.count > prefix.count,
            zip(given.prefix(prefix.count), prefix).allSatisfy({ lowered($0) == lowered($1) })
        else { return false }
        return matches(given.dropFirst(prefix.count))
    }

    /// Whether `value` is this key: the comparison takes the same time whatever bytes differ.
    func accepts(value: String?) -> Bool {
        guard let value else { return false }
        return matches(Array(value.utf8)[...])
    }

    private func matches(_ candidate: ArraySlice<UInt8>) -> Bool {
        var difference = UInt8(truncatingIfNeeded: candidate.count ^ bytes.count)
        for index in 0..<bytes.count {
            let offered = index < candidate.count ? candidate[candidate.startIndex + index] : 0
            difference |= offered ^ bytes[index]
        }
        return difference == 0 && candidate.count == bytes.count
    }

    private func lowered(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
}
