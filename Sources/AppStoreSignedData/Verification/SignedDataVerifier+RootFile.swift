extension SignedDataVerifier {
    /// The DER of the root certificate a deployment's file holds, to give to
    /// ``init(trustedRoots:bundleID:environment:appAppleID:online:revocationChecker:cachesVerifiedChains:now:)``:
    /// DER as Apple distributes its roots (`AppleRootCA-G3.cer`), or one PEM `CERTIFICATE` block.
    ///
    /// - Throws: ``SignedDataVerificationError/Kind/invalidCertificate`` when the contents are neither
    ///   one whole DER certificate nor exactly one PEM certificate block of one.
    public static func trustedRoot(fileContents bytes: [UInt8]) throws(SignedDataVerificationError) -> [UInt8] {
        var der = bytes
        if bytes.first != 0x30 {
            do {
                der = try PEMBlocks.decode(String(decoding: bytes, as: UTF8.self), labels: ["CERTIFICATE"])[0]
            } catch {
                throw SignedDataVerificationError(
                    .invalidCertificate, detail: "the root file is neither DER nor one PEM certificate: \(error)")
            }
        }
        do {
            _ = try X509Certificate(der: der)
        } catch {
            throw SignedDataVerificationError(.invalidCertificate, detail: "the root file's certificate: \(error)")
        }
        return der
    }
}
