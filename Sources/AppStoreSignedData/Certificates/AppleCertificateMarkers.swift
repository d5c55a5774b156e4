/// The certificate extensions Apple marks its signed-data certificates with, as dotted OIDs.
///
/// Guarantees: the values are Apple's; a verifier requires ``intermediate`` on the intermediate
/// certificate and ``leaf`` on the leaf, and the chains ``SigningIdentity`` makes carry them there.
public enum AppleCertificateMarkers {
    /// The marker of the intermediate certificate (Apple Worldwide Developer Relations).
    public static let intermediate = "1.2.840.113635.100.6.2.1"
    /// The marker of the leaf certificate that signs App Store data.
    public static let leaf = "1.2.840.113635.100.6.11.1"
}
