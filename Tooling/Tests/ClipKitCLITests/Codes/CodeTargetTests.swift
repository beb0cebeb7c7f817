import ClipCodeMaker
import Testing

/// The library under `clipkit codes --param` and `--label`: values counted before ranges are
/// expanded, bounds compared without overflow, label templates parsed and filled.
@Suite struct CodeTargetTests {
    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ParameterValues(parsing: arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesListsAndRangesAreExpandedInOrder() throws {
        let values = try ParameterValues(parsing: ["table=1...3,7", "store=soho", "table=-2...-1,a...b"])
        #expect(values.names == ["table", "store"])
        #expect(values.values(of: "table") == ["1", "2", "3", "7", "-2", "-1", "a...b"])
        #expect(values.values(of: "store") == ["soho"])
    }

    @Test func rangesAreBoundedWithoutOverflow() {
        #expect(refusal(["table=-1...9223372036854775807"])?.contains("--param table=-1...9223372036854775807: a range") == true)
        #expect(refusal(["table=-9223372036854775808...9223372036854775807"]) != nil)
        #expect(refusal(["table=1...99999999999999999999"])?.contains("outside") == true)
        #expect(refusal(["table=3...1"]) != nil)
        #expect(refusal(["table=1...10000"]) == nil)
        #expect(refusal(["table=1...10001"]) != nil)
        #expect(refusal(["table=9223372036854775806...9223372036854775807"]) == nil)
    }

    @Test func valuesAreCountedAcrossArgumentsBeforeAnyRangeIsExpanded() {
        #expect(refusal(["table=1...6000", "table=6001...12000"])?.contains("more than 10000 codes") == true)
        #expect(refusal(["table=" + (0..<5_000).map { "\($0 * 10_000)...\($0 * 10_000 + 9_999)" }.joined(separator: ",")]) != nil)
        #expect(refusal(["table=1...9999,x", "store=1...9999"]) == nil, "each parameter is counted on its own; forRoute bounds the product")
        #expect(refusal(["table=1...10000,x"]) != nil)
        #expect(refusal(["table=1,,2"])?.contains("empty value") == true)
        #expect(refusal(["=1"]) != nil)
    }

    @Test func labelTemplatesFillFieldsAndWriteBraces() throws {
        let template = try LabelTemplate(parsing: "Exhibit {exhibit} ({n}) {{x}}")
        #expect(template.fields == ["exhibit", "n"])
        #expect(template.text(filling: ["exhibit": "12", "n": "3"]) == "Exhibit 12 (3) {x}")
        #expect(throws: CodeMakerError.self) { try template.check(fields: ["name", "url", "n"]) }
        try template.check(fields: ["exhibit", "url", "n"])
        for bad in ["{", "a}", "{}", "{a{b}"] {
            #expect(throws: CodeMakerError.self, "\(bad)") { try LabelTemplate(parsing: bad) }
        }
    }

    @Test func controlCharactersAreNamedAndShownVisibly() throws {
        #expect(CodeTarget.controlCharacterProblem(in: "https://a.example/x") == nil)
        #expect(CodeTarget.controlCharacterProblem(in: "https://a.example/\u{85}") == "it has the control character U+0085 at character 19")
        #expect(CodeTarget.visible("a\nb\u{1B}[2J") == "a<U+000A>b<U+001B>[2J")
        #expect(throws: CodeMakerError.self) { try CodeTarget.forURLs(["https://a.example/ok", "https://a.example/\u{7F}"]) }
    }
}
