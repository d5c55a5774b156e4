import Foundation

extension Date {
    /// The date as a record gives it back: records hold seconds since 1970 (see README.md in this
    /// module), and `Date` keeps seconds since 2001, so converting there and back may move a date
    /// by a fraction of a microsecond. A state applies the dates of the records it commits in this
    /// form, to be equal to the state every other process rebuilds from the log.
    var asRecorded: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970)
    }
}
