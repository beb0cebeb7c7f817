/// Reads the byte counts that Xcode writes in size reports: `6.7 MB`, `333 KB`, `Zero KB`, `512 bytes`.
///
/// Apple's tools format sizes in decimal units (1 KB = 1,000 bytes, 1 MB = 1,000,000 bytes), so a
/// shown `13.7 MB` is read as 13,700,000 bytes. Xcode rounds to one decimal, so the true size can
/// differ by up to half of the last digit shown.
enum ByteCountText {
    static let unitBytes: [String: Int64] = [
        "bytes": 1, "byte": 1, "b": 1,
        "kb": 1_000, "mb": 1_000_000, "gb": 1_000_000_000,
    ]

    /// The number of bytes that `text` names, or `nil` when it is not a size.
    static func bytes(_ text: String) -> Int64? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let unit = unitBytes[parts[1].lowercased()] else { return nil }
        if parts[0].lowercased() == "zero" { return 0 }
        let number = Array(parts[0].utf8)
        guard !number.isEmpty, number.count <= 24 else { return nil }
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var inFraction = false
        for byte in number {
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                guard !inFraction else { return nil }
                inFraction = true
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let digit = Int64(byte - 0x30)
            if inFraction {
                guard fractionDigits < 6 else { return nil }
                fraction = fraction * 10 + digit
                fractionDigits += 1
            } else {
                let shifted = whole.multipliedReportingOverflow(by: 10)
                guard !shifted.overflow else { return nil }
                whole = shifted.partialValue + digit
            }
        }
        if inFraction, fractionDigits == 0 { return nil }
        // A comma followed by three digits is a thousands separator in some locales' output; reject it
        // rather than guess.
        if number.contains(UInt8(ascii: ",")), fractionDigits == 3 { return nil }
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let wholeBytes = whole.multipliedReportingOverflow(by: unit)
        guard !wholeBytes.overflow, wholeBytes.partialValue <= 1_000_000_000_000_000 else { return nil }
        return wholeBytes.partialValue + (fraction * unit + scale / 2) / scale
    }
}
