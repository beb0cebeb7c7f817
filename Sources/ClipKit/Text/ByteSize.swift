/// A byte count written for people: `512 bytes`, `128 KiB`, `953.7 MiB (1,000,000,000 bytes)`.
///
/// Whole binary units stand alone; anything else keeps its exact count beside the rounded one, so
/// a size just over a limit never reads as equal to it (`128 KiB` and `128.0 KiB (131,073 bytes)`).
@_spi(ClipKitTooling)
public enum ByteSize {
    /// `bytes` in the largest binary unit that fits, with the exact count when it is not whole.
    public static func text<Count: BinaryInteger>(_ bytes: Count) -> String {
        guard let exact = UInt64(exactly: bytes) else { return "\(grouped(String(bytes))) bytes" }
        return text(exactly: exact)
    }

    /// The work of ``text(_:)`` for a count that is not negative, in one copy for every integer type.
    private static func text(exactly exact: UInt64) -> String {
        guard exact >= 1024 else { return "\(grouped(String(exact))) \(exact == 1 ? "byte" : "bytes")" }
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var unit = 0
        var scale: UInt64 = 1024
        while unit + 1 < units.count, exact / scale >= 1024 {
            scale *= 1024
            unit += 1
        }
        if exact % scale == 0 { return "\(exact / scale) \(units[unit])" }
        // One decimal, rounded half up, in integer arithmetic (no floating point, no locale).
        var tenths = (exact % scale / (scale / 1024) * 10 + 512) / 1024 + exact / scale * 10
        if tenths >= 10240, unit + 1 < units.count {
            // Rounding reached the next unit: 1,048,575 bytes reads 1.0 MiB, not 1024.0 KiB.
            unit += 1
            tenths = 10
        }
        return "\(tenths / 10).\(tenths % 10) \(units[unit]) (\(grouped(String(exact))) bytes)"
    }

    /// Digits grouped by threes with commas: `1,073,741,824`.
    private static func grouped(_ digits: String) -> String {
        let negative = digits.hasPrefix("-")
        let plain = Array(negative ? digits.dropFirst() : Substring(digits))
        var result = ""
        for (index, character) in plain.enumerated() {
            if index > 0, (plain.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return negative ? "-" + result : result
    }
}
