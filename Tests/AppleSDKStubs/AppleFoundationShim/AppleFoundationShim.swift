// Foundation API that Apple's Foundation has and swift-corelibs-foundation lacks, with Apple's
// signatures and availability. Implicitly imported into every file the Apple check compiles, the
// way Apple's `import Foundation` would bring these in. Declarations only: nothing here runs.
@_exported import Foundation
// On Apple platforms URLSession, URLRequest and HTTPURLResponse are part of Foundation.
@_exported import FoundationNetworking

/// A state of the app captured for restoration or continuation (Handoff, universal links).
@available(iOS 8.0, macOS 10.10, *)
open class NSUserActivity: NSObject {
    /// Creates an activity of `activityType`.
    @available(iOS 8.0, macOS 10.10, *)
    public init(activityType: String) { fatalError() }

    /// The activity's type: a reverse-DNS string, or `NSUserActivityTypeBrowsingWeb`.
    @available(iOS 8.0, macOS 10.10, *)
    open var activityType: String { fatalError() }

    /// The web page the activity continues (the universal link that opened an app or clip).
    @available(iOS 8.0, macOS 10.10, *)
    open var webpageURL: URL? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// The activity type of a web page being continued, such as a tapped universal link.
@available(iOS 8.0, macOS 10.10, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

extension FileManager {
    /// The container directory of the App Group `groupIdentifier`; `nil` without the entitlement.
    @available(iOS 7.0, macOS 10.8, *)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { fatalError() }
}

extension URLSession {
    /// The bytes of a URL's body as they arrive, with the response.
    @available(iOS 15.0, macOS 12.0, *)
    public func bytes(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (URLSession.AsyncBytes, URLResponse) {
        fatalError()
    }

    /// An asynchronous sequence of a response body's bytes.
    @available(iOS 15.0, macOS 12.0, *)
    public struct AsyncBytes: AsyncSequence {
        /// One byte.
        public typealias Element = UInt8

        /// The iterator over the bytes.
        @available(iOS 15.0, macOS 12.0, *)
        public struct AsyncIterator: AsyncIteratorProtocol {
            /// The next byte, or `nil` at the end of the body.
            @available(iOS 15.0, macOS 12.0, *)
            public mutating func next() async throws -> UInt8? { fatalError() }
        }

        /// An iterator over the bytes.
        @available(iOS 15.0, macOS 12.0, *)
        public func makeAsyncIterator() -> AsyncIterator { fatalError() }
    }
}
