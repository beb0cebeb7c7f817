@_spi(ClipKitTooling) import ClipKit
import Foundation
import Testing

/// JSON numbers keep their text: exact integers beyond a `Double`, and equality by value.
@Suite struct JSONNumberTests {
    private func parse(_ text: String) throws -> JSONValue {
        try StrictJSONParser().parse(text)
    }

    @Test func parsedNumbersKeepTheirText() throws {
        guard case .number(let number) = try parse("-2.5e3") else {
            Issue.record("not a number")
            return
        }
        #expect(number.literal == "-2.5e3")
        #expect(number.doubleValue == -2500)
        #expect(JSONNumber(2.5).literal == nil)
        #expect(JSONNumber(Int64.max).literal == "9223372036854775807")
    }

    @Test func integersAreExactBeyondADouble() throws {
        #expect(try parse("9007199254740993").int64Value == 9_007_199_254_740_993)
        #expect(try parse("-9223372036854775808").int64Value == .min)
        #expect(try parse("1.0").int64Value == nil)
        #expect(try parse("1e2").int64Value == nil)
        #expect(try parse("92233720368547758070").int64Value == nil)
        // integerValue is the Double's, within ±2^53, as it has always been.
        #expect(try parse("1e2").integerValue == 100)
        #expect(try parse("1.5").integerValue == nil)
        #expect(try parse("9007199254740994").integerValue == nil)
    }

    @Test func equalNumbersAreEqualHoweverTheyAreWritten() throws {
        #expect(try parse("1") == parse("1.0"))
        #expect(try parse("1") == parse("1e0"))
        #expect(try parse("1") == .number(1.0))
        #expect(try parse("-0") == .number(0))
        #expect(try parse("9007199254740993") != parse("9007199254740992"))
        #expect(try parse("[1e999]") == parse("[1e999]"))
        #expect(try parse("[1e999]") != parse("[2e999]"))
    }

    @Test func numbersAreWrittenCanonically() throws {
        let value = try StrictJSONParser().parse("[9007199254740993, 18446744073709551616, -0, 2e3, 1.50, 1e-7, 1e999]")
        #expect(String(decoding: value.serialized(), as: UTF8.self) == "[9007199254740993,18446744073709551616,0,2000,1.5,1e-07,1e999]")
        #expect(JSONValue.number(UInt64.max).serialized() == Data("18446744073709551615".utf8))
        #expect(JSONValue.number(Double.nan).serialized() == Data("null".utf8))
        #expect(JSONNumber(Double.infinity).jsonText == nil)
    }
}
