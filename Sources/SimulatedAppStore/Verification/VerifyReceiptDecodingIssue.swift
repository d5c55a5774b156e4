/// A part of a verifyReceipt body that could not be read and was skipped (an element of `in_app`,
/// `latest_receipt_info` or `pending_renewal_info`, or the `receipt`), and why.
public struct VerifyReceiptDecodingIssue: Sendable, Hashable, CustomStringConvertible {
    /// The part skipped, as a path in the body: `latest_receipt_info[0]`, `receipt.in_app[2]`, `receipt`.
    public var part: String
    /// Why it could not be read; its ``VerifyReceiptDecodingError/path`` names the field inside the part
    /// (`receipt.in_app[2].purchase_date_ms`).
    public var error: VerifyReceiptDecodingError

    /// Creates an issue.
    public init(part: String, error: VerifyReceiptDecodingError) {
        self.part = part
        self.error = error
    }

    /// `<part> skipped: <reason>`, in English (`in_app[0] skipped: in_app[0].purchase_date_ms: the date
    /// is out of range; ...`).
    public var description: String { "\(part) skipped: \(error.reason)" }

    /// The same issue of a part found inside `container` (a receipt's issue seen from the body).
    func inside(_ container: String) -> VerifyReceiptDecodingIssue {
        VerifyReceiptDecodingIssue(part: container + "." + part, error: error)
    }
}
