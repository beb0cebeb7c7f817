@_spi(ClipKitTooling) @testable import ClipKit
import Testing

@Suite struct ByteSizeTests {
    @Test(arguments: [
        (0, "0 bytes"),
        (1, "1 byte"),
        (1023, "1,023 bytes"),
        (1024, "1 KiB"),
        (128 * 1024, "128 KiB"),
        (128 * 1024 + 1, "128.0 KiB (131,073 bytes)"),
        (1536, "1.5 KiB (1,536 bytes)"),
        (1_000_000_000, "953.7 MiB (1,000,000,000 bytes)"),
        (1024 * 1024 * 1024, "1 GiB"),
        (1024 * 1024 - 1, "1.0 MiB (1,048,575 bytes)"),
    ])
    func aCountReadsInTheLargestUnitThatFits(_ bytes: Int, _ expected: String) {
        #expect(ByteSize.text(bytes) == expected)
    }

    @Test func theLargestCountsDoNotOverflow() {
        #expect(ByteSize.text(UInt64.max).hasSuffix("(18,446,744,073,709,551,615 bytes)"))
        #expect(ByteSize.text(UInt64.max).hasPrefix("16.0 EiB"))
    }
}
