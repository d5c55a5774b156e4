import Foundation
import Testing

@testable import SimulatedAppStore

struct RenewalExtensionRecordTests {
    private let record = RenewalExtensionRecord(
        originalNumber: 12, requestIdentifier: "request-ü-1", date: 1_767_225_600.5, renewalDate: 1_769_904_000)

    @Test func theRecordRoundTripsUnderItsOwnTag() throws {
        let data = AccountRecord.renewalExtension(record).data
        #expect(data.first == 16)
        var reader = BinaryReader(data)
        #expect(try AccountRecord(from: &reader) == .renewalExtension(record))
        #expect(reader.isAtEnd)
    }

    @Test func aSnapshotKeepsTheExtensionsAndAClearForgetsThem() throws {
        var account = SimulatedAccount()
        account.apply(.renewalExtension(record))
        var second = record
        second.requestIdentifier = "request-2"
        account.apply(.renewalExtension(second))
        let rebuilt = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(rebuilt.renewalExtensions[12] == [record, second])
        account.apply(.clear)
        #expect(account.renewalExtensions.isEmpty)
    }
}
