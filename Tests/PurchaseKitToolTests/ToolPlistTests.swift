import Foundation
import Testing

/// `purchasekit plist FILE [--json]`.
struct ToolPlistTests {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>Name</key>
        \t<string>Gems &amp; "Coins"\tline</string>
        \t<key>Count</key>
        \t<integer>100</integer>
        \t<key>Huge</key>
        \t<integer>18446744073709551615</integer>
        \t<key>Price</key>
        \t<real>0.99</real>
        \t<key>Whole</key>
        \t<real>2</real>
        \t<key>Infinite</key>
        \t<real>-inf</real>
        \t<key>On</key>
        \t<true/>
        \t<key>Added</key>
        \t<date>2024-05-01T12:00:00Z</date>
        \t<key>Icon</key>
        \t<data>AAECAw==</data>
        \t<key>Tags</key>
        \t<array>
        \t\t<string>new</string>
        \t\t<dict/>
        \t</array>
        \t<key>two words</key>
        \t<array/>
        \t<key>Ref</key>
        \t<dict><key>CF$UID</key><integer>3</integer></dict>
        </dict>
        </plist>
        """

    @Test func printsReadableText() throws {
        let path = try ToolRunner.file(named: "sample.plist", containing: Self.sample)
        let result = try ToolRunner.run(["plist", path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                {
                  Name = "Gems & \\"Coins\\"\\tline"
                  Count = 100
                  Huge = 18446744073709551615
                  Price = 0.99
                  Whole = 2.0
                  Infinite = -inf
                  On = true
                  Added = 2024-05-01T12:00:00Z
                  Icon = <00010203>
                  Tags = [
                    "new"
                    {}
                  ]
                  "two words" = []
                  Ref = CF$UID(3)
                }

                """
        )
    }

    /// Dates print as the file writes them, on the proleptic Gregorian calendar: Foundation's
    /// formatter switches to the Julian calendar before 1582-10-15 and shifted these by days.
    @Test func printsEarlyDatesAsWritten() throws {
        let dates = ["0001-01-01T00:00:00Z", "1500-06-01T00:00:00Z", "1582-10-04T23:59:59Z", "1582-10-15T00:00:00Z"]
        let body = dates.map { "<date>\($0)</date>" }.joined()
        let path = try ToolRunner.file(
            named: "dates.plist",
            containing: "<?xml version=\"1.0\"?><plist version=\"1.0\"><array>\(body)</array></plist>")
        let result = try ToolRunner.run(["plist", path])
        #expect(result.status == 0)
        #expect(result.stdout == "[\n" + dates.map { "  \($0)\n" }.joined() + "]\n")
    }

    @Test func printsTaggedJSON() throws {
        let path = try ToolRunner.file(named: "sample.plist", containing: Self.sample)
        let result = try ToolRunner.run(["plist", path, "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                {
                  "Name": "Gems & \\"Coins\\"\\tline",
                  "Count": 100,
                  "Huge": {
                    "$int": "18446744073709551615"
                  },
                  "Price": 0.99,
                  "Whole": {
                    "$real": "2.0"
                  },
                  "Infinite": {
                    "$real": "-inf"
                  },
                  "On": true,
                  "Added": {
                    "$date": "2024-05-01T12:00:00Z"
                  },
                  "Icon": {
                    "$data": "AAECAw=="
                  },
                  "Tags": [
                    "new",
                    {}
                  ],
                  "two words": [],
                  "Ref": {
                    "$uid": 3
                  }
                }

                """
        )
        // The output is JSON any parser reads.
        #expect(try JSONSerialization.jsonObject(with: result.stdoutData) is [String: Any])
    }

    @Test func readsStandardInput() throws {
        let result = try ToolRunner.run(
            ["--json", "plist", "-"], stdin: Data("<plist><integer>-5</integer></plist>".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "-5\n")
    }

    @Test func reportsMissingFileWithStatus66() throws {
        let folder = try ToolRunner.temporaryFolder()
        let path = folder.appendingPathComponent("absent.plist").path
        let result = try ToolRunner.run(["plist", path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "purchasekit: \(path): no such file\n")
    }

    @Test func reportsFolderWithStatus74() throws {
        let folder = try ToolRunner.temporaryFolder()
        let result = try ToolRunner.run(["plist", folder.path])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("purchasekit: \(folder.path): cannot read"))
    }

    @Test(arguments: [
        ("<plist>\n<dict>\n\t<key>a</key>\n\t<integer>12x</integer>\n</dict>\n</plist>\n", 4),
        ("<plist>\n<array>\n<string>open\n", 4),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e \"boom\">]>\n<plist><string>&e;</string></plist>", 2),
        ("<plist>\n  <integer>99999999999999999999</integer>\n</plist>", 2),
    ])
    func reportsInvalidPlistWithPositionAndStatus65(_ text: String, _ line: Int) throws {
        let path = try ToolRunner.file(named: "bad.plist", containing: text)
        let result = try ToolRunner.run(["plist", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let first = try #require(result.stderr.split(separator: "\n").first)
        #expect(first.hasPrefix("\(path):\(line):"))
        #expect(first.contains(": error: "))
        let column = first.dropFirst(path.count + 1).split(separator: ":").dropFirst().first.flatMap { Int($0) }
        #expect((column ?? 0) >= 1)
    }
}
