/// The currency each App Store storefront charges in, for the storefront codes Xcode's StoreKit
/// configuration files use (ISO 3166-1 alpha-3, as `_storefront` writes them).
///
/// Storefronts with a currency of their own are listed; every other storefront charges US dollars, as
/// the App Store does in most smaller markets. ``currency(for:)`` tells the two apart so the importer
/// can warn about a code it does not know.
enum StoreKitStorefronts {
    /// The storefront Xcode uses when a file names none.
    static let defaultCode = "USA"

    /// Storefronts charging in euros.
    private static let euro: Set<String> = [
        "AUT", "BEL", "CYP", "DEU", "ESP", "EST", "FIN", "FRA", "GRC", "HRV", "IRL", "ITA", "LTU", "LUX", "LVA",
        "MLT", "NLD", "PRT", "SVK", "SVN", "MNE", "XKS",
    ]

    /// Storefronts with a currency other than the US dollar and the euro.
    private static let local: [String: String] = [
        "ARE": "AED", "AUS": "AUD", "BGR": "BGN", "BRA": "BRL", "CAN": "CAD", "CHE": "CHF", "CHL": "CLP",
        "CHN": "CNY", "COL": "COP", "CZE": "CZK", "DNK": "DKK", "EGY": "EGP", "GBR": "GBP", "HKG": "HKD",
        "HUN": "HUF", "IDN": "IDR", "IND": "INR", "ISR": "ILS", "JPN": "JPY", "KAZ": "KZT", "KOR": "KRW",
        "LIE": "CHF", "MEX": "MXN", "MYS": "MYR", "NGA": "NGN", "NOR": "NOK", "NZL": "NZD", "PAK": "PKR",
        "PER": "PEN", "PHL": "PHP", "POL": "PLN", "QAT": "QAR", "ROU": "RON", "RUS": "RUB", "SAU": "SAR",
        "SGP": "SGD", "SWE": "SEK", "THA": "THB", "TUR": "TRY", "TWN": "TWD", "TZA": "TZS", "VNM": "VND",
        "ZAF": "ZAR",
    ]

    /// Storefronts known to charge US dollars.
    private static let dollar: Set<String> = [
        "USA", "AFG", "AGO", "AIA", "ALB", "ARG", "ARM", "ATG", "AZE", "BHR", "BHS", "BLR", "BLZ", "BMU", "BOL",
        "BRB", "BRN", "BTN", "BWA", "CPV", "CRI", "CYM", "DMA", "DOM", "DZA", "ECU", "FSM", "GEO", "GHA", "GMB",
        "GNB", "GRD", "GTM", "GUY", "HND", "ISL", "JAM", "JOR", "KEN", "KGZ", "KHM", "KNA", "KWT", "LAO", "LBN",
        "LBR", "LCA", "LKA", "MAC", "MDA", "MDG", "MDV", "MKD", "MLI", "MMR", "MNG", "MOZ", "MRT", "MSR", "MUS",
        "MWI", "NAM", "NER", "NIC", "NPL", "OMN", "PAN", "PLW", "PNG", "PRY", "SEN", "SLB", "SLV", "SRB", "SUR",
        "SWZ", "SYC", "TCA", "TCD", "TJK", "TKM", "TON", "TTO", "TUN", "UGA", "UKR", "URY", "UZB", "VCT", "VEN",
        "VGB", "YEM", "ZMB", "ZWE", "BEN", "BFA", "CIV", "CMR", "COD", "COG", "GAB", "IRQ", "LBY", "MAR", "RWA",
        "SLE", "VUT", "FJI", "MNP", "NRU",
    ]

    /// The currency of the storefront `code`, or `nil` when the code is not one this table knows.
    static func currency(for code: String) -> String? {
        if let currency = local[code] { return currency }
        if euro.contains(code) { return "EUR" }
        if dollar.contains(code) { return "USD" }
        return nil
    }
}
