import CLibCrypto

/// HMAC-SHA256 through libcrypto, for the web shop's order signatures.
enum OrderSignature {
    /// The HMAC-SHA256 of `message` under `secret`, as 64 lowercase hexadecimal digits.
    static func sign(_ message: [UInt8], secret: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let made = secret.withUnsafeBytes { key in
            message.withUnsafeBufferPointer { data in
                HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), data.baseAddress, data.count, &digest, &length)
            }
        }
        precondition(made != nil && length == 32, "libcrypto could not compute an HMAC-SHA256")
        return digest.prefix(Int(length)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// Whether `signature` is the HMAC-SHA256 of `message` under `secret`, compared in constant time
    /// (how many leading digits match tells nothing).
    static func isValid(_ signature: String, of message: [UInt8], secret: [UInt8]) -> Bool {
        let expected = Array(sign(message, secret: secret).utf8)
        let given = Array(signature.utf8)
        guard given.count == expected.count else { return false }
        return CRYPTO_memcmp(given, expected, given.count) == 0
    }
}
