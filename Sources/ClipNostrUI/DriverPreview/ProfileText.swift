/// Cleans text from a Nostr profile before a person sees it.
///
/// Profiles are written by anyone: the text may be huge, hold control characters or
/// right-to-left overrides that disguise the rest of the screen, or be only whitespace.
enum ProfileText {
    /// `text` trimmed, without control and bidirectional-override characters, cut to
    /// `maximumLength` characters (with an ellipsis); `nil` when nothing readable remains.
    static func cleaned(_ text: String?, maximumLength: Int) -> String? {
        guard let text, maximumLength > 0 else { return nil }
        // Whitespace is collapsed scalar by scalar: a space followed by a combining mark is one
        // Character, so splitting the String on " " would leave it in place.
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars.prefix(maximumLength * 8) {
            if isHidden(scalar) { continue }
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace { scalars.append(" ") }
            pendingSpace = false
            scalars.append(scalar)
        }
        let collapsed = String(scalars)
        if collapsed.isEmpty { return nil }
        if collapsed.count <= maximumLength { return collapsed }
        var cut = String(collapsed.prefix(maximumLength - 1))
        while cut.unicodeScalars.last?.properties.isWhitespace == true { cut.unicodeScalars.removeLast() }
        return cut + "…"
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
