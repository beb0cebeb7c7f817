@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// `JSONValue.serialized()` is ClipKit's own writer; it must write exactly the bytes Foundation's
/// `JSONEncoder` writes (sorted keys, unescaped slashes) and read back as the same value.
@Suite struct JSONValueSerializationTests {
    static let awkwardStrings = [
        "", "plain", "a/b", "quote\"back\\slash", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F} \u{7F}",
        "é", "e\u{301}", "\u{2028}\u{2029}", "😀", "\u{FF5E}", "Å", "\u{212B}", "</script>", "_", "A", "a10", "a9",
    ]
    static let awkwardNumbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 1.5e-7, 1e20, 1e300, -2.5, 123_456.789, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        0.1 + 0.2, 100, 1e16, 9_007_199_254_740_992, -9_007_199_254_740_992, 9_007_199_254_740_994, 1e15 + 0.5,
    ]

    @Test func awkwardValuesAreWrittenAsJSONEncoderWritesThem() throws {
        var values: [JSONValue] = [.null, .bool(true), .bool(false), .array([]), .object([:])]
        values += Self.awkwardStrings.map { .string($0) }
        values += Self.awkwardNumbers.map { .number($0) }
        // Canonically equivalent names (é and e + U+0301) are one Swift dictionary key.
        values.append(.object(Dictionary(Self.awkwardStrings.enumerated().map { ($1, .number(Double($0))) }, uniquingKeysWith: { first, _ in first })))
        for value in values {
            let ours = value.serialized()
            #expect(ours == (try FoundationJSON.encode(value)), "\(String(decoding: ours, as: UTF8.self))")
            #expect(try JSONValue(parsing: ours) == value)
        }
    }

    @Test func keysAreSortedByTheirUTF8Bytes() {
        let value = JSONValue.object(["f": .null, "e\u{301}x": .null, "ea": .null, "\u{212B}": .null, "Å1": .null, "B": .null])
        #expect(String(decoding: value.serialized(), as: UTF8.self) == #"{"B":null,"ea":null,"e\#u{301}x":null,"f":null,"Å1":null,"\#u{212B}":null}"#)
    }

    @Test func numbersThatJSONCannotHoldMakeTheResultNull() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(JSONValue.array([.number(1), .object(["x": .number(number)])]).serialized() == Data("null".utf8))
        }
    }

    @Test func randomValuesAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SeededGenerator(seed: 0x5E71A1)
        for caseNumber in 0..<3_000 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let ours = value.serialized()
            let foundation = try FoundationJSON.encode(value)
            #expect(ours == foundation, "case \(caseNumber): \(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: foundation, as: UTF8.self))")
            #expect(try JSONValue(parsing: ours) == value, "case \(caseNumber)")
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch generator.below(depth < 4 ? 8 : 5) {
        case 0: return .null
        case 1: return .bool(generator.below(2) == 0)
        case 2: return .number(randomNumber(using: &generator))
        case 3, 4: return .string(randomString(using: &generator))
        case 5: return .array((0..<generator.below(5)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<generator.below(6) {
                members[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    static func randomNumber(using generator: inout SeededGenerator) -> Double {
        switch generator.below(4) {
        case 0: return Double(Int(truncatingIfNeeded: generator.next()) >> generator.below(64))
        case 1: return generator.pick(awkwardNumbers)
        case 2: return Double(bitPattern: generator.next()).isFinite ? Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) : 0.5
        default: return Double(generator.below(2_000_000) - 1_000_000) / Double(generator.pick([1, 3, 7, 10, 1_000, 1 << 20]))
        }
    }

    static func randomString(using generator: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<generator.below(8) {
            let pools: [ClosedRange<UInt32>] = [0...0x7F, 0...0x1F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
            let fetcher = generator.pick(pools)
            let value = fetcher.lowerBound + UInt32(generator.below(Int(fetcher.upperBound - fetcher.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
