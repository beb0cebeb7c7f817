/// The visible text of a notification, from `aps.alert`.
///
/// `alert` may be a plain string (the body) or a dictionary with a title, subtitle, body and
/// localisation keys.
@_spi(ClipKitTooling)
public struct NotificationAlert: Sendable, Hashable {
    /// `title`.
    public var title: String?
    /// `subtitle`.
    public var subtitle: String?
    /// `body`, or the whole `alert` when it is a string.
    public var body: String?
    /// `title-loc-key`: a key into the app's `Localizable.strings` for the title.
    public var titleLocalizationKey: String?
    /// `title-loc-args`: the values substituted into the localised title.
    public var titleLocalizationArguments: [String]?
    /// `subtitle-loc-key`.
    public var subtitleLocalizationKey: String?
    /// `subtitle-loc-args`.
    public var subtitleLocalizationArguments: [String]?
    /// `loc-key`: a key into the app's `Localizable.strings` for the body.
    public var bodyLocalizationKey: String?
    /// `loc-args`.
    public var bodyLocalizationArguments: [String]?
    /// `launch-image`.
    public var launchImage: String?

    /// Creates an alert.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }
}
