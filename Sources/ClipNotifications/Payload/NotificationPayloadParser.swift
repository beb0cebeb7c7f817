import Foundation

/// Reads a notification's `userInfo` (as the JSON that Apple's push service delivered) into a
/// ``NotificationPayload``, never trusting it.
///
/// The payload as a whole is rejected (``PayloadRejection``) when it is too large, nests too
/// deeply, is not JSON or is not an object. Anything less is a ``PayloadIssue``: the malformed
/// field is left out, its path and problem are reported, and the rest is used.
///
/// ```swift
/// let parsed = try NotificationPayloadParser().parse(userInfoJSON)
/// if case .success(let reason) = parsed.payload.string(forField: "reason") { … }
/// ```
@_spi(ClipKitTooling)
public struct NotificationPayloadParser: Sendable {
    /// The caps applied before anything is decoded.
    public var limits: PayloadLimits

    /// Creates a parser with `limits`.
    public init(limits: PayloadLimits = .standard) {
        self.limits = limits
    }

    /// Parses JSON bytes.
    ///
    /// - Throws: ``PayloadRejection`` when the bytes cannot be read as a payload at all.
    public func parse(_ data: Data) throws(PayloadRejection) -> ParsedNotificationPayload {
        guard data.count <= limits.maximumBytes else {
            throw .tooLarge(bytes: data.count, limit: limits.maximumBytes)
        }
        guard JSONNestingScanner.nesting(of: data, isAtMost: limits.maximumNestingDepth) else {
            throw .nestedTooDeeply(limit: limits.maximumNestingDepth)
        }
        let value: PayloadValue
        do {
            value = try JSONDecoder().decode(PayloadValue.self, from: data)
        } catch {
            throw .notJSON(detail: Self.describe(error))
        }
        guard case .object(let members) = value else {
            throw .notAnObject(found: value.typeDescription)
        }
        return parse(members: members)
    }

    /// Reads an already decoded `userInfo`.
    public func parse(members: [String: PayloadValue]) -> ParsedNotificationPayload {
        var reader = IssueCollector()
        var fields = members
        let apsValue = fields.removeValue(forKey: "aps")
        var aps = APSDictionary()
        if let apsValue {
            if let apsMembers = apsValue.objectValue {
                aps = readAPS(apsMembers, into: &reader)
            } else {
                reader.wrongType(at: "aps", expected: "an object", found: apsValue)
            }
        }
        return ParsedNotificationPayload(payload: NotificationPayload(aps: aps, fields: fields), issues: reader.issues)
    }

    private func readAPS(_ members: [String: PayloadValue], into reader: inout IssueCollector) -> APSDictionary {
        var aps = APSDictionary()
        if let alert = members["alert"] {
            aps.alert = readAlert(alert, into: &reader)
        }
        if let badge = members["badge"] {
            if let number = badge.integerValue {
                if (0...Int(Int32.max)).contains(number) {
                    aps.badge = number
                } else {
                    reader.add(at: "aps.badge", .outOfRange(allowed: "0 to \(Int32.max)"))
                }
            } else {
                reader.wrongType(at: "aps.badge", expected: "a whole number", found: badge)
            }
        }
        if let sound = members["sound"] {
            aps.sound = readSound(sound, into: &reader)
        }
        aps.isMutableContent = reader.flag(members["mutable-content"], at: "aps.mutable-content")
        aps.isContentAvailable = reader.flag(members["content-available"], at: "aps.content-available")
        aps.targetContentIdentifier = reader.string(members["target-content-id"], at: "aps.target-content-id")
        aps.threadIdentifier = reader.string(members["thread-id"], at: "aps.thread-id")
        aps.category = reader.string(members["category"], at: "aps.category")
        if let level = reader.string(members["interruption-level"], at: "aps.interruption-level") {
            if let known = InterruptionLevel(rawValue: level) {
                aps.interruptionLevel = known
            } else {
                reader.add(at: "aps.interruption-level", .unknownValue(level, allowed: InterruptionLevel.allCases.map(\.rawValue)))
            }
        }
        if let score = members["relevance-score"] {
            if case .number(let value) = score {
                if (0...1).contains(value) {
                    aps.relevanceScore = value
                } else {
                    reader.add(at: "aps.relevance-score", .outOfRange(allowed: "0 to 1"))
                }
            } else {
                reader.wrongType(at: "aps.relevance-score", expected: "a number", found: score)
            }
        }
        return aps
    }

