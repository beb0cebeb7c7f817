import ClipKit

extension ParameterKind {
    /// The app's own kind: an 8-character ticket code of letters and digits, upper-cased.
    public static let ticket = ParameterKind(name: "ticket", summary: "an 8-character ticket code") { value in
        guard value.count == 8, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return .rejected("a ticket code has 8 letters or digits")
        }
        return .accepted(value.uppercased())
    }
}

/// The router the clip uses: the generated table, with the app's ticket kind registered.
func ticketRouter() throws -> ClipRouter {
    try ClipRouter(parameterKinds: ClipConfiguration.parameterKinds.registering(.ticket))
}
