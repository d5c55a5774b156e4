/// The path and the query items of a raw request target (`/a%20b?x=1&y`), percent-decoded.
struct RequestTarget {
    /// The path before `?`, percent-decoded (`+` kept).
    var path: String
    /// The items of the query after `?`, split at `&`, each at its first `=`; percent-decoded with `+`
    /// read as a space; empty items skipped.
    var query: [HTTPQueryItem]

    init(_ raw: String) {
        let bytes = Array(raw.utf8)
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))
        var pathBytes = bytes[..<(mark ?? bytes.endIndex)]
        if let hash = pathBytes.firstIndex(of: UInt8(ascii: "#")) {
            pathBytes = pathBytes[..<hash]
        }
        path = Self.decode(pathBytes, plusIsSpace: false)
        query = []
        guard let mark else { return }
        var queryBytes = bytes[(mark + 1)...]
        if let hash = queryBytes.firstIndex(of: UInt8(ascii: "#")) {
            queryBytes = queryBytes[..<hash]
        }
        for item in queryBytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                query.append(
                    HTTPQueryItem(
                        name: Self.decode(item[..<equals], plusIsSpace: true),
                        value: Self.decode(item[(equals + 1)...], plusIsSpace: true)))
            } else {
                query.append(HTTPQueryItem(name: Self.decode(item, plusIsSpace: true), value: nil))
            }
        }
    }

    /// `bytes` with each `%XX` replaced by its byte (a `%` without two hex digits kept as it is), read
    /// as UTF-8 with invalid sequences replaced.
    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
