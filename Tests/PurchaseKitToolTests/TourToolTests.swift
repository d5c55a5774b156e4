import Foundation
import Testing

/// `purchasekit tour`: a guided walk through the default deployment that runs the real flow in a
/// temporary state folder, in the person's language, and leaves nothing behind.
struct TourToolTests {
    static let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Default.plist").path

    static let steps = [
        "products", "buyConsumable", "buyNonConsumable", "buyAgain", "askToBuy", "approved", "declined", "restore",
    ]

    /// Runs the tool with `environment` set (and `NO_COLOR`, `TERM`, `PURCHASEKIT_ASSUME_TERMINAL`
    /// removed first), in `folder`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil
    ) throws -> ToolRunner.Result {
        let tool = try #require(ToolRunner.executable, "build the purchasekit product first")
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let script = "exec env -u NO_COLOR -u TERM -u PURCHASEKIT_ASSUME_TERMINAL \"$@\""
        return try ToolRunner.run(
            ["-c", script, "sh"] + assignments + [tool.path] + arguments, in: folder, shell: true)
    }

    /// The JSON objects of the output's lines.
    static func jsonLines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func walksThroughEveryStepAndLeavesNothingBehind() throws {
        let folder = try ToolRunner.temporaryFolder()
        let result = try ToolRunner.run(["tour", "--catalog", Self.catalog], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let expected = [
            "A guided tour of the “default” deployment.",
            "[1/8] The products for sale, with prices in the USA storefront:",
            "com.example.gems.100         $0.99  100 Gems",
            "> Thank you! Your purchase of 100 Gems is complete.\n      gems: 100\n",
            "> Thank you! Your purchase of Remove Ads is complete.",
            "[4/8] Trying to buy Remove Ads again",
            "> You already own this item. To get it on this device, restore your purchases.",
            "(Ask to Buy). Buying Premium Level Pack there: the purchase waits.",
            "> Waiting for approval. You’ll get your purchase as soon as it’s approved.",
            "> Thank you! Your purchase of Premium Level Pack is complete.",
            "[7/8] Buying 550 Gems on that device too",
            "> Your request to buy wasn’t approved. You haven’t been charged.",
            "Before restoring: nothing owned yet\n      > Restored 2 purchases.\n",
            "After restoring: no-ads, premium-levels",
            "That’s the tour.",
        ]
        for text in expected { #expect(result.stdout.contains(text), "missing: \(text)") }
        #expect(!result.stdout.contains("\u{1B}"))
        // Nothing in the working folder, and the temporary state folder it names is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let prefix = "removed when the tour ends: "
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains(prefix) })
        let state = String(line[line.range(of: prefix)!.upperBound...])
        #expect(state.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    @Test(arguments: [
        (
            "ja_JP",
            [
                "[1/8] 販売中の商品と、ストアフロント JPN での価格です：", "¥160", "ご購入ありがとうございます。ジェム100個の購入が完了しました。",
                "gems：100", "このアイテムはすでに購入済みです。", "承認を待っています。", "購入のリクエストは承認されませんでした。", "2件の購入を復元しました。",
                "ツアーは以上です。",
            ]
        ),
        (
            "ru",
            [
                "[1/8] Товары в продаже с ценами витрины RUS:", "99,00\u{A0}₽",
                "Спасибо! Покупка «100 самоцветов» завершена.",
                "Этот товар уже куплен.", "Ожидание одобрения.", "Запрос на покупку не одобрен.",
                "Восстановлено 2 покупки.",
                "Экскурсия окончена.",
            ]
        ),
        (
            "zh-Hans",
            ["[1/8] 在售商品及其在 CHN 店面的价格：", "¥6.00", "购买消耗型项目“100 颗宝石”：", "导览结束。"]
        ),
        (
            "zh_TW",
            [
                "[1/8] 販售中的產品及其在 ", "購買消耗性項目「100 顆寶石」：", "謝謝！你已成功購買「100 顆寶石」。",
                "你已擁有此項目。", "正在等待核准。", "你的購買請求未獲核准。", "已恢復 2 個購買項目。", "導覽結束。",
            ]
        ),
        (
            "ko_KR",
            [
                "[1/8] 판매 중인 제품과 ", "소모성 항목 ‘보석 100개’ 구입:", "감사합니다! ‘보석 100개’ 구입이 완료되었습니다.",
                "이미 소유한 항목입니다.", "승인을 기다리는 중입니다.", "구입 요청이 승인되지 않았습니다.", "구입 항목 2개를 복원했습니다.",
                "둘러보기가 끝났습니다.",
            ]
        ),
        (
            "pt_BR",
            [
                "[1/8] Os produtos à venda, com os preços da vitrine ", "Comprando “100 Gemas”, um item consumível",
                "Obrigado! A compra de “100 Gemas” foi concluída.", "Você já tem este item.", "Aguardando aprovação.",
                "A sua solicitação de compra não foi aprovada.", "2 compras restauradas.", "Fim do tour.",
            ]
        ),
        (
            "ar",
            [
                "[1/8] المنتجات المعروضة للبيع، بأسعار واجهة المتجر ", "شراء «100 جوهرة»، وهو عنصر استهلاكي",
                "شكرًا لك! اكتملت عملية شراء «100 جوهرة».", "أنت تملك هذا العنصر بالفعل.", "في انتظار الموافقة.",
                "لم تتم الموافقة على طلب الشراء.", "تمت استعادة عمليتي شراء.", "انتهت الجولة.",
            ]
        ),
        (
            "de",
            [
                "[1/8] Die angebotenen Produkte mit ihren Preisen in der Storefront DEU:",
                "0,99\u{A0}€  100 Edelsteine",
                "> Vielen Dank! Dein Kauf von „100 Edelsteine“ ist abgeschlossen.", "gems: 100",
                "> Du besitzt diesen Artikel bereits.", "> Warten auf Genehmigung.",
                "> Deine Kaufanfrage wurde nicht genehmigt.", "> 2 Käufe wurden wiederhergestellt.",
                "Das war die Tour.",
            ]
        ),
        (
            "fr_FR",
            [
                "[1/8] Les produits en vente, avec leurs prix dans la vitrine FRA\u{202F}:", "0,99\u{A0}€  100 gemmes",
                "> Merci\u{202F}! Votre achat de «\u{202F}100 gemmes\u{202F}» est terminé.", "gems\u{202F}: 100",
                "> Vous possédez déjà cet article.", "> En attente d’approbation.",
                "> Votre demande d’achat n’a pas été approuvée.", "> 2 achats restaurés.", "La visite est terminée.",
            ]
        ),
        (
            "es",
            [
                "[1/8] Los productos a la venta, con sus precios en la tienda ESP:", "0,99\u{A0}€  100 gemas",
                "> ¡Gracias! Tu compra de «100 gemas» se ha completado.", "> Ya tienes este artículo.",
                "> Esperando la aprobación.", "> No se ha aprobado tu solicitud de compra.",
                "> Se han restaurado 2 compras.",
                "Fin de la visita.",
            ]
        ),
        (
            "it_IT",
            [
                "[1/8] I prodotti in vendita, con i prezzi nella vetrina ITA:", "0,99\u{A0}€  100 gemme",
                "> Grazie! L’acquisto di «100 gemme» è stato completato.", "> Possiedi già questo articolo.",
                "> In attesa di approvazione.", "> La tua richiesta di acquisto non è stata approvata.",
                "> 2 acquisti ripristinati.",
                "Il tour è finito.",
            ]
        ),
    ])
    func speaksThePersonsLanguageWithLocalPrices(locale: String, texts: [String]) throws {
        let result = try ToolRunner.run(["tour", "--locale", locale, "--catalog", Self.catalog])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        for text in texts { #expect(result.stdout.contains(text), "missing: \(text)") }
        #expect(!result.stdout.contains("Thank you"))
        #expect(!result.stdout.contains("That’s the tour."))
    }

    @Test func jsonPrintsOneLinePerStepWithTheOutcomes() throws {
        let result = try Self.run(
            ["tour", "--json", "--catalog", Self.catalog], environment: ["PURCHASEKIT_ASSUME_TERMINAL": "1"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        let lines = try Self.jsonLines(result.stdout)
        #expect(lines.map { $0["step"] as? String } == Self.steps)
        #expect(
            lines.map { $0["outcome"] as? String } == [
                "listed", "purchased", "purchased", "failed", "pending", "purchased", "failed", "restored",
            ])
        for line in lines { #expect((line["narration"] as? String)?.isEmpty == false) }
        #expect((lines[0]["products"] as? [Any])?.count == 10)
        #expect((lines[1]["balances"] as? [String: Int]) == ["gems": 100])
        #expect(lines[1]["message"] as? String == "Thank you! Your purchase of 100 Gems is complete.")
        #expect((lines[3]["error"] as? [String: Any])?["name"] as? String == "alreadyOwned")
        #expect(lines[4]["productID"] as? String == "com.example.levels.premium")
        let waiting = try #require(lines[4]["transactionID"] as? String)
        #expect(lines[5]["transactionID"] as? String == waiting)
        #expect(lines[6]["request"] as? String == "pending")
        #expect((lines[6]["error"] as? [String: Any])?["name"] as? String == "paymentCancelled")
        #expect(lines[7]["restored"] as? [String] == ["com.example.removeads", "com.example.levels.premium"])
        #expect(lines[7]["entitlementsBefore"] as? [String] == [])
        #expect(lines[7]["entitlements"] as? [String] == ["no-ads", "premium-levels"])
    }

    @Test func aStateFolderIsKeptAndATourAgainFindsWhatItOwns() throws {
        let state = try ToolRunner.temporaryFolder().appendingPathComponent("state").path
        let first = try ToolRunner.run(["tour", "--state", state, "--catalog", Self.catalog])
        #expect(first.status == 0)
        #expect(first.stdout.contains("purchasekit --state \(state) history"))
        let history = try ToolRunner.run(["--state", state, "--catalog", Self.catalog, "history", "--json"])
        let transactions = try #require(try JSONSerialization.jsonObject(with: history.stdoutData) as? [[String: Any]])
        #expect(transactions.map { $0["productID"] as? String }.contains("com.example.levels.premium"))

        let again = try ToolRunner.run(["tour", "--json", "--state", state, "--catalog", Self.catalog])
        #expect(again.status == 0)
        let lines = try Self.jsonLines(again.stdout)
        #expect(lines.map { $0["step"] as? String } == Self.steps)
        #expect((lines[2]["error"] as? [String: Any])?["name"] as? String == "alreadyOwned")
        #expect((lines[4]["error"] as? [String: Any])?["name"] as? String == "alreadyOwned")
        #expect(lines[5]["outcome"] as? String == "skipped")
        #expect(lines[6]["outcome"] as? String == "failed")
        #expect(lines[7]["outcome"] as? String == "restored")
    }

    @Test func aDeploymentWithoutTheFileStoreIsRefused() throws {
        let simulated = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let result = try ToolRunner.run(["tour", "--catalog", simulated])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("or through several stores (Providers), but "))
        #expect(result.stderr.contains("sells only through “simulated-app-store”"))
    }

    @Test func aClosedStandardOutputIsAnIOErrorThatRemovesTheStateFolder() throws {
        let tool = try #require(ToolRunner.executable)
        let folder = try ToolRunner.temporaryFolder()
        let script = "exec >&-; \"$0\" tour --catalog \"$1\"; echo \"status $?\" >&2"
        let result = try ToolRunner.run(["-c", script, tool.path, Self.catalog], in: folder, shell: true)
        #expect(result.stderr.hasPrefix("purchasekit: cannot write the output: "))
        #expect(result.stderr.hasSuffix("status 74\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func strayArgumentsAreUsageErrors() throws {
        let result = try ToolRunner.run(["tour", "now"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("purchasekit tour --help"))
    }
}
