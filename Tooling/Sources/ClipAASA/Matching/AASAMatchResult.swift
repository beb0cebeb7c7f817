/// Which app, if any, a URL opens according to an AASA file, in `swcutil`'s words.
public struct AASAMatchResult: Sendable, Hashable {
    /// The answer.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// A component matched and opens the app.
        case match
        /// An `exclude` component (or a legacy `NOT ` path) matched first: the URL opens in the browser.
        case block
        /// Nothing matched: the URL opens in the browser.
        case unset
    }

    /// The answer.
    public let outcome: Outcome
    /// The app the answer is about; `nil` when nothing matched for any app.
    public let appID: String?
    /// The index in `applinks.details` of the entry that decided.
    public let detailIndex: Int?
    /// The index of the deciding component in that entry's `components` (or legacy `paths`).
    public let componentIndex: Int?

    /// Creates a result.
    public init(outcome: Outcome, appID: String?, detailIndex: Int?, componentIndex: Int?) {
        self.outcome = outcome
        self.appID = appID
        self.detailIndex = detailIndex
        self.componentIndex = componentIndex
    }

    /// No component matched.
    public static func unset(appID: String?) -> AASAMatchResult {
        AASAMatchResult(outcome: .unset, appID: appID, detailIndex: nil, componentIndex: nil)
    }
}

/// Why a URL could not be matched.
public enum AASAMatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an absolute URL or a path starting with `/`.
    case notAURL(String)
    /// The URL is longer than the matcher accepts.
    case tooLong(length: Int, limit: Int)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .notAURL(let text):
            return "'\(text.prefix(80))' is not a URL: give https://host/path?query#fragment or a path starting with /"
        case .tooLong(let length, let limit):
            return "the URL has \(length) characters; at most \(limit) are matched"
        }
    }
}
