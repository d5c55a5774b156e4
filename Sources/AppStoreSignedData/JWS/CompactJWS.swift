import Foundation

/// A compact JWS (RFC 7515 section 7.1), `base64url(header).base64url(payload).base64url(signature)`,
/// split and decoded but not verified.
///
/// Guarantees: made only from text of at most ``maximumLength`` bytes with exactly three non-empty
/// parts, each canonical unpadded base64url (``Base64URL``), whose header is a JSON object; every
/// other input is a ``CompactJWSError``, never a crash. Nothing here says the data is authentic: that
/// is ``SignedDataVerifier``'s job.
public struct CompactJWS: Sendable, Hashable {
    /// The largest token accepted, in bytes: App Store signed data is a few kilobytes.
    public static let maximumLength = 65_536

    /// The decoded header.
    public let header: JWSHeader
    /// The header's bytes (JSON), as signed.
    public let headerBytes: [UInt8]
    /// The payload's bytes (JSON for App Store data).
    public let payload: [UInt8]
    /// The signature's bytes (64 for ES256: r then s).
    public let signature: [UInt8]
    /// What the signature signs: the first two parts, as written, joined by a dot.
    public let signingInput: [UInt8]

    /// Splits and decodes `token`.
    ///
    /// - Throws: ``CompactJWSError`` when the token is too large, does not have three non-empty
    ///   base64url parts, or its header is not a JSON object.
    public init(_ token: String) throws(CompactJWSError) {
        let bytes = Array(token.utf8.prefix(Self.maximumLength + 1))
        guard bytes.count <= Self.maximumLength else {
            throw CompactJWSError(.tooLarge(length: token.utf8.count))
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw CompactJWSError(.wrongPartCount(parts.count)) }
        let names: [CompactJWSError.Part] = [.header, .payload, .signature]
        var decoded: [[UInt8]] = []
        for (part, name) in zip(parts, names) {
            guard !part.isEmpty else { throw CompactJWSError(.emptyPart(name)) }
            guard let value = Base64URL.decode(String(decoding: part, as: UTF8.self)), !value.isEmpty else {
                throw CompactJWSError(.invalidBase64URL(name))
            }
            decoded.append(value)
        }
        do {
            header = try JSONDecoder().decode(JWSHeader.self, from: Data(decoded[0]))
        } catch {
            throw CompactJWSError(.headerNotJSON(detail: Self.summary(of: error)))
        }
        headerBytes = decoded[0]
        payload = decoded[1]
        signature = decoded[2]
        signingInput = Array(bytes[..<(parts[0].count + 1 + parts[1].count)])
    }

    /// A short English account of a decoding error, for logs.
    static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
