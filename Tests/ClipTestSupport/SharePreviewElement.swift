import Foundation

/// The preview element of a share page (`[data-clipkit-profile]`) in a DOM that Chromium
/// serialized, with the state the link-profile script left on it.
public struct SharePreviewElement: Sendable, Equatable {
    /// The element's start tag, with its attributes.
    public let startTag: String
    /// What the element holds, as serialized.
    public let content: String

    /// Finds the element in `dom`; `nil` when the page has none.
    public init?(dom: String) {
        guard let marker = dom.range(of: "data-clipkit-profile"),
              let open = dom.range(of: "<div", options: .backwards, range: dom.startIndex..<marker.lowerBound),
              let tagEnd = dom.range(of: ">", range: marker.upperBound..<dom.endIndex),
              let close = dom.range(of: "</div>", range: tagEnd.upperBound..<dom.endIndex)
        else { return nil }
        startTag = String(dom[open.lowerBound..<tagEnd.upperBound])
        content = String(dom[tagEnd.upperBound..<close.lowerBound])
    }

    /// `data-clipkit-link-profile`: `checking`, `verified`, `rejected`, `ignored`, `outdated`,
    /// `unverifiable`; `nil` when the script did not look at a fragment.
    public var state: String? { attribute("data-clipkit-link-profile") }

    /// `data-clipkit-link-profile-reason`: the reason code, for a profile not shown.
    public var reason: String? { attribute("data-clipkit-link-profile-reason") }

    /// The profile's markup without the script's status line and without white space between tags,
    /// so a preview the script built compares equal to one the server rendered.
    public var profileMarkup: String {
        var text = content
        while let hint = text.range(of: #"<p class="hint link-profile">"#),
              let end = text.range(of: "</p>", range: hint.upperBound..<text.endIndex) {
            text.removeSubrange(hint.lowerBound..<end.upperBound)
        }
        return text.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func attribute(_ name: String) -> String? {
        guard let start = startTag.range(of: " \(name)=\""),
              let end = startTag.range(of: "\"", range: start.upperBound..<startTag.endIndex)
        else { return nil }
        return String(startTag[start.upperBound..<end.lowerBound])
    }
}
