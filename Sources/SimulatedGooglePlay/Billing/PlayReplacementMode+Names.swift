extension PlayReplacementMode {
    /// Play's constant name of the mode (`WITH_TIME_PRORATION`, `CHARGE_FULL_PRICE`...), as an app names
    /// it in PurchaseCore's `StoreSpecificOptions.replacementMode`; `UNKNOWN_REPLACEMENT_MODE` for ``unknown``.
    public var name: String {
        switch self {
        case .unknown: "UNKNOWN_REPLACEMENT_MODE"
        case .withTimeProration: "WITH_TIME_PRORATION"
        case .chargeProratedPrice: "CHARGE_PRORATED_PRICE"
        case .withoutProration: "WITHOUT_PRORATION"
        case .chargeFullPrice: "CHARGE_FULL_PRICE"
        case .deferred: "DEFERRED"
        }
    }

    /// The mode Play names `name` (exactly, upper case), or `nil` for any other text and for
    /// `UNKNOWN_REPLACEMENT_MODE`, which no purchase may ask for.
    ///
    /// - Parameter name: one of Play's replacement mode names.
    public init?(name: String) {
        let modes: [PlayReplacementMode] = [
            .withTimeProration, .chargeProratedPrice, .withoutProration, .chargeFullPrice, .deferred,
        ]
        guard let mode = modes.first(where: { $0.name == name }) else { return nil }
        self = mode
    }
}
