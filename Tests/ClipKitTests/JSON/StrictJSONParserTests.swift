@_spi(ClipKitTooling) import ClipKit
import Foundation
import ClipTestSupport
import Testing

/// The strict parser behind the envelope and the web bridge: RFC 8259, no duplicate members, bounded
/// nesting, and a clear line between "cut short" and "malformed".
@Suite struct StrictJSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue(strictlyParsing: Data(text.utf8))
    }

    private func kind(_ text: String) -> JSONSyntaxError.Kind? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func validDocumentsParse() throws {
        #expect(try parse(#" {"a":[1,-0.5,2e3,true,false,null],"b":{"c":"d"}} "#)
            == .object(["a": .array([.number(1), .number(-0.5), .number(2000), .bool(true), .bool(false), .null]), "b": .object(["c": .string("d")])]))
        #expect(try parse(#""\u00e9\ud83d\ude00\n\t\"\\\/""#) == .string("é😀\n\t\"\\/"))
        #expect(try parse("\"é😀\"") == .string("é😀"))
        #expect(try parse("0") == .number(0))
        #expect(try parse("[]") == .array([]))
    }

    @Test(arguments: [
        ("", JSONSyntaxError.Kind.unexpectedEnd), ("{", .unexpectedEnd), (#"{"a""#, .unexpectedEnd), (#"{"a":"#, .unexpectedEnd),
        ("[1,", .unexpectedEnd), ("tr", .unexpectedEnd), ("-", .unexpectedEnd), ("1.", .unexpectedEnd), ("1e", .unexpectedEnd),
        (#""\u12"#, .unexpectedEnd), (#""\ud83d"#, .unexpectedEnd), ("\"\u{e9}".utf8.dropLast().isEmpty ? "" : "\"abc", .unexpectedEnd),
        ("{,}", .unexpectedCharacter), ("[1,]", .unexpectedCharacter), ("{'a':1}", .unexpectedCharacter), ("nul", .unexpectedEnd),
        ("truth", .unexpectedCharacter), ("NaN", .unexpectedCharacter), ("[1 2]", .unexpectedCharacter),
        ("01", .invalidNumber), ("1.e3", .invalidNumber), ("-a", .invalidNumber), ("1e999", .invalidNumber), ("+1", .unexpectedCharacter),
        ("\"a\u{1}b\"", .invalidString), (#""\x""#, .invalidString), (#""\udc00""#, .invalidString), (#""\ud800\u0041""#, .invalidString),
        (#"{"a":1,"a":2}"#, .duplicateKey("a")), ("[1] [2]", .trailingContent), ("{} x", .trailingContent),
    ])
    func malformedDocumentsAreRejected(_ text: String, expected: JSONSyntaxError.Kind) {
        #expect(kind(text) == expected)
    }

    @Test func invalidUTF8IsRejected() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x28, 0xA1, 0x22]] {
            #expect(throws: JSONSyntaxError.self) { try JSONValue(strictlyParsing: Data(bytes)) }
        }
        // A multi-byte character cut off at the end of the input is a truncation.
        #expect((try? JSONValue(strictlyParsing: Data([0x22, 0xE2, 0x82]))) == nil)
        do {
            _ = try JSONValue(strictlyParsing: Data([0x22, 0xE2, 0x82]))
        } catch {
            #expect(error.isTruncation)
        }
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(kind(deep) == .tooDeep(limit: 64))
        _ = try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(kind(hostile) == .tooDeep(limit: 64))
    }

    @Test func errorsSayWhere() {
        do {
            _ = try parse(#"{"a":tru}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.offset == 8)
            #expect(error.description.contains("at byte 8"))
        }
    }

    @Test func whatTheStrictParserAcceptsFoundationReadsTheSameWay() {
        let seeds = [
            #"{"a":[1,2.5,-3e-2,true,null],"b":"\u00e9\n","c":{"d":[]}}"#, #"[0,{"x":"y"},"z\\"]"#, #""plain""#, "123",
        ].map { Array($0.utf8) }
        var mutator = SeededMutator(seed: 0x15_0A_7E)
        var agreed = 0
        for caseNumber in 0..<20_000 {
            let bytes = Data(mutator.mutate(mutator.pick(seeds), tokens: JSONFuzzTokens.all))
            guard let strict = try? JSONValue(strictlyParsing: bytes) else { continue }
            let foundation = FoundationJSON.decode(bytes)
            #expect(foundation == strict, "case \(caseNumber): \(String(decoding: bytes, as: UTF8.self))")
            agreed += 1
        }
        #expect(agreed > 1_000)
    }
}
