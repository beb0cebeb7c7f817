import Foundation

/// Writes property lists as Apple's XML format, the way Xcode stores `.entitlements` files:
/// tab-indented, keys sorted, so the output is the same on every run.
package enum PropertyListWriter {
    /// The XML property list for `value`.
    package static func xml(_ value: PropertyListValue) -> Data {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
        write(value, indent: 0, into: &text)
        text += "</plist>\n"
        return Data(text.utf8)
    }

    private static func write(_ value: PropertyListValue, indent: Int, into text: inout String) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string): text += "\(pad)<string>\(escape(string))</string>\n"
        case .integer(let number): text += "\(pad)<integer>\(number)</integer>\n"
        case .real(let number): text += "\(pad)<real>\(number)</real>\n"
        case .boolean(let flag): text += "\(pad)<\(flag ? "true" : "false")/>\n"
        case .date(let seconds): text += "\(pad)<date>\(dateText(seconds))</date>\n"
        case .data(let data): text += "\(pad)<data>\(data.base64EncodedString())</data>\n"
        case .array(let elements):
            if elements.isEmpty { text += "\(pad)<array/>\n"; return }
            text += "\(pad)<array>\n"
            for element in elements { write(element, indent: indent + 1, into: &text) }
            text += "\(pad)</array>\n"
        case .dictionary(let members):
            if members.isEmpty { text += "\(pad)<dict/>\n"; return }
            text += "\(pad)<dict>\n"
            for key in members.keys.sorted() {
                text += "\(pad)\t<key>\(escape(key))</key>\n"
                if let member = members[key] { write(member, indent: indent + 1, into: &text) }
            }
            text += "\(pad)</dict>\n"
        }
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the first and last dates the XML format holds.
    static let dateRange: ClosedRange<Double> = -63_145_526_400...252_423_993_599

    /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 2001-01-01 00:00:00 UTC, in the proleptic Gregorian
    /// calendar the reader uses (Foundation's date formatter switches to the Julian calendar before
    /// 1582, so its text read back as another day). Whole seconds, as the format has; a date outside
    /// the years 0000–9999 (possible in a binary plist) is clamped to the nearest one the format
    /// holds, and NaN is written as the reference date.
    package static func dateText(_ seconds: Double) -> String {
        let clamped = seconds.isNaN ? 0 : min(max(seconds.rounded(.down), dateRange.lowerBound), dateRange.upperBound)
        let total = Int64(clamped)
        let secondOfDay = ((total % 86_400) + 86_400) % 86_400
        let daysSince2001 = (total - secondOfDay) / 86_400
        // Civil date from days since 1970-01-01 (the inverse of the reader's arithmetic).
        let days = daysSince2001 + 11_323 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T\(digits(secondOfDay / 3_600, 2)):"
            + "\(digits(secondOfDay % 3_600 / 60, 2)):\(digits(secondOfDay % 60, 2))Z"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