    private func readAlert(_ value: PayloadValue, into reader: inout IssueCollector) -> NotificationAlert? {
        switch value {
        case .string(let body):
            return NotificationAlert(body: body)
        case .object(let members):
            var alert = NotificationAlert()
            alert.title = reader.string(members["title"], at: "aps.alert.title")
            alert.subtitle = reader.string(members["subtitle"], at: "aps.alert.subtitle")
            alert.body = reader.string(members["body"], at: "aps.alert.body")
            alert.titleLocalizationKey = reader.string(members["title-loc-key"], at: "aps.alert.title-loc-key")
            alert.titleLocalizationArguments = reader.strings(members["title-loc-args"], at: "aps.alert.title-loc-args")
            alert.subtitleLocalizationKey = reader.string(members["subtitle-loc-key"], at: "aps.alert.subtitle-loc-key")
            alert.subtitleLocalizationArguments = reader.strings(members["subtitle-loc-args"], at: "aps.alert.subtitle-loc-args")
            alert.bodyLocalizationKey = reader.string(members["loc-key"], at: "aps.alert.loc-key")
            alert.bodyLocalizationArguments = reader.strings(members["loc-args"], at: "aps.alert.loc-args")
            alert.launchImage = reader.string(members["launch-image"], at: "aps.alert.launch-image")
            return alert
        default:
            reader.wrongType(at: "aps.alert", expected: "a string or an object", found: value)
            return nil
        }
    }

    private func readSound(_ value: PayloadValue, into reader: inout IssueCollector) -> NotificationSound? {
        switch value {
        case .string(let name):
            return Self.sound(named: name, at: "aps.sound", into: &reader)
        case .object(let members):
            let isCritical = reader.flag(members["critical"], at: "aps.sound.critical")
            var name: String?
            if let nameValue = members["name"] {
                if let string = nameValue.stringValue {
                    guard !string.isEmpty else {
                        reader.add(at: "aps.sound.name", .outOfRange(allowed: "a sound file name or \"default\""))
                        return nil
                    }
                    name = string == "default" ? nil : string
                } else {
                    reader.wrongType(at: "aps.sound.name", expected: "a string", found: nameValue)
                    return nil
                }
            }
            var volume = 1.0
            if let volumeValue = members["volume"] {
                if case .number(let number) = volumeValue, (0...1).contains(number) {
                    volume = number
                } else if case .number = volumeValue {
                    reader.add(at: "aps.sound.volume", .outOfRange(allowed: "0 to 1"))
                } else {
                    reader.wrongType(at: "aps.sound.volume", expected: "a number", found: volumeValue)
                }
            }
            if isCritical { return .critical(name: name, volume: volume) }
            return name.map(NotificationSound.named) ?? .default
        default:
            reader.wrongType(at: "aps.sound", expected: "a string or an object", found: value)
            return nil
        }
    }

    private static func sound(named name: String, at path: String, into reader: inout IssueCollector) -> NotificationSound? {
        if name == "default" { return .default }
        guard !name.isEmpty else {
            reader.add(at: path, .outOfRange(allowed: "a sound file name or \"default\""))
            return nil
        }
        return .named(name)
    }

    private static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return underlying ?? context.debugDescription
            @unknown default:
                return "\(decoding)"
            }
        }
        return "\(error)"
    }
}

/// Reads typed members and collects the issues of those that do not fit.
private struct IssueCollector {
    var issues: [PayloadIssue] = []

    mutating func add(at path: String, _ problem: PayloadProblem) {
        issues.append(PayloadIssue(path: path, problem: problem))
    }

    mutating func wrongType(at path: String, expected: String, found value: PayloadValue) {
        add(at: path, .wrongType(expected: expected, found: value.typeDescription))
    }

    mutating func string(_ value: PayloadValue?, at path: String) -> String? {
        guard let value else { return nil }
        guard let string = value.stringValue else {
            wrongType(at: path, expected: "a string", found: value)
            return nil
        }
        return string
    }

    mutating func strings(_ value: PayloadValue?, at path: String) -> [String]? {
        guard let value else { return nil }
        guard case .array(let elements) = value else {
            wrongType(at: path, expected: "an array of strings", found: value)
            return nil
        }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else {
                wrongType(at: "\(path)[\(index)]", expected: "a string", found: element)
                return nil
            }
            strings.append(string)
        }
        return strings
    }

    /// A 0-or-1 flag such as `mutable-content`; anything else is an issue and reads as off.
    mutating func flag(_ value: PayloadValue?, at path: String) -> Bool {
        guard let value else { return false }
        guard let number = value.integerValue else {
            wrongType(at: path, expected: "the number 0 or 1", found: value)
            return false
        }
        guard number == 0 || number == 1 else {
            add(at: path, .outOfRange(allowed: "0 or 1"))
            return false
        }
        return number == 1
    }
}
