import Foundation

/// Writes property lists as Apple's XML format, the way Xcode stores `.entitlements` files:
/// tab-indented, keys sorted, so the output is the same on every run.
public enum PropertyListWriter {
    /// The XML property list for `value`.
    public static func xml(_ value: PropertyListValue) -> Data {
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
        case .date(let seconds):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            text += "\(pad)<date>\(formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds)))</date>\n"
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

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
