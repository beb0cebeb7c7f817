import ClipDoctor
import Foundation
import Testing

@Suite struct PropertyListReaderTests {
    @Test func placeholder() {}
}
