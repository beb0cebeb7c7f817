import ArgumentParser
import ClipKit
import Foundation

/// The `--json` flag every command takes.
public struct OutputOptions: ParsableArguments, Sendable {
    /// Print exactly one JSON object on standard output instead of text for people.
    @Flag(name: .long, help: "Print exactly one JSON object on standard output.")
    public var json = false

    /// Creates the options with their defaults.
    public init() {}
}

/// Writes command results: one JSON object with `--json`, lines of text otherwise.
public enum Output {
    /// Prints `object` as one line of JSON when `json` is set, otherwise prints `text()`.
    public static func emit(_ object: JSONValue, json: Bool, text: () -> String) {
        if json {
            writeStandardOutput(String(decoding: object.serialized(), as: UTF8.self) + "\n")
        } else {
            let lines = text()
            if !lines.isEmpty { writeStandardOutput(lines.hasSuffix("\n") ? lines : lines + "\n") }
        }
    }

    /// Writes text to standard output unbuffered, so output interleaves correctly with standard error.
    public static func writeStandardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    public static func writeStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }
}

extension JSONValue {
    /// A string, or `null` for `nil`.
    public static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// A whole number.
    public static func integer(_ value: Int) -> JSONValue {
        .number(value)
    }

    /// An object whose members are all strings.
    public static func strings(_ dictionary: [String: String]) -> JSONValue {
        .object(dictionary.mapValues(JSONValue.string))
    }
}
