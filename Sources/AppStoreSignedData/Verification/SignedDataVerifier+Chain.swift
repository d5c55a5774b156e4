import COpenSSL
import Foundation

extension SignedDataVerifier {
    /// A token that passed checks 1 to 3: its parts and its `x5c` text.
    struct DecodedToken {
        var jws: CompactJWS
        /// The three `x5c` entries, as written.
        var chainText: [String]

        /// The three certificates, parsed (check 3).
        func certificates() throws(SignedDataVerificationError) -> [X509Certificate] {
            var certificates: [X509Certificate] = []
            for (position, text) in chainText.enumerated() {
                guard let data = Data(base64Encoded: text), data.base64EncodedString() == text else {
                    throw SignedDataVerificationError(
                        .invalidCertificate, detail: "x5c[\(position)] is not canonical base64")
                }
                do {
                    certificates.append(try X509Certificate(der: Array(data)))
                } catch {
                    throw SignedDataVerificationError(
                        .invalidCertificate, detail: "x5c[\(position)] is not a certificate: \(error)")
                }
            }
            return certificates
        }
    }

    /// Checks 1 to 3, but for parsing the certificates (done when the chain is not cached).
    func decode(_ token: String) throws(SignedDataVerificationError) -> DecodedToken {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token)
        } catch {
            throw SignedDataVerificationError(.invalidFormat, detail: error.description, underlyingError: error)
        }
        guard jws.header.algorithm == "ES256" else {
            throw SignedDataVerificationError(
                .verificationFailed, detail: "algorithm \(jws.header.algorithm ?? "none given"), not ES256")
        }
        guard let chain = jws.header.certificateChain else {
            throw SignedDataVerificationError(.invalidCertificate, detail: "the header has no x5c chain")
        }
        guard chain.count == 3 else {
            throw SignedDataVerificationError(
                .invalidCertificate, detail: "x5c has \(chain.count) certificates, not 3")
        }
        return DecodedToken(jws: jws, chainText: chain)
    }

    /// Checks 3 and 5 to 8 at `date`, through the cache when there is one.
    func verifyChainAndSignature(_ token: DecodedToken, at date: Date) throws(SignedDataVerificationError) {
        let leafKey: P256VerifyingKey
        if let cache, let entry = cache.entry(for: token.chainText, now: now()) {
            try Self.checkWindow(date, from: entry.notBefore, to: entry.notAfter)
            leafKey = entry.leafKey
        } else {
            let entry = try verifyChain(token, at: date)
            cache?.insert(entry, for: token.chainText)
            leafKey = entry.leafKey
        }
        guard let signature = ES256Signature(raw: token.jws.signature) else {
            throw SignedDataVerificationError(
                .verificationFailed, detail: "the signature is \(token.jws.signature.count) bytes, not 64")
        }
        guard leafKey.verify(signature, of: token.jws.signingInput) else {
            throw SignedDataVerificationError(.verificationFailed, detail: "the signature does not verify")
        }
    }

    /// Checks 3 and 5 to 7: the chain at `date`; the verified chain's entry.
    private func verifyChain(_ token: DecodedToken, at date: Date) throws(SignedDataVerificationError)
        -> VerifiedChainCache.Entry
    {
        let certificates = try token.certificates()
        let (leaf, intermediate) = (certificates[0], certificates[1])
        var length: Int32 = 0
        var notBefore: Int64 = 0
        var notAfter: Int64 = 0
        let seconds = Int64(max(min(date.timeIntervalSince1970, 253_402_300_799), 0).rounded(.down))
        let result = withExtendedLifetime((roots, leaf, intermediate)) {
            pk_verify_chain(roots.store, leaf.pointer, intermediate.pointer, seconds, &length, &notBefore, &notAfter)
        }
        guard result == X509_V_OK else {
            let reason =
                result < 0
                ? "the chain could not be checked" : String(cString: X509_verify_cert_error_string(Int(result)))
            let timing = result == X509_V_ERR_CERT_HAS_EXPIRED || result == X509_V_ERR_CERT_NOT_YET_VALID
            throw SignedDataVerificationError(
                timing ? .invalidCertificate : .verificationFailed,
                detail: "the chain does not verify at \(date): \(reason)")
        }
        guard length == 3 else {
            throw SignedDataVerificationError(
                .verificationFailed, detail: "the verified chain has \(length) certificates, not 3")
        }
        guard intermediate.hasExtension(AppleCertificateMarkers.intermediate) else {
            throw SignedDataVerificationError(
                .invalidCertificate, detail: "the intermediate lacks \(AppleCertificateMarkers.intermediate)")
        }
        guard leaf.hasExtension(AppleCertificateMarkers.leaf) else {
            throw SignedDataVerificationError(
                .invalidCertificate, detail: "the leaf lacks \(AppleCertificateMarkers.leaf)")
        }
        let leafKey: P256VerifyingKey
        do {
            leafKey = try P256VerifyingKey(leaf.publicKey())
        } catch {
            throw SignedDataVerificationError(.invalidCertificate, detail: "the leaf key: \(error)")
        }
        if isOnline, let revocationChecker {
            switch revocationChecker.revocationStatus(
                leaf: leaf.der, intermediate: intermediate.der, root: certificates[2].der)
            {
            case .good: break
            case .revoked(let detail):
                throw SignedDataVerificationError(.invalidCertificate, detail: "revoked: \(detail)")
            case .unavailable(let detail):
                throw SignedDataVerificationError(.retryable, detail: "the revocation check failed: \(detail)")
            }
        }
        return VerifiedChainCache.Entry(
            leafKey: leafKey, notBefore: Date(timeIntervalSince1970: TimeInterval(notBefore)),
            notAfter: Date(timeIntervalSince1970: TimeInterval(notAfter)), expires: now() + VerifiedChainCache.lifetime)
    }

    /// Throws as X509_verify_cert does when `date` is outside a cached chain's window.
    private static func checkWindow(_ date: Date, from start: Date, to end: Date) throws(SignedDataVerificationError) {
        let seconds = Date(
            timeIntervalSince1970: max(min(date.timeIntervalSince1970, 253_402_300_799), 0).rounded(.down))
        if seconds < start {
            throw SignedDataVerificationError(
                .invalidCertificate, detail: "the chain does not verify at \(date): certificate is not yet valid")
        }
        if seconds > end {
            throw SignedDataVerificationError(
                .invalidCertificate, detail: "the chain does not verify at \(date): certificate has expired")
        }
    }
}
