import Foundation
import HTTPAPISupport
import Testing

struct EndpointURLTests {
    @Test(arguments: [
        ("https://api.example.com", "https://api.example.com/v1/items/7"),
        ("https://api.example.com/", "https://api.example.com/v1/items/7"),
        ("http://127.0.0.1:8080/prefix", "http://127.0.0.1:8080/prefix/v1/items/7"),
        ("http://127.0.0.1:8080/prefix/", "http://127.0.0.1:8080/prefix/v1/items/7"),
    ])
    func thePathIsAppendedToTheBasePath(base: String, expected: String) throws {
        let url = try EndpointURL.make(base: URL(string: base)!, path: "/v1/items/7")
        #expect(url.absoluteString == expected)
    }

    @Test func theQueryIsKeptInOrderAndLeftOutWhenEmpty() throws {
        let base = URL(string: "https://api.example.com")!
        let query = [URLQueryItem(name: "b", value: "2"), URLQueryItem(name: "a", value: "x y")]
        let withQuery = try EndpointURL.make(base: base, path: "/p", query: query)
        #expect(withQuery.absoluteString == "https://api.example.com/p?b=2&a=x%20y")
        #expect(try EndpointURL.make(base: base, path: "/p", query: []).absoluteString == "https://api.example.com/p")
    }

    @Test func aSegmentKeepsOnlyUnreservedCharacters() {
        #expect(EndpointURL.segment("AZaz09-._~") == "AZaz09-._~")
        #expect(EndpointURL.segment("a/b?c#d e") == "a%2Fb%3Fc%23d%20e")
        #expect(EndpointURL.segment("tok:1+é") == "tok%3A1%2B%C3%A9")
    }

    @Test func failuresSayWhatCouldNotBeMade() {
        #expect(EndpointURL.Failure.unreadableBase.description == "the base URL cannot be read")
        #expect(EndpointURL.Failure.unbuildable.description == "the request URL cannot be built")
    }
}
