@_spi(ClipKitTooling) import ClipCodes
import ClipSite
import Foundation

/// Printable A4 sheets of codes: a grid of four by five cells a page, each with its code, its label
/// and its URL, and light cut lines between cells.
struct CodeSheet {
    enum Item {
        case qr(QRCode, label: String, url: String)
        case appClipCode(svg: Data, label: String, url: String)

        var label: String {
            switch self {
            case .qr(_, let label, _), .appClipCode(_, let label, _): label
            }
        }

        var url: String {
            switch self {
            case .qr(_, _, let url), .appClipCode(_, _, let url): url
            }
        }
    }

    let items: [Item]
    let quietZone: Int

    static let pageWidth = 210.0, pageHeight = 297.0, margin = 12.0
    static let columns = 4, rows = 5
    /// The printed width of a code with its quiet zone, in millimetres.
    static let codeWidth = 36.0

    /// One SVG document per page.
    func pages() -> [String] {
        let perPage = Self.columns * Self.rows
        return stride(from: 0, to: max(1, items.count), by: perPage).map { start in
            page(Array(items[start..<min(items.count, start + perPage)]), number: start / perPage + 1)
        }
    }

    private func page(_ pageItems: [Item], number: Int) -> String {
        let cellWidth = (Self.pageWidth - 2 * Self.margin) / Double(Self.columns)
        let cellHeight = (Self.pageHeight - 2 * Self.margin) / Double(Self.rows)
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(svgNumber(Self.pageWidth))mm" height="\(svgNumber(Self.pageHeight))mm" \
        viewBox="0 0 \(svgNumber(Self.pageWidth)) \(svgNumber(Self.pageHeight))" font-family="Helvetica, Arial, sans-serif">
        <rect width="\(svgNumber(Self.pageWidth))" height="\(svgNumber(Self.pageHeight))" fill="#fff"/>

        """
        for (index, item) in pageItems.enumerated() {
            let column = index % Self.columns, row = index / Self.columns
            let x = Self.margin + Double(column) * cellWidth, y = Self.margin + Double(row) * cellHeight
            svg += "<rect x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" width=\"\(svgNumber(cellWidth))\" height=\"\(svgNumber(cellHeight))\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"0.2\" stroke-dasharray=\"1 1\"/>\n"
            let codeX = x + (cellWidth - Self.codeWidth) / 2, codeY = y + 3
            switch item {
            case .qr(let code, _, _):
                let module = Self.codeWidth / Double(code.size + 2 * quietZone)
                let origin = (x: codeX + Double(quietZone) * module, y: codeY + Double(quietZone) * module)
                svg += "<path fill=\"#000\" shape-rendering=\"crispEdges\" d=\"\(code.svgPathData(x: origin.x, y: origin.y, moduleSize: module))\"/>\n"
            case .appClipCode(let data, _, _):
                svg += "<image x=\"\(svgNumber(codeX))\" y=\"\(svgNumber(codeY))\" width=\"\(svgNumber(Self.codeWidth))\" height=\"\(svgNumber(Self.codeWidth))\" href=\"data:image/svg+xml;base64,\(data.base64EncodedString())\"/>\n"
            }
            let centre = x + cellWidth / 2
            svg += "<text x=\"\(svgNumber(centre))\" y=\"\(svgNumber(codeY + Self.codeWidth + 4.5))\" font-size=\"3.4\" font-weight=\"bold\" text-anchor=\"middle\">\(TemplateText.escapedForHTML(Self.shortened(item.label, to: 30)))</text>\n"
            svg += "<text x=\"\(svgNumber(centre))\" y=\"\(svgNumber(codeY + Self.codeWidth + 8.5))\" font-size=\"2\" fill=\"#444\" text-anchor=\"middle\">\(TemplateText.escapedForHTML(Self.shortened(item.url, to: 48)))</text>\n"
        }
        svg += "<text x=\"\(svgNumber(Self.pageWidth - Self.margin))\" y=\"\(svgNumber(Self.pageHeight - 5))\" font-size=\"2.5\" fill=\"#888\" text-anchor=\"end\">page \(number)</text>\n</svg>\n"
        return svg
    }

    private static func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}

private func svgNumber(_ value: Double) -> String { SVGNumber.text(value) }
