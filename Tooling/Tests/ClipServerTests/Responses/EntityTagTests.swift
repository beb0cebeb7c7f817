import ClipServer
import Testing

@Suite struct EntityTagTests {
    let tag = EntityTag.of(Array("{}".utf8), count: 2)

    @Test func tagsAreQuotedAndDependOnTheBytes() {
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(EntityTag.of(Array("{ }".utf8), count: 3) != tag)
        #expect(EntityTag.of(Array("{}".utf8), count: 2) == tag)
        // The 64-bit FNV-1a hash in 16 hex digits, leading zero kept, then the length in hex.
        #expect(tag == "\"08f44b07b5901a25-2\"")
        #expect(EntityTag.of([UInt8](), count: 300) == "\"cbf29ce484222325-12c\"")
    }

    @Test func ifNoneMatchListsAreMatchedWeakly() {
        #expect(EntityTag.header(tag, matches: tag))
        #expect(EntityTag.header("\"a\", \(tag)", matches: tag))
        #expect(EntityTag.header("W/\(tag)", matches: tag))
        #expect(EntityTag.header("*", matches: tag))
        #expect(!EntityTag.header("\"a\", \"b\"", matches: tag))
        #expect(!EntityTag.header("", matches: tag))
        #expect(!EntityTag.header(String(repeating: "\(tag),", count: 1000), matches: tag), "over-long headers are not parsed")
    }

    /// Seeded mutations of a matching header never crash and never match once the tag is damaged.
    @Test func fuzzedHeadersAreHandled() {
        var generator = FuzzGenerator(seed: 0xE7A6)
        let pieces = [",", " ", "\t", "W/", "\"", "*", "x", tag]
        for _ in 0..<10_000 {
            var header = ""
            for _ in 0..<(1 + Int(generator.next() % 6)) { header += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let matched = EntityTag.header(header, matches: tag)
            let listsTag = header.split(separator: ",").contains { item in
                var trimmed = item.trimmingCharacters(in: [" ", "\t"])
                if trimmed == "*" { return true }
                if trimmed.hasPrefix("W/") { trimmed.removeFirst(2) }
                return trimmed == tag
            }
            #expect(matched == listsTag, "\(header)")
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in characters: Set<Character>) -> String {
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: Set<Character>) -> String {
        String(self).trimmingCharacters(in: characters)
    }
}
