@_spi(ClipKitTooling) import ClipNostr
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each relay's progress, redrawn in place on a terminal while a profile fetch runs.
final class RelayProgressDisplay {
    private var linesDrawn = 0
    private let width: Int

    private init(width: Int) {
        self.width = width
    }

    /// A display on standard error, or `nil` when standard error is not a terminal or it is not wanted.
    static func forStandardError(enabled: Bool) -> RelayProgressDisplay? {
        guard enabled, isatty(STDERR_FILENO) == 1 else { return nil }
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        return RelayProgressDisplay(width: max(20, columns - 1))
    }

    /// Redraws the block for `update`; the final update erases it, since the result follows.
    func show(_ update: ProfileFetchUpdate) {
        if update.isFinal {
            erase()
            return
        }
        var lines: [String] = []
        if let found = update.profile {
            lines.append("profile: \(found.profile.preferredName ?? "(no name)") from \(found.origin.description) after \(ProfileReport.format(found.receivedAfter))")
        } else {
            lines.append("profile: waiting… (\(ProfileReport.format(update.elapsed)))")
        }
        for relay in update.relays {
            lines.append("  \(relay.relay.string)  \(Self.describe(relay))")
        }
        var text = ""
        if linesDrawn > 0 { text += "\u{1B}[\(linesDrawn)A" }
        // Lines are cut to the terminal's width so each takes exactly one row.
        for line in lines { text += "\u{1B}[2K\(line.count > width ? String(line.prefix(width - 1)) + "…" : line)\n" }
        linesDrawn = lines.count
        FileHandle.standardError.write(Data(text.utf8))
    }

    private func erase() {
        guard linesDrawn > 0 else { return }
        FileHandle.standardError.write(Data("\u{1B}[\(linesDrawn)A\u{1B}[J".utf8))
        linesDrawn = 0
    }

    /// One relay's state in a few words.
    static func describe(_ report: RelayReport) -> String {
        var text: String
        switch report.state {
        case .connecting: text = "connecting…"
        case .waiting: text = "subscribed, waiting…"
        case .finished(let outcome): text = outcome.description
        }
        if let finished = report.finishedAfter { text += " (\(ProfileReport.format(finished)))" }
        if report.eventsReceived > 0 || report.eventsDropped > 0 {
            text += ", \(report.eventsReceived) event(s), \(report.eventsDropped) dropped"
        }
        return text
    }
}
