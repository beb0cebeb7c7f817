/// What a share page shows of a ``ShareProfile``: every field cleaned with ``TemplateText`` and
/// cut to its length, the picture only when it is a safe `https` URL.
///
/// The one place these rules live: the server's pages render it through the templates, and the
/// link-profile script applies the same rules, with the limits ``LinkProfileRules`` hands it,
/// to a signed profile carried in a link's fragment.
package struct ProfilePreview: Sendable, Equatable {
    /// A labelled fact, such as `Car: Blue Toyota Prius`.
    package struct Detail: Sendable, Equatable {
        package var label: String
        package var value: String
    }

    /// The most characters of the name shown.
    package static let maximumNameLength = 100
    /// The most characters of `about` shown.
    static let maximumAboutLength = 300
    /// The most characters of a detail's label shown.
    static let maximumDetailLabelLength = 40
    /// The most characters of a detail's value shown.
    static let maximumDetailValueLength = 200
    /// The most characters of a NIP-05 address shown (NIP-05 addresses are capped at 320 bytes).
    static let maximumNIP05Length = 320
    /// The most details shown.
    static let maximumDetails = 8
    /// The name shown when a profile's name is empty once cleaned.
    package static let unnamed = "Someone"

    /// The name, never empty.
    package var name: String
    /// The picture's checked `https` URL.
    package var picture: String?
    /// The description, when it is not empty.
    package var about: String?
    /// The details with a label and a value.
    package var details: [Detail]
    /// The verified NIP-05 address, cleaned.
    package var nip05: String?

    /// The preview of `profile`.
    package init(_ profile: ShareProfile) {
        let cleaned = TemplateText.sanitized(profile.name, maximumLength: Self.maximumNameLength).trimmingCharacters(in: .whitespaces)
        name = cleaned.isEmpty ? Self.unnamed : cleaned
        picture = profile.pictureURL.flatMap(SafeURL.https)
        about = profile.about.map { TemplateText.sanitized($0, maximumLength: Self.maximumAboutLength) }.flatMap { $0.isEmpty ? nil : $0 }
        nip05 = profile.verifiedNIP05.map { TemplateText.sanitized($0, maximumLength: Self.maximumNIP05Length) }.flatMap { $0.isEmpty ? nil : $0 }
        details = profile.details.prefix(Self.maximumDetails).compactMap { detail in
            let label = TemplateText.sanitized(detail.label, maximumLength: Self.maximumDetailLabelLength)
            let value = TemplateText.sanitized(detail.value, maximumLength: Self.maximumDetailValueLength)
            return label.isEmpty || value.isEmpty ? nil : Detail(label: label, value: value)
        }
    }

    /// The `profile` members the templates read.
    var templateContext: [String: Any] {
        var members: [String: Any] = ["name": name]
        if let picture { members["picture"] = picture }
        if let about { members["about"] = about }
        if let nip05 { members["nip05"] = nip05 }
        let rows = details.map { ["label": $0.label, "value": $0.value] }
        members["details"] = rows
        members["hasDetails"] = !rows.isEmpty
        return members
    }
}
