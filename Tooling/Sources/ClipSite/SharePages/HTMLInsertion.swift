import Foundation

/// Puts markup that ClipKit writes itself (scripts and their data) into a rendered page.
enum HTMLInsertion {
    /// `html` with `insertion` just before its last `</body>` (in any case), or at its end when it has none.
    static func beforeBodyEnd(_ insertion: String, in html: String) -> String {
        if let end = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) {
            return html.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: insertion)
        }
        return html + insertion
    }
}
