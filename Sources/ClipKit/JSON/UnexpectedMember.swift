/// The check that strict decoders share: which member of an object is not one they define.
package enum UnexpectedMember {
    /// The alphabetically first name in `names` that `allowed` does not hold, or `nil` when there is none.
    package static func first(among names: [String], allowed: Set<String>) -> String? {
        var first: String?
        for name in names where !allowed.contains(name) {
            if let current = first, current <= name { continue }
            first = name
        }
        return first
    }
}
