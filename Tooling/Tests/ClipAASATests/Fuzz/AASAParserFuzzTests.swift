import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// Seeded random mutations of valid AASA files through the reader, the model, the validator and
/// the matcher: no crash, no hang, consistent answers, and a stable round trip for what parses.
@Suite struct AASAParserFuzzTests {
    static func seeds() throws -> [Data] {
        var seeds = [
            AppleExampleMatchingTests.applinksExample, AppleExampleMatchingTests.substitutionExample,
            AppleExampleMatchingTests.legacyExample, AASAGeneratorTests.roadflareIntended,
            ##"{"applinks":{"defaults":{"caseSensitive":false,"percentEncoded":false},"details":[{"appIDs":["ABCDE12345.a.b"],"defaults":{"caseSensitive":true},"components":[{"/":"/x/$(alnum)?*","?":{"k":"$(digit)"},"#":"f*","exclude":true,"comment":"\u00e9\ud83d\ude97\n"}]}]},"activitycontinuation":{"apps":["ABCDE12345.a.b"]}}"##,
        ].map { Data($0.utf8) }
        for manifest in [try ExampleManifests.roadflare(), try ExampleManifests.bluesky()] {
            seeds += try AASAGenerator(manifest: manifest).documentsByDomain().values.map { $0.encoded() }
        }
        return seeds
    }

    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", "\"", "\\", ",", ":", " ", "\u{0}", "\\u12", "\\ud800", "$(", ")", "*", "?", "%", "%G", "NOT ",
        "1e999", "-0", "true", "null", "\"/\"", "\"?\"", "{\"a\":1}", "[[[[", "\"exclude\":\"x\"",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xEF, 0xBB, 0xBF], [0xE2, 0x80, 0xA8]]

    static func mutate<G: RandomNumberGenerator>(_ input: [UInt8], using random: inout G) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1:
                bytes.insert(contentsOf: tokens.randomElement(using: &random) ?? [], at: position)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
                bytes.removeSubrange(position..<end)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: Int.random(in: 0...bytes.count, using: &random))
            case 4:
                bytes = Array(bytes.prefix(position))
            default:
                if let index = bytes.indices.filter({ bytes[$0] == UInt8(ascii: "\"") }).randomElement(using: &random) {
                    bytes.insert(contentsOf: Array("a".utf8), at: index + 1)
                }
            }
        }
        return bytes
    }

    static let probeURLs = [
        "https://example.com/", "https://example.com/share/d/npub1xyz?x=1#f", "https://example.com/a%2Fb/%C3%A9?k=%20&k",
        "/help/1234?articleNumber=1234", "https://example.com/" + String(repeating: "a/", count: 300),
    ]

    @Test(.timeLimit(.minutes(1))) func mutatedFilesNeverCrashAndAnswerConsistently() throws {
        var random = SeededGenerator(seed: 0xF022_0001)
        let seeds = try Self.seeds().map { [UInt8]($0) }
        var parsed = 0
        let cases = 3_000
        for _ in 0..<cases {
            let input = Data(Self.mutate(seeds.randomElement(using: &random) ?? [], using: &random))
            let report = AASAValidator().validate(data: input)
            #expect(report.isValid == report.errors.isEmpty)
            #expect(report.findings.allSatisfy { !$0.message.isEmpty && !$0.fix.isEmpty && $0.path.hasPrefix("$") })
            guard let document = try? AASADocument(parsing: input) else { continue }
            parsed += 1
            #expect(try AASADocument(parsing: document.encoded()) == document, "the round trip changed the document")
            let matcher = AASAMatcher(document: document)
            for url in Self.probeURLs {
                let result = try matcher.match(url)
                #expect((result.outcome == .unset) == (result.componentIndex == nil))
                if let app = result.appID { #expect(matcher.applicationIdentifiers.contains(app)) }
            }
        }
        #expect(parsed > cases / 20, "too few mutants parse (\(parsed)) for the round trip to be exercised")
    }

    /// Where both parse, the strict reader and Foundation's JSON parser read the same value; where
    /// Foundation rejects the text, so does the reader.
    @Test func theReaderAgreesWithFoundationsParser() throws {
        var random = SeededGenerator(seed: 0xF022_0002)
        let seeds = try Self.seeds().map { [UInt8]($0) }
        var compared = 0
        for _ in 0..<2_000 {
            let input = Data(Self.mutate(seeds.randomElement(using: &random) ?? [], using: &random))
            guard StrictJSONParser.byteOrderMark(in: input) == nil else { continue }
            let ours = (try? AASADocument.read(input))?.value
            let foundation = (try? JSONSerialization.jsonObject(with: input, options: [.fragmentsAllowed])).map(Self.jsonValue)
            if foundation == nil { #expect(ours == nil, "accepted what Foundation rejects: \(String(decoding: input, as: UTF8.self).prefix(200))") }
            if let ours, let foundation {
                compared += 1
                #expect(ours == foundation, "\(String(decoding: input, as: UTF8.self).prefix(200))")
            }
        }
        #expect(compared > 100)
    }

    static func jsonValue(_ object: Any) -> JSONValue {
        switch object {
        case let number as NSNumber:
            // Booleans come back as NSNumbers of Objective-C type 'c' (char).
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case let text as String: return .string(text)
        case let array as [Any]: return .array(array.map(jsonValue))
        case let dictionary as [String: Any]: return .object(dictionary.mapValues(jsonValue))
        default: return .null
        }
    }

    @Test(.timeLimit(.minutes(1))) func hostileShapesAreRejectedCleanly() throws {
        let deepArrays = Data(String(repeating: "[", count: 200_000).utf8)
        #expect(AASAValidator().validate(data: deepArrays).codes == [.fileTooLarge])
        let deepButSmall = Data((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8)
        let nested = AASAValidator().validate(data: deepButSmall)
        #expect(nested.codes == [.notJSON])
        #expect(nested.findings.first?.message.contains("nested") == true)
        let deepObjects = Data((String(repeating: #"{"a":"#, count: 70) + "1" + String(repeating: "}", count: 70)).utf8)
        #expect(AASAValidator().validate(data: deepObjects).codes == [.notJSON])
        #expect(AASAValidator().validate(data: Data()).codes == [.notJSON])
        #expect(AASAValidator().validate(data: Data([0xFF, 0xFE, 0x7B, 0x00])).codes == [.byteOrderMark])
        #expect(AASAValidator().validate(data: Data("\"\u{0}\"".utf8)).codes == [.notJSON])
        let manyComponents = "[" + Array(repeating: #"{"/":"/*a*a*a*a*a*a*a*a*b"}"#, count: 3_000).joined(separator: ",") + "]"
        let crowded = AASAValidator().validate(data: Data(AASAValidatorFindingTests.file(manyComponents).utf8))
        #expect(crowded.codes == [.shadowedComponent])
        #expect(crowded.warnings.count == 2_999)
    }
}
