import Foundation

/// The person or thing a share link points to, as a preview shows it: a name, a picture, a few words.
///
/// A ``ShareProfileProvider`` builds one from a verified source (for Nostr routes, the kind-0
/// profile of the `npub` in the link). Every field is untrusted text: share pages escape it for
/// its context and accept only `https` picture URLs.
package struct ShareProfile: Sendable, Hashable {
    /// A labelled fact shown under the name, such as `Car: Blue Toyota Prius`.
    package struct Detail: Sendable, Hashable {
        /// The label, such as `Car`.
        package var label: String
        /// The value, such as `Blue Toyota Prius`.
        package var value: String

        /// Creates a detail.
        package init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The name to show (a kind-0 `display_name`, else `name`).
    package var name: String
    /// The picture's URL as the source gave it; pages use it only when it is a valid `https` URL.
    package var pictureURL: String?
    /// A short description (a kind-0 `about`).
    package var about: String?
    /// Further facts to show, in order.
    package var details: [Detail]
    /// When the source says the profile was written (a kind-0 event's `created_at`), if it says.
    ///
    /// A share page passes it to its script, which shows a signed profile carried in the link's
    /// fragment only when that one is newer.
    package var createdAt: Date?
    /// The person's NIP-05 address (`maria@roadflare.app`), only when its domain listed it with the
    /// profile's key; a provider never sets an unverified one.
    package var verifiedNIP05: String?

    /// Creates a profile.
    package init(
        name: String, pictureURL: String? = nil, about: String? = nil, details: [Detail] = [], createdAt: Date? = nil,
        verifiedNIP05: String? = nil
    ) {
        self.verifiedNIP05 = verifiedNIP05
        self.name = name
        self.pictureURL = pictureURL
        self.about = about
        self.details = details
        self.createdAt = createdAt
    }
}
