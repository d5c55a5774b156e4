extension SimulatedGooglePlay {
    /// The app's license key as Play Console shows it: base64 of the DER SubjectPublicKeyInfo of the
    /// key every purchase's JSON is signed with (made on first use and kept in ``state``).
    ///
    /// - Throws: ``PlaySignatureError`` when the state's key cannot be read or libcrypto cannot make one.
    public func licenseKey() throws(PlaySignatureError) -> String {
        try appSigningKey().licenseKey.base64
    }

    /// The app's signing key: the one of ``PlayStoreState/signingKeyPEM``, or a new one kept there.
    func appSigningKey() throws(PlaySignatureError) -> PlaySigningKey {
        if let signingKey { return signingKey }
        let key: PlaySigningKey
        if let pem = state.signingKeyPEM {
            key = try PlaySigningKey(pemText: pem)
        } else {
            key = try PlaySigningKey.generate()
            state.signingKeyPEM = try key.pemText()
        }
        signingKey = key
        return key
    }
}
