import PurchaseKit
import Testing

@testable import PurchaseKitCLI

/// The tool finds its language only when it has a text to render, once a run, so that a command that
/// prints nothing localized reads no catalog for it.
@Suite struct ConsoleLanguageTests {
    @Test func theLanguageIsFoundOnceAndOnlyWhenATextIsRendered() {
        let calls = Locked(0)
        let console = Console {
            calls.withLock { $0 += 1 }
            return ToolLocale(identifier: "ja", table: .builtIn)
        }
        let copy = console
        #expect(calls.withLock { $0 } == 0)
        let first = copy.text(.fileNotFound("a.plist"))
        let second = console.text(.fileNotFound("a.plist"))
        #expect(calls.withLock { $0 } == 1)
        #expect(first == second)
        #expect(first != Console(locale: "en").text(.fileNotFound("a.plist")))
        #expect(console.locale == "ja")
    }

    @Test func aGivenLanguageIsUsedAsIs() {
        let console = Console(ToolLocale(identifier: "ru", table: .builtIn))
        #expect(console.locale == "ru")
        #expect(console.text(.fileNotFound("a.plist")) == Console(locale: "ru").text(.fileNotFound("a.plist")))
    }
}
