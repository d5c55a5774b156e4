/// Private keys in PEM that are not P-256 ECDSA keys, the only kind receipts are signed with: what a
/// receipt key file may hold that must be refused (never used, never replaced).
package enum ForeignKeys {
    /// A P-384 key (made with `openssl ecparam -name secp384r1 -genkey`, then PKCS #8): elliptic-curve,
    /// but not on the curve receipts use.
    package static let p384 = """
        -----BEGIN PRIVATE KEY-----
        MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDAS3MBGfOUuSXa88e8Q
        QrXkq4gJrZVg1VVV5+/59OIzLiIJyzyxeVHYY4VbozrDjaGhZANiAAQ2m/6FmWpb
        UMhJ8mFOJhCeWQ+nXwAacOd0p3Vr1U8zU7PkvseCkidIJTw7MIgypof8ii+zV1DX
        gryIDYQ/7egpXQB1hHSoz5HH1kznY3w8t3Yz0hoaQm/wUOIsZGc0EnY=
        -----END PRIVATE KEY-----

        """

    /// An Ed25519 key (made with `openssl genpkey -algorithm ed25519`): not an elliptic-curve key for
    /// ECDSA at all.
    package static let ed25519 = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIPbUkitFklrM41H8fneXKfgGm/u3bv1pc/LFf4WOAFyJ
        -----END PRIVATE KEY-----

        """
}
