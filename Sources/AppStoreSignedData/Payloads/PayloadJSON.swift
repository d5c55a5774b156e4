public import Foundation

/// The JSON coding of signed-data payloads: what a signer writes and a verifier reads.
///
/// Encoding sorts keys and leaves out absent fields, so one payload always gives the same bytes;
/// decoding ignores fields the type does not know and fails on a field of the wrong JSON type.
public enum PayloadJSON {
    /// The JSON bytes of `payload`.
    public static func encode(_ payload: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(payload)
        } catch {
            // The payload types hold only strings, integers, booleans, UUIDs and arrays of them.
            preconditionFailure("a signed-data payload failed to encode: \(error)")
        }
    }

    /// Decodes a payload of type `Payload` from JSON bytes.
    ///
    /// - Throws: `DecodingError` when the bytes are not JSON of that shape.
    public static func decode<Payload: Decodable>(_ type: Payload.Type, from bytes: some DataProtocol) throws -> Payload
    {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
