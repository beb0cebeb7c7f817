// Declarations of the Intents API that communication notifications use, as Apple documents them.
import AppleFoundationShim
import UserNotifications

/// An image for an intent.
@available(iOS 10.0, macOS 10.12, *)
open class INImage: NSObject {
    /// An image from encoded data.
    @available(iOS 10.0, macOS 10.12, *)
    public convenience init(imageData: Data) { fatalError() }
}

/// The kind of a person handle.
@available(iOS 10.0, macOS 10.12, *)
public enum INPersonHandleType: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// An email address.
    case emailAddress = 1
    /// A phone number.
    case phoneNumber = 2
}

/// How to reach a person.
@available(iOS 10.0, macOS 10.12, *)
open class INPersonHandle: NSObject {
    /// A handle of `type` with `value`.
    @available(iOS 10.0, macOS 10.12, *)
    public convenience init(value: String?, type: INPersonHandleType) { fatalError() }
}

/// A person in an intent.
@available(iOS 10.0, macOS 10.12, *)
open class INPerson: NSObject {
    /// A person with a handle, a name and an image.
    @available(iOS 10.0, macOS 10.12, *)
    public init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) { fatalError() }
}

/// The base class of intents.
@available(iOS 10.0, macOS 10.12, *)
open class INIntent: NSObject {}

/// Intents whose parameters can carry images.
@available(iOS 12.0, macOS 10.14, *)
public protocol INIntentSetImageKeyPath {}

@available(iOS 12.0, macOS 10.14, *)
extension INIntentSetImageKeyPath where Self: INIntent {
    /// Sets the image of the parameter at `parameterName`.
    @available(iOS 12.0, macOS 10.14, *)
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) { fatalError() }
}

@available(iOS 12.0, macOS 10.14, *)
extension INIntent: INIntentSetImageKeyPath {}

/// The kind of an outgoing message.
@available(iOS 13.0, macOS 10.15, *)
public enum INOutgoingMessageType: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// Text.
    case outgoingMessageText = 1
    /// Audio.
    case outgoingMessageAudio = 2
}

/// A message sent to a person or group; received messages make communication notifications.
@available(iOS 10.0, macOS 10.12, *)
open class INSendMessageIntent: INIntent, UNNotificationContentProviding {
    /// A message intent.
    @available(iOS 14.0, macOS 11.0, *)
    public init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?, speakableGroupName: INSpeakableString?,
        conversationIdentifier: String?, serviceName: String?, sender: INPerson?, attachments: [INSendMessageAttachment]?
    ) { fatalError() }

    /// Who sends the message.
    @available(iOS 10.0, macOS 10.12, *)
    open var sender: INPerson? { fatalError() }
}

/// A name that can be spoken.
@available(iOS 10.0, macOS 10.12, *)
open class INSpeakableString: NSObject {}

/// A file attached to a message.
@available(iOS 14.0, macOS 11.0, *)
open class INSendMessageAttachment: NSObject {}

/// Which way an interaction went.
@available(iOS 10.0, macOS 10.12, *)
public enum INInteractionDirection: Int, @unchecked Sendable {
    /// Unspecified.
    case unspecified = 0
    /// From the person.
    case outgoing = 1
    /// To the person.
    case incoming = 2
}

/// An intent and its response, donated to the system.
@available(iOS 10.0, macOS 10.12, *)
open class INInteraction: NSObject {
    /// An interaction for `intent`.
    @available(iOS 10.0, macOS 10.12, *)
    public init(intent: INIntent, response: INIntentResponse?) { fatalError() }

    /// Which way the interaction went.
    @available(iOS 10.0, macOS 10.12, *)
    open var direction: INInteractionDirection { get { fatalError() } set { fatalError() } }

    /// Donates the interaction.
    @available(iOS 10.0, macOS 10.12, *)
    open func donate(completion: (@Sendable ((any Error)?) -> Void)? = nil) { fatalError() }
}

/// The response to an intent.
@available(iOS 10.0, macOS 10.12, *)
open class INIntentResponse: NSObject {}
