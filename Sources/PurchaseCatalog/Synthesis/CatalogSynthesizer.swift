public import Foundation
public import PropertyList

/// Makes valid catalogs of any size, for load tests and benchmarks.
///
/// The catalog is a file-provider deployment (`Provider` `file`, storefront `USA`, locale `en_US`)
/// with the storefronts USA, JPN, CHN, RUS, GBR and DEU. Its products cycle through the four product
/// types: consumables with payouts, non-consumables granting entitlements (some family-shareable),
/// auto-renewable subscriptions in groups of three levels (every other one with an introductory
/// offer), and non-renewing subscriptions with a duration. Every product has prices in every
/// storefront and localizations in en, ja, zh-Hans and ru. The same count always gives the same
/// bytes, and catalog validation reports no errors and no warnings for it.
public enum CatalogSynthesizer {
    /// The storefronts every synthesized catalog declares, with their currencies and the factor that
    /// turns a US dollar price into a believable local one.
    static let storefronts: [(code: String, currency: String, factor: Decimal, fractionDigits: Int)] = [
        ("USA", "USD", 1, 2), ("JPN", "JPY", 150, 0), ("CHN", "CNY", 7, 2),
        ("RUS", "RUB", 90, 0), ("GBR", "GBP", Decimal(string: "0.8")!, 2), ("DEU", "EUR", Decimal(string: "0.9")!, 2),
    ]

    /// US dollar price points the products cycle through.
    static let pricePoints = ["0.99", "1.99", "2.99", "4.99", "9.99", "19.99", "49.99", "99.99"]

    /// Returns a catalog of `count` products as a property-list value (a root dict).
    public static func catalog(products count: Int) -> PropertyListValue {
        .dictionary([
            entry("CatalogVersion", .integer(PropertyListInteger(Int64(1)))),
            entry(
                "Deployment",
                .dictionary([
                    entry("Name", .string("Synthesized \(count)")),
                    entry("Provider", .string("file")),
                    entry("Storefront", .string("USA")),
                    entry("Locale", .string("en_US")),
                ])
            ),
            entry(
                "Storefronts",
                .dictionary(storefronts.map { entry($0.code, .dictionary([entry("Currency", .string($0.currency))])) })
            ),
            entry("Products", .array((0..<max(0, count)).map { PropertyListNode(product($0)) })),
        ])
    }

    /// Returns a catalog of `count` products as the bytes of an XML property list.
    public static func plist(products count: Int) -> Data {
        do {
            return try PropertyListWriter().write(catalog(products: count))
        } catch {
            // Every string above is plain text XML can hold; reaching this is a bug in this file.
            preconditionFailure("synthesized catalog could not be written: \(error)")
        }
    }

    // MARK: - Products

    static func product(_ index: Int) -> PropertyListValue {
        let number = String(index + 1)
        let serial = String(repeating: "0", count: max(0, 5 - number.count)) + number
        var entries: [PropertyListEntry]
        switch index % 4 {
        case 0:
            let quantity = [100, 550, 1200, 2500, 6500][index / 4 % 5]
            entries = header(
                "com.example.synthetic.gems.\(serial)",
                "Consumable",
                names: ("\(quantity) Gems", "\(quantity) ジェム", "\(quantity) 宝石", "\(quantity) самоцветов"),
                index: index
            )
            entries.append(
                entry(
                    "Payouts",
                    .array([
                        PropertyListNode(
                            .dictionary([
                                entry("Kind", .string("currency")), entry("Name", .string("gems")),
                                entry("Quantity", .integer(PropertyListInteger(Int64(quantity)))),
                            ])
                        )
                    ])
                )
            )
        case 1:
            entries = header(
                "com.example.synthetic.pack.\(serial)",
                "NonConsumable",
                names: ("Level Pack \(serial)", "レベルパック \(serial)", "关卡包 \(serial)", "Набор уровней \(serial)"),
                index: index
            )
            entries.append(entry("Entitlements", .array([PropertyListNode(.string("pack.\(serial)"))])))
            entries.append(entry("FamilyShareable", .boolean(index % 8 == 1)))
        case 2:
            let level = index / 4 % 3 + 1
            entries = header(
                "com.example.synthetic.plus.\(serial)",
                "AutoRenewable",
                names: ("Plus Level \(level)", "プラス レベル\(level)", "Plus 等级 \(level)", "Plus уровень \(level)"),
                index: index
            )
            entries.append(entry("Entitlements", .array([PropertyListNode(.string("plus.level\(level)"))])))
            var subscription = [
                entry("Group", .string("plus.group\(index / 12 + 1)")),
                entry("Period", .string(["P1M", "P1Y", "P1W"][index / 4 % 3])),
                entry("Level", .integer(PropertyListInteger(Int64(level)))),
            ]
            if index % 8 == 2 {
                subscription.append(
                    entry(
                        "IntroductoryOffer",
                        .dictionary([
                            entry("Mode", .string("FreeTrial")), entry("Period", .string("P1W")),
                            entry("Periods", .integer(PropertyListInteger(Int64(1)))),
                        ])
                    )
                )
            }
            entries.append(entry("Subscription", .dictionary(subscription)))
        default:
            entries = header(
                "com.example.synthetic.season.\(serial)",
                "NonRenewing",
                names: ("Season Pass \(serial)", "シーズンパス \(serial)", "季票 \(serial)", "Сезонный пропуск \(serial)"),
                index: index
            )
            entries.append(entry("Entitlements", .array([PropertyListNode(.string("season.\(serial)"))])))
            entries.append(entry("Duration", .string(["P3M", "P6M", "P1Y"][index / 4 % 3])))
        }
        return .dictionary(entries)
    }

    /// `ProductID`, `Type`, `Prices` and `Localizations`, common to every product.
    static func header(
        _ productID: String,
        _ type: String,
        names: (en: String, ja: String, zhHans: String, ru: String),
        index: Int
    ) -> [PropertyListEntry] {
        let usd = Decimal(string: pricePoints[index % pricePoints.count])!
        let prices = storefronts.map { storefront in
            entry(
                storefront.code, .string(localPrice(usd * storefront.factor, fractionDigits: storefront.fractionDigits))
            )
        }
        let localizations = [
            ("en", names.en, "\(names.en), synthesized for load tests."),
            ("ja", names.ja, "\(names.ja)（負荷テスト用）"),
            ("zh-Hans", names.zhHans, "\(names.zhHans)（用于负载测试）"),
            ("ru", names.ru, "\(names.ru) для нагрузочных тестов."),
        ]
        return [
            entry("ProductID", .string(productID)),
            entry("Type", .string(type)),
            entry("Prices", .dictionary(prices)),
            entry(
                "Localizations",
                .dictionary(
                    localizations.map {
                        entry(
                            $0.0,
                            .dictionary([entry("DisplayName", .string($0.1)), entry("Description", .string($0.2))]))
                    }
                )
            ),
        ]
    }

    /// A local price ending in 9 or .99 as stores like them, e.g. 149 yen or 6.99 yuan.
    static func localPrice(_ amount: Decimal, fractionDigits: Int) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .up)
        let whole = NSDecimalNumber(decimal: rounded).intValue
        if fractionDigits == 0 { return String((whole + 9) / 10 * 10 - 1) }
        return "\(max(whole - 1, 0)).99"
    }

    static func entry(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
        PropertyListEntry(key: key, value: PropertyListNode(value))
    }
}
