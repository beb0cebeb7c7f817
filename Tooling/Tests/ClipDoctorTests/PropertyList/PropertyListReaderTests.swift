import ClipDoctor
import Foundation
import Testing

@Suite struct PropertyListReaderTests {
    let sample: PropertyListValue = .dictionary([
        "com.apple.developer.associated-domains": .array([.string("appclips:roadflare.app"), .string("applinks:roadflare.app")]),
        "com.apple.developer.on-demand-install-capable": .boolean(true),
        "flag": .boolean(false),
        "count": .integer(-42),
        "big": .integer(1 << 40),
        "ratio": .real(2.5),
        "blob": .data(Data([0, 1, 2, 250])),
        "when": .date(725_846_400),
        "text": .string("a < b & c > \"d\" — ünïcödé 🚕"),
        "empty": .dictionary([:]),
        "none": .array([]),
        "nested": .dictionary(["deeper": .array([.dictionary(["leaf": .string("")])])]),
    ])

    @Test func readsFoundationsXMLOutput() throws {
        let xml = try Fixtures.foundationXMLPlist(sample)
        let (value, format) = try PropertyListReader().readWithFormat(xml)
        #expect(format == .xml)
        #expect(value == sample)
    }

    @Test func readsFoundationsBinaryOutput() throws {
        let binary = try Fixtures.binaryPlist(sample)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        let (value, format) = try PropertyListReader().readWithFormat(binary)
        #expect(format == .binary)
        #expect(value == sample)
    }

    @Test func writerOutputReadsBackAndFoundationAgrees() throws {
        let xml = PropertyListWriter.xml(sample)
        #expect(try PropertyListReader().read(xml) == sample)
        let foundation = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let again = try PropertyListReader().read(try PropertyListSerialization.data(fromPropertyList: foundation, format: .binary, options: 0))
        #expect(again == sample)
    }

