import Foundation
import Testing

/// `purchasekit receipt inspect` speaks the tool's locale for people and keeps `--json` as it is.
struct ReceiptInspectLocalizationTests {
    static let body = """
        {"status": 0, "environment": "Production",
         "receipt": {"bundle_id": "com.example.app", "application_version": "3", "receipt_type": "Production",
           "receipt_creation_date_ms": "1767225600000",
           "in_app": [{"quantity": "2", "product_id": "gems", "transaction_id": "11",
             "purchase_date_ms": "1767225600000"}]},
         "latest_receipt_info": [{"quantity": "1", "product_id": "monthly", "transaction_id": "12",
             "original_transaction_id": "10", "purchase_date_ms": "1767225600000",
             "expires_date_ms": "1769904000000", "cancellation_date_ms": "1767312000000",
             "is_trial_period": "true", "is_in_intro_offer_period": "true"}],
         "pending_renewal_info": [{"original_transaction_id": "10", "product_id": "monthly",
             "auto_renew_product_id": "yearly", "auto_renew_status": "1", "expiration_intent": "1",
             "is_in_billing_retry_period": "1", "grace_period_expires_date_ms": "1769904000000"}]}
        """

    @Test func japaneseOutputLabelsEveryPartFromTheTable() throws {
        let path = try ToolRunner.file(named: "body.json", containing: Self.body)
        let result = try ToolRunner.run(["--locale", "ja", "receipt", "inspect", path])
        #expect(result.status == 0)
        let expected = [
            "ステータス 0：レシートは有効です\n", "環境：Production\n", "再試行：不可\n",
            "レシート：com.example.app バージョン 3, Production, 作成 2026-01-01T00:00:00Z\n",
            "in_app（1 件）：\n", "  11  gems  x2  購入 2026-01-01T00:00:00Z\n", "latest_receipt_info（1 件）：\n",
            "元の取引 10", "有効期限 2026-02-01T00:00:00Z", "無料トライアル", "お試しオファー",
            "キャンセル 2026-01-02T00:00:00Z", "pending_renewal_info（1 件）：\n",
            "  10  monthly  自動更新オン 次は yearly  失効理由 1  請求再試行中  猶予期間 2026-02-01T00:00:00Z まで\n",
        ]
        for text in expected { #expect(result.stdout.contains(text), "\(text) in \(result.stdout)") }
        for english in ["status", "environment", "retryable", "purchased", "expires", "auto-renew", "trial"] {
            #expect(!result.stdout.contains(english), "\(english) in \(result.stdout)")
        }
    }

    @Test func englishOutputKeepsItsWording() throws {
        let path = try ToolRunner.file(named: "body.json", containing: Self.body)
        let result = try ToolRunner.run(["receipt", "inspect", path])
        #expect(result.status == 0)
        let expected = [
            "receipt: com.example.app version 3, Production, created 2026-01-01T00:00:00Z\n", "in_app (1):\n",
            "original 10  expires 2026-02-01T00:00:00Z  trial  intro offer  cancelled 2026-01-02T00:00:00Z\n",
            "  10  monthly  auto-renew on to yearly  expiration intent 1  in billing retry"
                + "  grace period until 2026-02-01T00:00:00Z\n",
        ]
        for text in expected { #expect(result.stdout.contains(text), "\(text) in \(result.stdout)") }
    }

    @Test func theJSONIsTheSameInEveryLocale() throws {
        let path = try ToolRunner.file(named: "body.json", containing: Self.body)
        let english = try ToolRunner.run(["receipt", "inspect", path, "--json"])
        let japanese = try ToolRunner.run(["--locale", "ja", "receipt", "inspect", path, "--json"])
        #expect(english.status == 0)
        #expect(!english.stdoutData.isEmpty)
        #expect(japanese.stdoutData == english.stdoutData)
        #expect(japanese.stdout.contains(#""meaning" : "the receipt is valid""#), "\(japanese.stdout)")
    }

    @Test(arguments: [
        ("ja", 21007, "ステータス 21007：サンドボックスのレシートが本番環境に送られました", "再試行先：sandbox"),
        ("zh-Hans", 21008, "状态 21008：正式环境的收据被发送到了沙盒", "重试环境：production"),
        ("ru", 21150, "статус 21150: внутренняя ошибка App Store", "можно повторить: да"),
        ("ja", 31000, "ステータス 31000：不明なステータス", "環境：（指定なし）"),
        ("en", 21001, "status 21001: undocumented status", "environment: (not given)"),
    ])
    func statusMeaningsAreLocalized(locale: String, status: Int, line: String, other: String) throws {
        let path = try ToolRunner.file(named: "body.json", containing: #"{"status": \#(status)}"#)
        let result = try ToolRunner.run(["--locale", locale, "receipt", "inspect", path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(line), "\(result.stdout)")
        #expect(result.stdout.contains(other), "\(result.stdout)")
    }

    @Test func aMalformedBodyIsExplainedInTheLocaleWithItsPath() throws {
        let element = #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1"}"#
        let path = try ToolRunner.file(named: "bad.json", containing: element)
        let result = try ToolRunner.run(["--locale", "ja", "receipt", "inspect", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "\(path): error: verifyReceipt の応答本文ではありません：in_app / latest_receipt_info の要素 1 つで"),
            "\(result.stderr)")
    }

    /// A date outside what receipts carry loses its element, and the line that says so names the field
    /// and the range in the locale (the reason was the decoder's English).
    @Test(arguments: [
        (
            "ja",
            "スキップ：receipt.in_app[0].purchase_date_ms：日付が範囲外です。レシートに入る日付は 0000-01-01T00:00:00Z から 9999-12-31T23:59:59Z までです\n"
        ),
        (
            "zh-Hans",
            "已跳过：receipt.in_app[0].purchase_date_ms：日期超出范围；收据中的日期只能在 0000-01-01T00:00:00Z 到 9999-12-31T23:59:59Z 之间\n"
        ),
        (
            "ru",
            "пропущено: receipt.in_app[0].purchase_date_ms: дата вне допустимого диапазона: в чеках бывают даты от 0000-01-01T00:00:00Z до 9999-12-31T23:59:59Z\n"
        ),
        (
            "en",
            "skipped: receipt.in_app[0].purchase_date_ms: the date is out of range; receipts carry dates from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z\n"
        ),
    ])
    func aDateOutOfRangeIsExplainedInTheLocaleWithTheFieldsPath(locale: String, line: String) throws {
        let body =
            #"{"status": 0, "receipt": {"bundle_id": "b", "in_app": ["#
            + #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "-100000000000000"}]}}"#
        let path = try ToolRunner.file(named: "dates.json", containing: body)
        let result = try ToolRunner.run(["--locale", locale, "receipt", "inspect", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains(line), "\(result.stdout)")
        if locale != "en" { #expect(!result.stdout.contains("out of range"), "\(result.stdout)") }
    }

    /// Every other reason a body or a part of it cannot be read is worded in the locale too, with the
    /// field's path; only the JSON reader's own words would stay English, in parentheses.
    @Test(arguments: [
        ("ja", #"{"status": "maybe"}"#, "verifyReceipt の応答本文ではありません：status：JSON の整数である必要があります\n"),
        ("zh-Hans", "[1, 2]", "不是 verifyReceipt 响应正文：正文不是 JSON 对象\n"),
        ("ru", #"{"environment": "Sandbox"}"#, "это не тело ответа verifyReceipt: нет ключа «status»\n"),
        ("ja", "{", "verifyReceipt の応答本文ではありません：本文が正しい JSON ではありません\n"),
        ("zh-Hans", "  ", "不是 verifyReceipt 响应正文：正文为空\n"),
    ])
    func aBodyThatCannotBeReadIsExplainedInTheLocale(locale: String, body: String, line: String) throws {
        let path = try ToolRunner.file(named: "bad.json", containing: body)
        let result = try ToolRunner.run(["--locale", locale, "receipt", "inspect", path])
        #expect(result.status == 65)
        #expect(result.stderr == "\(path): error: " + line, "\(result.stderr)")
    }

    @Test(arguments: [
        (
            "ja", #"{"product_id": "p", "purchase_date_ms": "1"}"#,
            "スキップ：latest_receipt_info[0]：「transaction_id」がありません\n"
        ),
        (
            "zh-Hans", #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1", "quantity": "-1"}"#,
            "已跳过：latest_receipt_info[0].quantity：数量超出范围\n"
        ),
        (
            "ru", #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1", "is_trial_period": "maybe"}"#,
            "пропущено: latest_receipt_info[0].is_trial_period: ожидалось логическое значение\n"
        ),
        (
            "ja", #"{"product_id": {}, "transaction_id": "1", "purchase_date_ms": "1"}"#,
            "スキップ：latest_receipt_info[0].product_id：文字列か整数である必要があります\n"
        ),
        (
            "zh-Hans", #"{"product_id": "p", "transaction_id": "1", "purchase_date_ms": "1", "quantity": true}"#,
            "已跳过：latest_receipt_info[0].quantity：应为整数\n"
        ),
    ])
    func aSkippedElementIsExplainedInTheLocale(locale: String, element: String, line: String) throws {
        let body = #"{"status": 0, "latest_receipt_info": ["# + element + "]}"
        let path = try ToolRunner.file(named: "odd.json", containing: body)
        let result = try ToolRunner.run(["--locale", locale, "receipt", "inspect", path])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(line), "\(result.stdout)")
        for english in ["skipped", "missing", "expected", "out of range"] {
            #expect(!result.stdout.contains(english), "\(english) in \(result.stdout)")
        }
    }

    /// A value of a type the field cannot have: the sentence is the table's, and the JSON decoder's
    /// own words follow it in parentheses, the only English on the line.
    @Test func theJSONDecodersOwnWordsStayInParenthesesAfterTheSentence() throws {
        let path = try ToolRunner.file(named: "odd.json", containing: #"{"status": 0, "latest_receipt_info": "x"}"#)
        let result = try ToolRunner.run(["--locale", "ja", "receipt", "inspect", path])
        #expect(result.status == 0)
        let line = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("スキップ：latest_receipt_info：この項目にはありえない型の値です ("), "\(line)")
        #expect(line.hasSuffix(")"), "\(line)")
    }
}
