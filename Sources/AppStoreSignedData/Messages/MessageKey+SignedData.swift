public import PurchaseCore

/// The keys of why App Store signed data was not accepted (`signedData.<kind>`), one per
/// ``SignedDataVerificationError/Kind``.
extension MessageKey {
    /// The data is not in the expected format.
    public static let signedDataInvalidFormat = MessageKey("signedData.invalidFormat")
    /// The data's certificates are not valid App Store certificates.
    public static let signedDataInvalidCertificate = MessageKey("signedData.invalidCertificate")
    /// The data's signature could not be verified.
    public static let signedDataVerificationFailed = MessageKey("signedData.verificationFailed")
    /// The data is for another app.
    public static let signedDataWrongBundleID = MessageKey("signedData.wrongBundleID")
    /// The data is from another App Store environment.
    public static let signedDataWrongEnvironment = MessageKey("signedData.wrongEnvironment")
    /// The data could not be checked now; trying again later may work.
    public static let signedDataRetryable = MessageKey("signedData.retryable")

    /// Every key this module declares, in the order above.
    public static let signedDataKeys: [MessageKey] = [
        .signedDataInvalidFormat, .signedDataInvalidCertificate, .signedDataVerificationFailed,
        .signedDataWrongBundleID, .signedDataWrongEnvironment, .signedDataRetryable,
    ]
}
