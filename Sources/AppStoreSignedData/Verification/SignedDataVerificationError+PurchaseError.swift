public import PurchaseCore

extension SignedDataVerificationError {
    /// The core's error for this failure: `PurchaseError.Code.verificationUnavailable` (retryable) for
    /// ``Kind/retryable``, `PurchaseError.Code.verificationFailed` for every other kind, with
    /// ``detail`` and this error as its underlying error.
    public var purchaseError: PurchaseError {
        PurchaseError(
            kind == .retryable ? .verificationUnavailable : .verificationFailed,
            detail: "\(kind): \(detail)", underlyingError: self)
    }
}
