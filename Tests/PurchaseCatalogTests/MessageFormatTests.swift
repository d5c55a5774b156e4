import PurchaseCatalog
import Testing

struct MessageFormatTests {
    @Test func splitsLiteralsAndPlaceholdersInOrder() {
        let format = MessageFormat("Buy %@ for %@ (%ld left), 100%%")
        #expect(
            format.segments == [
                .literal("Buy "), .placeholder(position: 1, conversion: .object), .literal(" for "),
                .placeholder(position: 2, conversion: .object), .literal(" ("),
                .placeholder(position: 3, conversion: .integer), .literal(" left), 100%"),
            ])
    }

    @Test func positionalPlaceholdersKeepTheirPositions() {
        let format = MessageFormat("%2$@ then %1$ld")
        #expect(format.conversions == [1: .integer, 2: .object])
    }

    @Test(arguments: ["%d", "%i", "%u", "%ld", "%lld", "%lu", "%hd", "%qd", "%zd"])
    func integerLengthsAreIntegers(spec: String) {
        #expect(MessageFormat(spec).segments == [.placeholder(position: 1, conversion: .integer)])
    }

    @Test func pluralVariablesTakeAnArgumentSlot() {
        #expect(
            MessageFormat("%@ has %#@count@").segments == [
                .placeholder(position: 1, conversion: .object), .literal(" has "),
                .pluralVariable(name: "count", position: 2),
            ])
        #expect(MessageFormat("%3$#@n@").segments == [.pluralVariable(name: "n", position: 3)])
    }

    @Test func formsReferToTheVariablesArgument() {
        #expect(MessageFormat("%ld items, %ld", argument: 2).conversions == [2: .integer])
    }

    @Test(arguments: ["50%", "%", "%q", "%#@", "%#@@", "%0$@", "%1$", "%5"])
    func unknownSequencesStayLiteral(text: String) {
        #expect(MessageFormat(text).segments == [.literal(text)])
    }

    @Test func disagreeingPlaceholdersHaveNoConversions() {
        #expect(MessageFormat("%1$@ %1$ld").conversions == nil)
    }
}
