/// A push notification's `userInfo`, read: the `aps` dictionary and the app's own fields.
///
/// Create one with `NotificationPayloadParser`. The app's fields (Bluesky's `reason`,
/// `senderDisplayName`, `convoId`, …) stay as ``PayloadValue``s; read them with
/// ``string(forField:)``, which says what is wrong and where when a field is missing or malformed.
public struct NotificationPayload: Sendable, Hashable {
    /// The `aps` dictionary.
    @_spi(ClipKitTooling) public var aps: APSDictionary
    /// Every top-level member except `aps`.
    public var fields: [String: PayloadValue]

    /// Creates a payload.
    @_spi(ClipKitTooling) public init(aps: APSDictionary = APSDictionary(), fields: [String: PayloadValue] = [:]) {
        self.aps = aps
        self.fields = fields
    }

    /// The app's field `name` as a string, or the issue that explains why it is not one.
    public func string(forField name: String) -> Result<String, PayloadIssue> {
        guard let value = fields[name] else {
            return .failure(PayloadIssue(path: name, problem: .missing))
        }
        guard let string = value.stringValue else {
            return .failure(PayloadIssue(path: name, problem: .wrongType(expected: "a string", found: value.typeDescription)))
        }
        return .success(string)
    }
}

/// A payload read by ``NotificationPayloadParser``, with the problems found in its fields.
@_spi(ClipKitTooling)
public struct ParsedNotificationPayload: Sendable, Hashable {
    /// The payload, with malformed fields left out.
    public var payload: NotificationPayload
    /// One entry for each field that was malformed and therefore left out.
    public var issues: [PayloadIssue]

    /// Creates a parse result.
    public init(payload: NotificationPayload, issues: [PayloadIssue]) {
        self.payload = payload
        self.issues = issues
    }
}