    @Test func readsAnXcodeStyleEntitlementsFile() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <!-- written by hand -->
        <dict>
        \t<key>com.apple.developer.parent-application-identifiers</key>
        \t<array>
        \t\t<string>$(AppIdentifierPrefix)com.roadflare.RoadFlare</string>
        \t</array>
        \t<key>amp</key><string>&amp;&lt;&#65;&#x42;<![CDATA[<raw>]]></string>
        \t<key>hex</key><integer>0x1F</integer>
        \t<key>empty</key><string/>
        </dict>
        </plist>
        """
        let value = try PropertyListReader().read(Data(text.utf8))
        #expect(value["com.apple.developer.parent-application-identifiers"]?.stringArrayValue == ["$(AppIdentifierPrefix)com.roadflare.RoadFlare"])
        #expect(value["amp"] == .string("&<AB<raw>"))
        #expect(value["hex"] == .integer(31))
        #expect(value["empty"] == .string(""))
    }

    @Test(arguments: [
        ("<plist><dict><key>a</key></dict></plist>", "expected an element"),
        ("<plist><dict><string>x</string></dict></plist>", "expected <key>"),
        ("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>", "twice"),
        ("<plist><array><string>x</array></plist>", "expected </string>"),
        ("<plist><integer>12x</integer></plist>", "not an integer"),
        ("<plist><date>yesterday</date></plist>", "not a date"),
        ("<plist><string>a &bogus; b</string></plist>", "not a character reference"),
        ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string/></plist>", "internal subset"),
        ("<plist><string>x</string></plist>trailing", "after </plist>"),
        ("<plist><unknown/></plist>", "not a property-list element"),
        ("<plist><dict>", "ends"),
    ])
    func rejectsMalformedXML(text: String, expected: String) {
        #expect {
            _ = try PropertyListReader().read(Data(text.utf8))
        } throws: { error in
            (error as? PropertyListError)?.description.contains(expected) == true
        }
    }

    @Test func rejectsDeepNestingWithoutExhaustingTheStack() {
        let depth = 100_000
        let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(throws: PropertyListError.tooDeep(limit: 64)) {
            _ = try PropertyListReader().read(Data(text.utf8))
        }
    }

    @Test func rejectsInputsOverTheSizeCap() {
        let reader = PropertyListReader(maximumBytes: 100)
        #expect(throws: PropertyListError.tooLarge(bytes: 101, limit: 100)) {
            _ = try reader.read(Data(repeating: 0x20, count: 101))
        }
    }

    @Test func rejectsUnknownFormats() {
        #expect(throws: PropertyListError.unknownFormat) { _ = try PropertyListReader().read(Data("{\"json\": true}".utf8)) }
    }

    // MARK: Binary: hand-built hostile lists

    /// A binary plist from raw objects: `objects[i]` is the encoded object, refs are 1 byte, offsets 1 byte.
    static func binary(objects: [[UInt8]], top: UInt64 = 0, objectCount: UInt64? = nil, offsetTableOffset: UInt64? = nil) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects { offsets.append(UInt8(bytes.count)); bytes += object }
        let table = UInt64(bytes.count)
        bytes += offsets
        var trailer = [UInt8](repeating: 0, count: 6) + [1, 1]
        for value in [objectCount ?? UInt64(objects.count), top, offsetTableOffset ?? table] {
            trailer += withUnsafeBytes(of: value.bigEndian) { Array($0) }
        }
        return Data(bytes + trailer)
    }

    @Test func binaryArrayThatContainsItselfIsRejected() {
        // Object 0: an array of one reference, to object 0.
        let data = Self.binary(objects: [[0xA1, 0x00]])
        #expect {
            _ = try PropertyListReader().read(data)
        } throws: { error in
            (error as? PropertyListError)?.description.contains("contains itself") == true
        }
    }

    @Test func binarySharedReferencesCannotMultiplyTheWork() {
        // Each array holds its successor 15 times: 15^12 values if expanded; the object cap stops it.
        var objects: [[UInt8]] = []
        for index in 0..<12 { objects.append([0xAF, 0x10, 15] + [UInt8](repeating: UInt8(index + 1), count: 15)) }
        objects.append([0x09])
        let data = Self.binary(objects: objects)
        #expect(throws: PropertyListError.tooManyObjects(limit: 100_000)) {
            _ = try PropertyListReader().read(data)
        }
    }

    @Test func binaryTrailerCountsAreChecked() {
        #expect(throws: PropertyListError.tooManyObjects(limit: 100_000)) {
            _ = try PropertyListReader().read(Self.binary(objects: [[0x09]], objectCount: 1 << 40))
        }
        #expect(throws: PropertyListError.malformedBinary(reason: "the trailer declares no objects")) {
            _ = try PropertyListReader().read(Self.binary(objects: [[0x09]], objectCount: 0))
        }
        #expect(throws: PropertyListError.malformedBinary(reason: "the top object 5 is outside the 1 objects")) {
            _ = try PropertyListReader().read(Self.binary(objects: [[0x09]], top: 5))
        }
    }

    @Test func binaryOffsetTablePastTheEndIsRejected() {
        let data = Self.binary(objects: [[0x09]], offsetTableOffset: 1 << 62)
        #expect {
            _ = try PropertyListReader().read(data)
        } throws: { error in
            (error as? PropertyListError)?.description.contains("offset table") == true
        }
    }

    @Test func binaryHugeLengthsAreRejected() {
        // A string claiming 2^62 bytes.
        let data = Self.binary(objects: [[0x5F, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])
        #expect(throws: (any Error).self) { _ = try PropertyListReader().read(data) }
        // A dictionary whose key is not a string.
        let badKey = Self.binary(objects: [[0xD1, 0x01, 0x01], [0x09]])
        #expect {
            _ = try PropertyListReader().read(badKey)
        } throws: { error in
            (error as? PropertyListError)?.description.contains("not a string") == true
        }
    }
}
