import COpenSSL
import LibCryptoSupport

extension SigningIdentity {
    /// The labels of the text form's blocks, in order.
    static let pemLabels = ["CERTIFICATE", "CERTIFICATE", "CERTIFICATE", "PRIVATE KEY"]

    /// The text form: PEM blocks of the leaf, intermediate and root certificates, then the leaf's
    /// PKCS#8 private key. ``init(pemText:)`` reads it back to an equal identity.
    public var pemText: String {
        zip(certificateChain + [leafPrivateKey], Self.pemLabels).map { PEMBlocks.encode($0, label: $1) }.joined()
    }

    /// Reads the text form ``pemText`` writes.
    ///
    /// - Throws: ``SigningIdentityError`` when a block is missing, malformed or extra, a certificate
    ///   or the key cannot be read, a certificate is not signed by the next one's key (so an identity
    ///   made with a signer option of ``Options`` does not read back), or the key is not the leaf's.
    ///   Nothing is ever made up instead.
    public init(pemText: String) throws(SigningIdentityError) {
        let blocks = try PEMBlocks.decode(pemText, labels: Self.pemLabels)
        var certificates: [X509Certificate] = []
        for position in 0..<3 {
            do {
                certificates.append(try X509Certificate(der: blocks[position]))
            } catch {
                throw SigningIdentityError(.unreadableCertificate(position: position, detail: error.description))
            }
        }
        for position in 0..<3 {
            let issuer = certificates[min(position + 1, 2)]
            let verified = withExtendedLifetime(certificates) {
                X509_verify(certificates[position].pointer, X509_get0_pubkey(issuer.pointer))
            }
            ERR_clear_error()
            guard verified == 1 else { throw SigningIdentityError(.brokenSignature(position: position)) }
        }
        let key: P256Key
        do {
            key = try P256Key(pkcs8: blocks[3])
        } catch {
            throw SigningIdentityError(.unreadableKey(detail: error.description))
        }
        let leafKey: P256Key
        do {
            leafKey = try certificates[0].publicKey()
        } catch {
            throw SigningIdentityError(.unreadableCertificate(position: 0, detail: error.description))
        }
        guard key.hasSamePublicKey(as: leafKey) else { throw SigningIdentityError(.keyDoesNotMatchLeaf) }
        self.init(root: blocks[2], intermediate: blocks[1], leaf: blocks[0], leafPrivateKey: blocks[3])
    }
}
