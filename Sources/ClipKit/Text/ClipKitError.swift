import Foundation

/// An error of ClipKit's modules, whose `description` is the message a person reads: what went
/// wrong, where, and what to do.
///
/// The message is also the error's `errorDescription`, so `localizedDescription` (and SwiftUI's
/// `Text(error.localizedDescription)`) shows it; `recoverySuggestion` holds the action alone where
/// the message names one.
///
/// ```swift
/// do {
///     try router.route(url).get()
/// } catch let error as any ClipKitError {
///     print(error)                       // the message
///     print(error.recoverySuggestion)    // the action, when there is one
/// }
/// ```
public protocol ClipKitError: LocalizedError, CustomStringConvertible {}

/// The text of one of ClipKit's own errors, which ``ClipKitError`` shows.
///
/// The package's error types give their message and suggestion here, inside the package, so that
/// the three public members come from ``ClipKitError`` once instead of from each type.
package protocol ClipKitErrorMessage: ClipKitError {
    /// What went wrong and where, for a person.
    var message: String { get }

    /// What to do about it, when the message names an action.
    var suggestion: String? { get }
}

extension ClipKitErrorMessage {
    /// No suggestion, unless the error gives one.
    package var suggestion: String? { nil }
}

extension ClipKitError {
    /// The message a person reads: what went wrong, where, and what to do.
    ///
    /// A type of your own that conforms to `ClipKitError` gives its own `description`; without
    /// one, this is the type's name.
    public var description: String {
        (self as? any ClipKitErrorMessage)?.message ?? String(describing: Self.self)
    }

    /// The message, for `localizedDescription`: the error's `description`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message names an action; otherwise `nil`.
    public var recoverySuggestion: String? {
        (self as? any ClipKitErrorMessage)?.suggestion
    }
}
