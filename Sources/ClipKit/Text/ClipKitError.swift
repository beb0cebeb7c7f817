import Foundation

/// An error of ClipKit's modules, whose `description` is the message a person reads: what went
/// wrong, where, and what to do.
///
/// The message is also the error's `errorDescription`, so `localizedDescription` (and SwiftUI's
/// `Text(error.localizedDescription)`) shows it; `recoverySuggestion` holds the action alone where
/// the message names one.
public protocol ClipKitError: LocalizedError, CustomStringConvertible {}

extension ClipKitError {
    /// The message, for `localizedDescription`: the error's `description`.
    public var errorDescription: String? { description }
}
