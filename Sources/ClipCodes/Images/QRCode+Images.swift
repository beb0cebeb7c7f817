extension QRCode {
    /// The code as a PNG file: black modules on white, `pixelsPerModule` pixels a module, with
    /// `quietZone` light modules around it.
    public func png(pixelsPerModule: Int = 10, quietZone: Int = QRCode.standardQuietZone) -> [UInt8] {
        let scale = max(1, pixelsPerModule)
        let border = max(0, quietZone)
        let pixels = (size + 2 * border) * scale
        let writer = PNGWriter(width: pixels, height: pixels)
        let rowBytes = writer.bytesPerRow
        var rows = [UInt8](repeating: 0xFF, count: rowBytes * pixels)
        var moduleRow = [UInt8](repeating: 0xFF, count: rowBytes)
        for y in 0..<size {
            for index in 0..<rowBytes { moduleRow[index] = 0xFF }
            for x in 0..<size where modules[y * size + x] != 0 {
                let first = (x + border) * scale
                for pixel in first..<(first + scale) {
                    moduleRow[pixel >> 3] &= ~(0x80 >> UInt8(pixel & 7))
                }
            }
            let top = (y + border) * scale
            for row in top..<(top + scale) {
                rows.replaceSubrange((row * rowBytes)..<((row + 1) * rowBytes), with: moduleRow)
            }
        }
        return writer.file(rows: rows)
    }

    /// The dark modules as SVG path data, one rectangle a horizontal run, with the symbol's top
    /// left corner at (`x`, `y`) and `moduleSize` units a module.
    @_spi(ClipKitTooling) public func svgPathData(x originX: Double = 0, y originY: Double = 0, moduleSize: Double = 1) -> String {
        var path = ""
        path.reserveCapacity(size * size)
        for y in 0..<size {
            var x = 0
            while x < size {
                guard modules[y * size + x] != 0 else { x += 1; continue }
                let start = x
                while x < size, modules[y * size + x] != 0 { x += 1 }
                path += "M\(svgNumber(originX + Double(start) * moduleSize)) \(svgNumber(originY + Double(y) * moduleSize))"
                path += "h\(svgNumber(Double(x - start) * moduleSize))v\(svgNumber(moduleSize))h\(svgNumber(-Double(x - start) * moduleSize))z"
            }
        }
        return path
    }

    /// The code as a standalone SVG document, one unit a module, with `quietZone` light modules
    /// around it; `millimetres` sets its printed width and height (the viewBox alone otherwise).
    public func svg(quietZone: Int = QRCode.standardQuietZone, millimetres: Double? = nil) -> String {
        let border = max(0, quietZone)
        let extent = size + 2 * border
        let dimensions = millimetres.map { " width=\"\(svgNumber($0))mm\" height=\"\(svgNumber($0))mm\"" } ?? ""
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(extent) \(extent)"\(dimensions) shape-rendering="crispEdges">\
        <rect width="\(extent)" height="\(extent)" fill="#fff"/>\
        <path fill="#000" d="\(svgPathData(x: Double(border), y: Double(border)))"/></svg>

        """
    }
}

/// Numbers as SVG files carry them.
@_spi(ClipKitTooling)
public enum SVGNumber {
    /// `value` with at most three decimals, no trailing zeros and no exponent (`12`, `0.375`).
    public static func text(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// A number as SVG writes it (``SVGNumber/text(_:)``).
func svgNumber(_ value: Double) -> String { SVGNumber.text(value) }
