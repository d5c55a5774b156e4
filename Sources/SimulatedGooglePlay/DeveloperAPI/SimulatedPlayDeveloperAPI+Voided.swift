import Foundation

extension SimulatedPlayDeveloperAPI {
    /// The most items a page of `voidedpurchases.list` holds (and its default size).
    static let voidedPageLimit = 1000

    /// `voidedpurchases.list`: the voided purchases in the window, oldest first, a page at a time.
    ///
    /// The window is `startTime` (default and earliest: 30 days ago; ignored with a page token) to
    /// `endTime` (default now), both in milliseconds and inclusive. `type` 0 (default) lists one-time
    /// products only, 1 subscriptions too; quantity-based partial refunds are listed only with
    /// `includeQuantityBasedPartialRefund=true`. A page token is the position in the store's list of
    /// voided purchases to go on from.
    func voidedPurchases(packageName: String, request: PlayDeveloperAPIRequest) async throws(PlayDeveloperAPIError)
        -> PlayDeveloperAPIResponse
    {
        guard packageName == store.packageName else {
            throw .notFound("No application was found for the given package name.")
        }
        let (voided, now) = await store.apiVoidedPurchases()
        let earliest = now - Self.voidedPurchasesWindow
        let start = max(earliest, try Self.millis(request.queryValue("startTime"), named: "startTime") ?? earliest)
        let end = try Self.millis(request.queryValue("endTime"), named: "endTime") ?? now
        guard start <= end else { throw .invalidArgument("startTime must not be after endTime.") }
        let withSubscriptions: Bool
        switch request.queryValue("type") ?? "0" {
        case "0": withSubscriptions = false
        case "1": withSubscriptions = true
        default: throw .invalidArgument("Invalid value for type: it must be 0 or 1.")
        }
        let withPartialRefunds: Bool
        switch request.queryValue("includeQuantityBasedPartialRefund") ?? "false" {
        case "false": withPartialRefunds = false
        case "true": withPartialRefunds = true
        default: throw .invalidArgument("Invalid value for includeQuantityBasedPartialRefund.")
        }
        var pageSize = Self.voidedPageLimit
        if let text = request.queryValue("maxResults") {
            guard let value = Int(text), value >= 1 else { throw .invalidArgument("Invalid value for maxResults.") }
            pageSize = min(value, Self.voidedPageLimit)
        }
        var position = 0
        if let token = request.queryValue("token") {
            guard let value = Self.position(ofPageToken: token), value <= voided.count else {
                throw .invalidArgument("Invalid pagination token.")
            }
            position = value
        }
        let usesStart = request.queryValue("token") == nil
        var page: [VoidedPurchaseBody] = []
        var next: Int?
        for index in voided.indices.dropFirst(position) {
            let item = voided[index]
            guard (!usesStart || item.voidedTimeMillis >= start) && item.voidedTimeMillis <= end,
                withSubscriptions || item.productType == .inapp,
                withPartialRefunds || item.refundType == .fullRefund
            else { continue }
            guard page.count < pageSize else {
                next = index
                break
            }
            page.append(VoidedPurchaseBody(item))
        }
        return .json(
            VoidedPurchasesPageBody(
                voidedPurchases: page.isEmpty ? nil : page,
                tokenPagination: next.map {
                    VoidedPurchasesPageBody.TokenPagination(nextPageToken: Self.pageToken(position: $0))
                }))
    }

    /// The milliseconds `text` gives, `nil` without it.
    private static func millis(_ text: String?, named name: String) throws(PlayDeveloperAPIError) -> Int64? {
        guard let text else { return nil }
        guard let value = Int64(text), value >= 0 else { throw .invalidArgument("Invalid value for \(name).") }
        return value
    }

    /// The page token of the list going on from `position`: opaque text, base64url of `voided:<position>`.
    static func pageToken(position: Int) -> String {
        Data("voided:\(position)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The position a page token names, `nil` for text that is no page token.
    static func position(ofPageToken token: String) -> Int? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
            text.hasPrefix("voided:"), let value = Int(text.dropFirst("voided:".count)), value >= 0
        else { return nil }
        return value
    }
}
