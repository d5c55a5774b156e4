import PurchaseCatalog
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// What a person reads for Play's response codes, purchase and subscription states and refused signed data
/// comes from the message tables, in every shipped language.
struct PlayMessageTests {
    static let table = MessageTable.builtIn

    @Test(arguments: MessageTable.builtIn.languages)
    func everyCodeAndStateHasAText(language: String) {
        let keys =
            BillingResponseCode.allCases.map(\.messageKey)
            + [PlayPurchaseState.purchased, .pending, .unspecified].map(\.messageKey)
            + PlaySubscriptionState.allCases.map(\.messageKey)
            + [
                PlaySignatureError.Kind.malformedData, .invalidKey, .signatureInvalid, .wrongPackage, .wrongProduct,
                .notPurchased,
            ].map(\.messageKey)
        // The catalog diagnostics of a product's `GooglePlay` dict take the setting and its owner.
        let settingKeys: [MessageKey] = [
            .googlePlaySettingOneTimeOnly, .googlePlaySettingSubscriptionsOnly, .googlePlaySettingArray,
            .googlePlaySettingDuplicateID, .googlePlaySettingRequired, .googlePlaySettingPrice, .googlePlaySettingID,
            .googlePlaySettingPeriod, .googlePlaySettingStorefront,
        ]
        #expect(Set(keys + settingKeys) == Set(MessageKey.googlePlayKeys))
        var texts: Set<String> = []
        for key in keys + settingKeys {
            let arguments: [MessageArgument] = settingKeys.contains(key) ? [.text("GooglePlay.ID"), .text("Play")] : []
            let text = Self.table.render(.keyed(key, arguments: arguments), locale: language)
            #expect(!text.isEmpty && text != key.rawValue && !text.contains("%"), "\(language) \(key)")
            if settingKeys.contains(key) { #expect(text.contains("GooglePlay.ID") && text.contains("Play")) }
            texts.insert(text)
        }
        #expect(texts.count == keys.count + settingKeys.count, "\(language): two keys read the same")
    }

    @Test func aResultSpeaksThePersonsLanguage() {
        let owned = BillingResult(.itemAlreadyOwned, "Item is already owned.")
        #expect(Self.table.render(owned.message, locale: "en_US") == "You already own this item.")
        #expect(Self.table.render(owned.message, locale: "fr_FR") == "Vous possédez déjà cet article.")
        #expect(Self.table.render(owned.message, locale: "ja_JP") == "このアイテムはすでに所有しています。")
        #expect(
            Self.table.render(.keyed(PlayPurchaseState.pending.messageKey, arguments: []), locale: "de_DE")
                == "Ausstehend, Zahlung wird erwartet")
        #expect(
            Self.table.render(.keyed(PlaySubscriptionState.onHold.messageKey, arguments: []), locale: "ru_RU")
                == "Приостановлена, доступа нет до решения проблемы с оплатой")
        let refused = PlaySignatureError(.signatureInvalid, detail: "tampered")
        #expect(
            Self.table.render(refused.message, locale: "en_US") == "The purchase’s signature does not match its data.")
        #expect(Self.table.render(refused.message, locale: "ja_JP") == "購入の署名がデータと一致しません。")
    }
}
