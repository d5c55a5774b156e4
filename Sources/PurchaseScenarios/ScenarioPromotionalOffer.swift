public import Foundation
public import SimulatedAppStore

/// A promotional offer a scenario step signs as the app's server would, at the moment the step runs:
/// which offer, the key that signs it and how, for the refusals a scenario shows (a nonce used
/// again, a signature too old).
public struct ScenarioPromotionalOffer: Sendable {
    /// The offer's identifier, as the catalog declares it.
    public var offerID: String
    /// The identifier of the signing key.
    public var keyID: String
    /// The private key that signs.
    public var key: ReceiptSigningKey
    /// The nonce to sign; `nil` for a fresh one.
    public var nonce: UUID?
    /// How long before the step the offer says it was signed (negative: after).
    public var signedSecondsAgo: TimeInterval

    /// Creates an offer to sign.
    public init(
        offerID: String, keyID: String, key: ReceiptSigningKey, nonce: UUID? = nil, signedSecondsAgo: TimeInterval = 0
    ) {
        self.offerID = offerID
        self.keyID = keyID
        self.key = key
        self.nonce = nonce
        self.signedSecondsAgo = signedSecondsAgo
    }

    /// The nonce a scenario's `Nonce` text stands for: the UUID it spells, else one made from its
    /// bytes, so that two steps writing the same text sign the same nonce.
    public static func nonce(named text: String) -> UUID {
        if let uuid = UUID(uuidString: text) { return uuid }
        var bytes = [UInt8](repeating: 0, count: 16)
        for (index, byte) in text.utf8.enumerated() {
            bytes[index % 16] = bytes[index % 16] &* 31 &+ byte
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
