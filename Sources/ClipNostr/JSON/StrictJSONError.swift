/// Why bytes are not JSON that ``StrictJSONParser`` accepts, with the byte offset where it noticed.
public struct StrictJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the input.
    public let offset: Int
    /// What is wrong there.
    public let problem: String

    /// Creates an error at `offset`.
    public init(offset: Int, problem: String) {
        self.offset = offset
        self.problem = problem
    }

    /// The problem and where it is.
    public var description: String { "\(problem) at byte \(offset)" }
}
