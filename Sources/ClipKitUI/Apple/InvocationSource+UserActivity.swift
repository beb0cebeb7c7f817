#if canImport(Darwin)
import Foundation

extension InvocationSource {
    /// The invocation a user activity carries: its `webpageURL`, when it is a web-browsing
    /// activity (`NSUserActivityTypeBrowsingWeb`); `nil` for any other activity.
    public init?(userActivity activity: NSUserActivity) {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return nil }
        self = .webpage(url)
    }
}
#endif
