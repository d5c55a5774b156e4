import Foundation
import HTTPAPISupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct BearerJSONRequestTests {
    @Test func aRequestCarriesTheTokenAndAsksForJSON() {
        let url = URL(string: "https://api.example.com/v1/items/7")!
        let request = BearerJSONRequest.make(url: url, method: "GET", token: "abc", body: nil, timeout: 12)
        #expect(request.url == url)
        #expect(request.httpMethod == "GET")
        #expect(request.timeoutInterval == 12)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(request.httpBody == nil)
    }

    @Test func aBodyIsSentAsJSON() {
        let body = Data(#"{"a":1}"#.utf8)
        let request = BearerJSONRequest.make(
            url: URL(string: "https://api.example.com/p")!, method: "PUT", token: "t", body: body, timeout: 30)
        #expect(request.httpMethod == "PUT")
        #expect(request.httpBody == body)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }
}
