@_spi(ClipKitTooling) import ClipKit
import ClipNostr
import Foundation
import ClipTestSupport
import Testing

/// The strict parser accepts JSON's grammar and nothing that other parsers could read differently.
@Suite struct StrictJSONParserTests {
    let parser = StrictJSONParser()

    func parses(_ text: String) -> Bool {
        (try? parser.parse(text)) != nil
    }

    @Test func valuesOfEveryType() throws {
        let value = try parser.parse(#" {"a":[1,-2.5e3,true,false,null,"x"],"b":{}} "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5e3), .bool(true), .bool(false), .null, .string("x")]),
            "b": .object([:]),
        ]))
        // Numbers keep their literal text.
        #expect(Self.literals(in: value) == ["1", "-2.5e3"])
        #expect(try parser.parse("[]") == .array([]))
        #expect(try parser.parse(#""""#) == .string(""))
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "+1", "1e", "0x10", "NaN", "Infinity",
        "tru", "nul", "[1 2]", "{\"a\" 1}", "{a:1}", "'x'", "\"abc", "[1]]", "{} {}", "\"\\u00g0\"",
    ])
    func invalidGrammarIsRejected(_ text: String) {
        #expect(!parses(text), "accepted \(text)")
    }

    @Test func surrogatePairsDecodeAndLoneSurrogatesDoNot() throws {
        #expect(try parser.parse(#""\ud83d\ude97""#) == .string("🚗"))
        #expect(try parser.parse(#""\uD83D\uDE97""#) == .string("🚗"))
        #expect(!parses(#""\ud83d""#))
        #expect(!parses(#""\ude97\ud83d""#))
    }

    @Test func depthAndSizeAreCapped() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(!parses(deep))
        #expect((try? StrictJSONParser(maximumDepth: 40).parse(deep)) != nil)
        #expect((try? StrictJSONParser(maximumBytes: 4).parse("[1,2]")) == nil)
        #expect(!parses("1" + String(repeating: "0", count: 70)))
    }

    @Test func errorsSayWhere() {
        do {
            _ = try parser.parse(#"{"a":1,"a":2}"#)
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.offset == 7)
            #expect(error.description.contains("twice"))
        }
    }

    @Test func integersAreExact() throws {
        #expect(try parser.parse("9007199254740993").int64Value == 9_007_199_254_740_993)
        #expect(try parser.parse("1.0").int64Value == nil)
        #expect(try parser.parse("92233720368547758070").int64Value == nil)
    }

    /// The literal text of every number in `value`, in document order (members by name).
    static func literals(in value: JSONValue) -> [String?] {
        switch value {
        case .number(let number): return [number.literal]
        case .array(let elements): return elements.flatMap(literals)
        case .object(let members): return members.keys.sorted().flatMap { members[$0].map(literals) ?? [] }
        default: return []
        }
    }

    static func hasNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): return !number.doubleValue.isFinite
        case .array(let elements): return elements.contains(where: hasNumberBeyondDouble)
        case .object(let members): return members.values.contains(where: hasNumberBeyondDouble)
        default: return false
        }
    }

    /// Seeded mutations of valid documents: the parser never crashes, anything it accepts
    /// Foundation's parser accepts too, and what it accepts survives a write-and-read round trip.
    @Test func fuzzedDocumentsNeverCrashAndRoundTrip() throws {
        let seeds = [
            SampleEvents.noteJSON, SampleEvents.profileJSON,
            #"["EVENT","sub",{"a":[1,2,{"b":"\u00e9\n"}],"c":-0.5e-3}]"#,
            #"{"k":"\ud83d\ude97","n":null,"t":true,"f":false,"e":[]}"#,
        ].map { Array($0.utf8) }
        let tokens = [#"\u"#, #"\ud800"#, "\"", "\\", "{", "}", "[", "]", ",", ":", "1e5", "-", "\u{2028}", "\0"].map { Array($0.utf8) }
        var mutator = SeededMutator(seed: 0x5EED_0001)
        var accepted = 0
        for round in 0..<6_000 {
            let input = mutator.mutate(mutator.pick(seeds), tokens: tokens)
            guard let value = try? parser.parse(input) else { continue }
            accepted += 1
            // Foundation refuses numbers a Double cannot hold (1e999); JSON's grammar allows them.
            #expect(Self.hasNumberBeyondDouble(value) || (try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])) != nil,
                    "round \(round): Foundation rejects what the strict parser accepted: \(String(decoding: input, as: UTF8.self).prefix(200))")
            let rewritten = JSONTestWriter.write(value)
            let reread = try parser.parse(rewritten)
            #expect(reread == value, "round \(round): the value changed in a round trip")
            // Equal numbers may be written differently (1 and 1.0); the literal text must survive too.
            #expect(JSONTestWriter.write(reread) == rewritten, "round \(round): a number's text changed in a round trip")
        }
        #expect(accepted > 100, "too few mutations stayed valid (\(accepted)) for the round trip to mean much")
    }
}

/// Writes a ``JSONValue`` back as JSON, escaping every string's non-ASCII characters, so a
/// round trip exercises the parser's escape handling.
enum JSONTestWriter {
    static func write(_ value: JSONValue) -> [UInt8] {
        var output = ""
        append(value, to: &output)
        return Array(output.utf8)
    }

    private static func append(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.literal ?? number.description
        case .string(let text): appendString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                append(element, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                appendString(key, to: &output)
                output += ":"
                if let member = members[key] { append(member, to: &output) }
            }
            output += "}"
        }
    }

    private static func appendString(_ text: String, to output: inout String) {
        output += "\""
        for unit in text.utf16 {
            if unit == 0x22 || unit == 0x5C || unit < 0x20 || unit > 0x7E {
                output += String(format: "\\u%04x", unit)
            } else {
                output += String(UnicodeScalar(UInt8(unit)))
            }
        }
        output += "\""
    }
}
