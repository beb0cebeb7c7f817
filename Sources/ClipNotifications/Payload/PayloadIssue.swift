import Foundation

/// One problem with one field of a notification payload: where it is and what is wrong with it.
///
/// Issues do not stop processing: the field is ignored and the rest of the payload is used. The
/// payload as a whole is rejected only for the problems in `PayloadRejection`.
public struct PayloadIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's path from the top of `userInfo`, with dots: `aps.badge`, `aps.alert.title`,
    /// `senderAvatarUrl`.
    public let path: String
    /// What is wrong with it.
    public let problem: PayloadProblem

    /// Creates an issue.
    public init(path: String, problem: PayloadProblem) {
        self.path = path
        self.problem = problem
    }

    /// `path: problem`, for people.
    public var description: String { "\(path): \(problem)" }
}

/// What is wrong with one payload field.
public enum PayloadProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field is required by the policy but absent.
    case missing
    /// The field has another JSON type than the one expected (both given as "a string", "an object").
    case wrongType(expected: String, found: String)
    /// The field has the right type but a value outside what is allowed (the allowed range in words).
    case outOfRange(allowed: String)
    /// The field holds a value that is not one of the known ones.
    case unknownValue(String, allowed: [String])
    /// The field holds a URL that the policy refuses, and why.
    case refusedURL(reason: String)

    /// The problem in words, for people.
    public var description: String {
        switch self {
        case .missing:
            return "missing; the sender must include this field"
        case .wrongType(let expected, let found):
            return "expected \(expected), found \(found)"
        case .outOfRange(let allowed):
            return "out of range; allowed: \(allowed)"
        case .unknownValue(let value, let allowed):
            return "unknown value \"\(value.prefix(64))\"; expected one of \(allowed.joined(separator: ", "))"
        case .refusedURL(let reason):
            return "URL refused: \(reason)"
        }
    }
}

extension PayloadIssue: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        problem.recoverySuggestion
    }
}

extension PayloadProblem: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .missing = self { return "The sender must include this field." }
        return nil
    }
}
