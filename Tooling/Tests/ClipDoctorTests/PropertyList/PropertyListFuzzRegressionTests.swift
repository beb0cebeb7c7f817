import ClipDoctor
import Foundation
import Testing

/// Inputs the libFuzzer target `FuzzPropertyList` (fuzz/) found, kept as regressions. Each is also
/// in the target's seed corpus, `fuzz/Corpus/FuzzPropertyList/regression-…`.
@Suite struct PropertyListFuzzRegressionTests {
    /// What the fuzz target checks: the XML written for a value read back, and writing that again
    /// gives the same XML.
    func expectStableXML(_ input: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try PropertyListReader().read(input)
        let xml = PropertyListWriter.xml(value)
        let again = try PropertyListReader().read(xml)
        #expect(PropertyListWriter.xml(again) == xml, sourceLocation: sourceLocation)
    }

    /// `regression-date-before-1582.plist`: the writer formatted dates with Foundation's formatter,
    /// which uses the Julian calendar before 1582, while the reader counts days in the proleptic
    /// Gregorian calendar; 1000-01-01 read back as another day on every round trip.
    @Test func dateBefore1582RoundTrips() throws {
        let input = """
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>a</key>
\t<array>
\t\t<integer>1</integer>
\t\t<array>
\t\t\t<integer>2</integer>
\t\t\t<array>
\t\t\t\t<integer>3</integer>
\t\t\t</array>
\t\t</array>
\t\t<dict>
\t\t\t<key>k</key>
\t\t\t<string>v</string>
\t\t</dict>
\t</array>
\t<key>b</key>
\t<data>
\tAP9kYXRh
\t</data>
\t<key>d</key>
\t<date>1000-01-01T00:00:00Z</date>
\t<key>f</key>
\t<false/>
\t<key>i</key>
\t<integer>-9223372036854775808</integer>
\t<key>r</key>
\t<real>3.5</real>
\t<key>s</key>
\t<string>café 🚗</string>
\t<key>t</key>
\t<true/>
\t<key>u</key>
\t<integer>9223372036854775807</integer>
</dict>
</plist>
"""
        try expectStableXML(Data(input.utf8))
        let value = try PropertyListReader().read(Data(input.utf8))
        #expect(value["d"] == .date(-31_588_531_200))
        let xml = String(decoding: PropertyListWriter.xml(value), as: UTF8.self)
        #expect(xml.contains("<date>1000-01-01T00:00:00Z</date>"))
    }

    @Test(arguments: [
        ("0000-01-01T00:00:00Z", -63_145_526_400.0), ("1582-10-04T23:59:59Z", -13_198_464_001.0),
        ("1970-01-01T00:00:00Z", -978_307_200.0), ("2001-01-01T00:00:00Z", 0.0),
        ("2024-02-29T12:34:56Z", 730_902_896.0), ("9999-12-31T23:59:59Z", 252_423_993_599.0),
    ])
    func writerAndReaderAgreeOnDates(text: String, seconds: Double) throws {
        let xml = Data("<plist><date>\(text)</date></plist>".utf8)
        #expect(try PropertyListReader().read(xml) == .date(seconds))
        #expect(PropertyListWriter.dateText(seconds) == text)
    }

    /// A binary plist may hold any double as a date; the XML format holds the years 0000–9999 in
    /// whole seconds, so the writer clamps and truncates, and what it writes reads back.
    @Test(arguments: [-1e300, -63_145_526_401.0, 0.75, 252_423_993_600.0, .infinity, -.infinity, .nan])
    func datesTheXMLFormatCannotHoldStillWriteReadably(seconds: Double) throws {
        try expectStableXML(try Fixtures.binaryPlist(.dictionary(["d": .date(seconds)])))
        let text = PropertyListWriter.dateText(seconds)
        _ = try PropertyListReader().read(Data("<plist><date>\(text)</date></plist>".utf8))
    }
}
