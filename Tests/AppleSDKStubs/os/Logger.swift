// Declarations of os's unified logging API (`Logger`, `OSLogMessage`) as Apple documents them.
import AppleFoundationShim

/// Writes messages to the unified logging system.
@available(iOS 14.0, macOS 11.0, *)
public struct Logger: @unchecked Sendable {
    /// Creates a logger for `subsystem` and `category`.
    @available(iOS 14.0, macOS 11.0, *)
    public init(subsystem: String, category: String) { fatalError() }

    /// Logs at the default level.
    @available(iOS 14.0, macOS 11.0, *)
    public func log(_ message: OSLogMessage) { fatalError() }

    /// Logs at the notice level.
    @available(iOS 14.0, macOS 11.0, *)
    public func notice(_ message: OSLogMessage) { fatalError() }

    /// Logs at the debug level.
    @available(iOS 14.0, macOS 11.0, *)
    public func debug(_ message: OSLogMessage) { fatalError() }

    /// Logs at the info level.
    @available(iOS 14.0, macOS 11.0, *)
    public func info(_ message: OSLogMessage) { fatalError() }

    /// Logs at the error level.
    @available(iOS 14.0, macOS 11.0, *)
    public func error(_ message: OSLogMessage) { fatalError() }

    /// Logs at the fault level.
    @available(iOS 14.0, macOS 11.0, *)
    public func fault(_ message: OSLogMessage) { fatalError() }
}

/// A log message built from a string interpolation whose parts carry a privacy level.
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation {
    /// Creates a message from a literal.
    @available(iOS 14.0, macOS 11.0, *)
    public init(stringLiteral value: String) { fatalError() }

    /// Creates a message from an interpolation.
    @available(iOS 14.0, macOS 11.0, *)
    public init(stringInterpolation: OSLogInterpolation) { fatalError() }
}

/// The interpolation of an ``OSLogMessage``.
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
    /// Creates an empty interpolation.
    @available(iOS 14.0, macOS 11.0, *)
    public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }

    /// Appends literal text.
    @available(iOS 14.0, macOS 11.0, *)
    public mutating func appendLiteral(_ literal: String) { fatalError() }

    /// Appends a string with a privacy level.
    @available(iOS 14.0, macOS 11.0, *)
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) { fatalError() }

    /// Appends an integer with a privacy level.
    @available(iOS 14.0, macOS 11.0, *)
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T, align: OSLogIntegerAlignment = .none, privacy: OSLogPrivacy = .auto
    ) { fatalError() }
}

/// Whether an interpolated value is redacted in the log.
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogPrivacy: Sendable {
    /// Visible in the log.
    @available(iOS 14.0, macOS 11.0, *)
    public static var `public`: OSLogPrivacy { fatalError() }
    /// Redacted in the log.
    @available(iOS 14.0, macOS 11.0, *)
    public static var `private`: OSLogPrivacy { fatalError() }
    /// Chosen by the system.
    @available(iOS 14.0, macOS 11.0, *)
    public static var auto: OSLogPrivacy { fatalError() }
}

/// The alignment of an interpolated string.
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogStringAlignment: Sendable {
    /// No alignment.
    @available(iOS 14.0, macOS 11.0, *)
    public static var none: OSLogStringAlignment { fatalError() }
}

/// The alignment of an interpolated integer.
@available(iOS 14.0, macOS 11.0, *)
public struct OSLogIntegerAlignment: Sendable {
    /// No alignment.
    @available(iOS 14.0, macOS 11.0, *)
    public static var none: OSLogIntegerAlignment { fatalError() }
}
