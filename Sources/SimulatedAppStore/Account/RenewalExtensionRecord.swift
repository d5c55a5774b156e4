/// One renewal-date extension the App Store Server API made to a subscription: which subscription,
/// the request's identifier, when (the store's clock) and the renewal date it moved to.
///
/// Binary layout, after ``AccountRecord``'s tag 16: the original number (varint), the request
/// identifier (string), the date and the new renewal date (doubles, seconds since 1970).
struct RenewalExtensionRecord: Sendable, Hashable {
    var originalNumber: UInt64
    var requestIdentifier: String
    var date: Double
    var renewalDate: Double

    func encode(into writer: inout BinaryWriter) {
        writer.varint(originalNumber)
        writer.string(requestIdentifier)
        writer.double(date)
        writer.double(renewalDate)
    }

    init(originalNumber: UInt64, requestIdentifier: String, date: Double, renewalDate: Double) {
        self.originalNumber = originalNumber
        self.requestIdentifier = requestIdentifier
        self.date = date
        self.renewalDate = renewalDate
    }

    init(from reader: inout BinaryReader) throws {
        originalNumber = try reader.varint()
        requestIdentifier = try reader.string()
        date = try reader.double()
        renewalDate = try reader.double()
    }
}
