import Foundation
import HTTPAPISupport
import Testing

struct APIHandlerRequestTests {
    @Test func headerNamesAreComparedWithoutCase() {
        let request = APIHandlerRequest(
            method: "GET", path: "/", headers: ["Authorization": "Bearer t", "X-Custom": "1"])
        #expect(request.header("authorization") == "Bearer t")
        #expect(request.header("AUTHORIZATION") == "Bearer t")
        #expect(request.header("x-custom") == "1")
        #expect(request.header("missing") == nil)
        #expect(request.headers.keys.sorted() == ["authorization", "x-custom"])
    }

    @Test func queryValuesAreReadInOrderAndTheLastOneWins() {
        let request = APIHandlerRequest(
            method: "GET", path: "/",
            query: [
                URLQueryItem(name: "status", value: "1"), URLQueryItem(name: "other", value: "x"),
                URLQueryItem(name: "status", value: "2"), URLQueryItem(name: "status", value: nil),
            ])
        #expect(request.queryValues("status") == ["1", "2"])
        #expect(request.queryValue("other") == "x")
        #expect(request.queryValue("status") == nil)
        #expect(request.queryValue("missing") == nil)
        #expect(request.queryValues("missing").isEmpty)
    }
}
