import PurchaseCore
import SimulatedAppStore
import Testing

struct DownloadTests {
    private func boughtLevels(
        controls: SessionControls = SessionControls()
    ) async throws -> (PaymentQueue, RecordingObserver, Download) {
        var controls = controls
        controls.downloadBytesPerSecond = 1_000_000
        let (queue, observer) = try await makeQueue(controls: controls)
        let added = await queue.buy(TestCatalog.levels)
        let purchased = try #require(observer.latest(added.id))
        let download = try #require(purchased.downloads.first)
        return (queue, observer, download)
    }

    private func states(_ observer: RecordingObserver) -> [String] {
        observer.log.filter { $0.hasPrefix("download:") }
    }

    @Test func purchasedHostedContentWaits() async throws {
        let (_, _, download) = try await boughtLevels()
        #expect(download.state == .waiting)
        #expect(download.expectedContentLength == 10_000_000)
        #expect(download.contentVersion == "1.0")
    }

    @Test func downloadRunsWithTheClockThroughPauseAndResume() async throws {
        let (queue, observer, download) = try await boughtLevels()
        await queue.start([download])
        await queue.advanceTime(by: 4)
        await queue.waitForCallbacks()
        var latest = try #require(await queue.knownDownloads().first)
        #expect(latest.state == .active)
        #expect(abs(latest.progress - 0.4) < 1e-9)
        #expect(abs((latest.timeRemaining ?? 0) - 6) < 1e-9)

        await queue.pause([download])
        await queue.advanceTime(by: 100)
        latest = try #require(await queue.knownDownloads().first)
        #expect(latest.state == .paused)
        #expect(abs(latest.progress - 0.4) < 1e-9)

        await queue.resume([download])
        await queue.advanceTime(by: 6)
        await queue.waitForCallbacks()
        latest = try #require(await queue.knownDownloads().first)
        #expect(latest.state == .finished)
        #expect(latest.progress == 1)
        #expect(
            states(observer) == [
                "download:active", "download:active", "download:paused", "download:active", "download:finished",
            ])
    }

    @Test func cancelledDownloadStops() async throws {
        let (queue, observer, download) = try await boughtLevels()
        await queue.start([download])
        await queue.cancel([download])
        await queue.advanceTime(by: 100)
        await queue.waitForCallbacks()
        #expect(await queue.knownDownloads().first?.state == .cancelled)
        #expect(states(observer) == ["download:active", "download:cancelled"])
    }

    @Test func failingDownloadsFail() async throws {
        var controls = SessionControls()
        controls.failDownloads = true
        let (queue, observer, download) = try await boughtLevels(controls: controls)
        await queue.start([download])
        await queue.waitForCallbacks()
        let failed = try #require(await queue.knownDownloads().first)
        #expect(failed.state == .failed)
        #expect(failed.error != nil)
        #expect(states(observer) == ["download:failed"])
    }

    @Test func onlyWaitingDownloadsStart() async throws {
        let (queue, observer, download) = try await boughtLevels()
        await queue.start([download])
        await queue.start([download])
        await queue.waitForCallbacks()
        #expect(states(observer) == ["download:active"])
    }
}
