import SimulatedAppStore
import Testing

struct AppStoreEnvironmentTests {
    @Test func rawValuesAreVerifyReceiptSpellings() {
        #expect(AppStoreEnvironment(rawValue: "Sandbox") == .sandbox)
        #expect(AppStoreEnvironment(rawValue: "Production") == .production)
        #expect(AppStoreEnvironment(rawValue: "sandbox") == nil)
    }
}
