import Foundation

/// One fuzz input, with the views the parsers take.
public struct FuzzInput {
    /// The input's bytes.
    public let bytes: UnsafeRawBufferPointer

    /// Wraps the buffer libFuzzer passes to the test function.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeRawBufferPointer(start: data, count: size)
    }

    /// The bytes as `Data` (a copy).
    public var data: Data { Data(bytes) }

    /// The bytes as a `[UInt8]` (a copy).
    public var array: [UInt8] { Array(bytes) }

    /// The bytes as a string, repairing invalid UTF-8, as a caller holding a `String` would see them.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes before the first `separator` and the bytes after it (all bytes and nothing when there is none).
    public func split(at separator: UInt8) -> (head: UnsafeRawBufferPointer, rest: UnsafeRawBufferPointer) {
        guard let index = bytes.firstIndex(of: separator) else {
            return (bytes, UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return (UnsafeRawBufferPointer(rebasing: bytes[..<index]), UnsafeRawBufferPointer(rebasing: bytes[(index + 1)...]))
    }
}

/// Stops the run as a crash when an invariant does not hold; libFuzzer saves the input.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, target: String = #fileID) {
    if !condition() {
        fatalError("invariant broken in \(target): \(message())")
    }
}
