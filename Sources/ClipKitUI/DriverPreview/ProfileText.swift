/// Cleans text from a Nostr profile before a person sees it.
///
/// Profiles are written by anyone: the text may be huge, hold control characters or
/// right-to-left overrides that disguise the rest of the screen, or be only whitespace.
enum ProfileText {
    /// `text` trimmed, without control and bidirectional-override characters, cut to
    /// `maximumLength` characters (with an ellipsis); `nil` when nothing readable remains.
    static func cleaned(_ text: String?, maximumLength: Int) -> String? {
        guard let text else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(maximumLength * 8) {
            if isHidden(scalar) { continue }
            scalars.append(scalar.properties.isWhitespace ? " " : scalar)
        }
        let collapsed = String(scalars)
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
        if collapsed.isEmpty { return nil }
        if collapsed.count <= maximumLength { return collapsed }
        return String(collapsed.prefix(maximumLength - 1)) + "…"
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0E...0x1F, 0x7F...0x9F: return true        // control characters (tabs and newlines become spaces)
        case 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // zero-width space, direction marks and overrides (joiners stay: emoji need them)
        case 0xFEFF: return true
        default: return false
        }
    }
}
