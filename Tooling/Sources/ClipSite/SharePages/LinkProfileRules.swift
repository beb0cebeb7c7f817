@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation

/// The rules by which the link-profile script reads, checks and shows a signed profile carried in
/// a share link's fragment, taken from the Swift constants and predicates that the clip and the
/// server use, so the browser cannot drift from them.
///
/// Limits come from `EventFragment`, `EventLimits`, `ProfileFetchConfiguration`,
/// `ProfileLimits` and ``ProfilePreview``; character sets are the scalars for which Foundation's
/// `CharacterSet` and ClipKit's own predicates say yes, written as ranges. What cannot be handed
/// over as data (the strict JSON grammar, grapheme clusters, the URL check) the script implements,
/// and the tests run it against the Swift code on the same inputs.
package enum LinkProfileRules {
    /// What the page says in each state; no text for `checking` and `outdated`.
    package static let texts: [String: String] = [
        "verified": "Signed with the key in this link and checked in your browser.",
        "rejected": "This link carries a profile that failed its check, so it is not shown.",
        "ignored": "This link carries a profile that is not this key's named profile, so it is not shown.",
        "unverifiable": "This browser cannot check the profile this link carries, so it is not shown.",
    ]

    /// The rules as the JSON the script reads.
    package static let json: JSONValue = {
        let eventLimits = EventLimits.standard
        let profileLimits = ProfileLimits.standard
        let fetch = ProfileFetchConfiguration()
        let whitespaces = CharacterSet.whitespaces, whitespacesAndNewlines = CharacterSet.whitespacesAndNewlines
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        return .object([
            "fragment": .object([
                "version": number(Int(EventFragment.version)),
                "maximumBytes": number(EventFragment.maximumBytes),
                "maximumCharacters": number(EventFragment.maximumCharacters),
                "partSeparator": .string(String(EventFragment.partSeparator)),
            ]),
            "maximumKeyLength": number(NIP19.maximumEncodedLength),
            "event": .object([
                "maximumContentBytes": number(eventLimits.maximumContentBytes),
                "maximumTagCount": number(eventLimits.maximumTagCount),
                "maximumTagElements": number(eventLimits.maximumTagElements),
                "maximumTagBytes": number(eventLimits.maximumTagBytes),
            ]),
            "fetch": .object([
                "allowedClockSkewSeconds": number(Int(fetch.allowedClockSkew.components.seconds)),
                "maximumContentBytes": number(fetch.maximumContentBytes),
            ]),
            "profile": .object([
                "maximumContentBytes": number(profileLimits.maximumContentBytes),
                "maximumDepth": number(Profile.maximumContentDepth),
                "maximumNumberLength": number(StrictJSONParser().maximumNumberLength),
                "maximumNameLength": number(profileLimits.maximumNameLength),
                "maximumAboutLength": number(profileLimits.maximumAboutLength),
                "maximumURLBytes": number(profileLimits.maximumURLBytes),
                "maximumCustomFields": number(profileLimits.maximumCustomFields),
                "knownFields": strings(Profile.knownFields.sorted()),
            ]),
            "display": .object([
                "maximumNameLength": number(ProfilePreview.maximumNameLength),
                "maximumAboutLength": number(ProfilePreview.maximumAboutLength),
                "maximumDetailLabelLength": number(ProfilePreview.maximumDetailLabelLength),
                "maximumDetailValueLength": number(ProfilePreview.maximumDetailValueLength),
                "maximumURLLength": number(SafeURL.maximumLength),
                "unnamed": .string(ProfilePreview.unnamed),
                "carFields": strings(ShareProfile.carFields),
                "carLabel": .string(ShareProfile.carLabel),
            ]),
            "scalars": .object([
                "whitespaces": ranges { whitespaces.contains($0) },
                "whitespacesAndNewlines": ranges { whitespacesAndNewlines.contains($0) },
                "invisibleControls": ranges(where: Profile.dropsFromFields),
                "templateDropped": ranges(where: TemplateText.isDropped),
                "markup": .array(TemplateText.markupScalars.map(\.value).sorted().map { .number(Double($0)) }),
            ]),
            "texts": .object(texts.mapValues(JSONValue.string)),
        ])
    }()

    /// The scalars for which `predicate` holds, as sorted `[first, last]` ranges of scalar values.
    package static func ranges(where predicate: (Unicode.Scalar) -> Bool) -> JSONValue {
        var result: [JSONValue] = []
        var start: UInt32?
        var previous: UInt32 = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), predicate(scalar) else { continue }
            if let first = start, value == previous + 1 {
                previous = value
                start = first
            } else {
                if let first = start { result.append(.array([.number(Double(first)), .number(Double(previous))])) }
                start = value
                previous = value
            }
        }
        if let first = start { result.append(.array([.number(Double(first)), .number(Double(previous))])) }
        return .array(result)
    }
}
