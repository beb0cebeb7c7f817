/// One problem found in an AASA file or in how it is hosted.
public struct AASAFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
        /// The file does not work as intended: links open the browser, or the system rejects the file.
        case error
        /// The file works, but something is likely a mistake or will break on some systems.
        case warning
    }

    /// A stable identifier for the kind of problem, such as `aasa.file.byteOrderMark`.
    public let code: Code
    /// How serious it is.
    public let severity: Severity
    /// Where it is, as a JSON path into the file (`$` for the whole file or its hosting).
    public let path: String
    /// What is wrong, for a person.
    public let message: String
    /// What to do about it.
    public let fix: String

    /// Creates a finding.
    public init(code: Code, severity: Severity, path: String, message: String, fix: String) {
        self.code = code
        self.severity = severity
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `severity code path: message`.
    public var description: String { "\(severity.rawValue) \(code.rawValue) \(path): \(message)" }

    /// A finding's code. Codes are stable: tools may filter on them.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The code's text.
        public let rawValue: String

        /// Creates a code from its text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a code from a literal.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// The code's text.
        public var description: String { rawValue }

        /// Orders codes by their text.
        public static func < (left: Code, right: Code) -> Bool { left.rawValue < right.rawValue }

        /// Every code a validation can report, in declaration order.
        public static let all: [Code] = [
            .fileTooLarge,
            .byteOrderMark,
            .notJSON,
            .notAnObject,
            .noServices,
            .duplicateKey,
            .unknownKey,
            .wrongType,
            .invalidAppID,
            .duplicateAppID,
            .noDetails,
            .legacyAppsNotEmpty,
            .detailWithoutApps,
            .appIDAndAppIDs,
            .detailWithoutPatterns,
            .mixedFormats,
            .patternSyntax,
            .unknownVariable,
            .patternTooComplex,
            .fragmentInPath,
            .queryInPath,
            .leadingDelimiter,
            .badPercentEscape,
            .unencodedCharacter,
            .invalidVariableName,
            .nestedVariable,
            .emptyVariable,
            .variableShadowsPredefined,
            .unusedVariable,
            .shadowedComponent,
            .queryIgnored,
            .detailsKeyedByAppID,
            .unexpectedClip,
            .clipMissing,
            .routeNotOpened,
            .routeBlocked,
            .routeSharedWithOtherApp,
            .domainUnknown,
            .notHTTPS,
            .loopbackHTTP,
            .redirect,
            .badStatus,
            .contentType,
            .wrongPath,
            .unreachable,
        ]

        // MARK: The file

        /// The file is larger than 128 KB.
        public static let fileTooLarge: Code = "aasa.file.tooLarge"
        /// The file starts with a byte-order mark.
        public static let byteOrderMark: Code = "aasa.file.byteOrderMark"
        /// The file is not JSON.
        public static let notJSON: Code = "aasa.file.notJSON"
        /// The JSON is not an object.
        public static let notAnObject: Code = "aasa.file.notObject"
        /// The file has none of the sections the system reads.
        public static let noServices: Code = "aasa.file.noServices"
        /// An object repeats a key.
        public static let duplicateKey: Code = "aasa.json.duplicateKey"
        /// A key the system does not read.
        public static let unknownKey: Code = "aasa.key.unknown"
        /// A known key holds a value of the wrong type.
        public static let wrongType: Code = "aasa.key.wrongType"

        // MARK: Apps

        /// An application identifier is not `TEAMID.bundleID`.
        public static let invalidAppID: Code = "aasa.appID.invalid"
        /// An application identifier is listed twice in one list.
        public static let duplicateAppID: Code = "aasa.appID.duplicate"

        // MARK: applinks

        /// `applinks` has no `details`.
        public static let noDetails: Code = "aasa.applinks.noDetails"
        /// The legacy `applinks.apps` is not an empty array.
        public static let legacyAppsNotEmpty: Code = "aasa.applinks.legacyAppsNotEmpty"
        /// A detail names no app.
        public static let detailWithoutApps: Code = "aasa.detail.noApps"
        /// A detail has both `appID` and `appIDs`.
        public static let appIDAndAppIDs: Code = "aasa.detail.appIDAndAppIDs"
        /// A detail has neither `components` nor `paths`.
        public static let detailWithoutPatterns: Code = "aasa.detail.noPatterns"
        /// Legacy `paths` and modern `components` are mixed.
        public static let mixedFormats: Code = "aasa.format.mixed"

        // MARK: Patterns

        /// A pattern does not parse.
        public static let patternSyntax: Code = "aasa.pattern.syntax"
        /// A pattern uses a variable nobody defines.
        public static let unknownVariable: Code = "aasa.pattern.unknownVariable"
        /// A pattern is too long or expands to too much.
        public static let patternTooComplex: Code = "aasa.pattern.tooComplex"
        /// Retired: a path pattern without a leading `/` matches as if it had one (`abc` matches
        /// `/abc`, as Apple's `swcutil` shows), so this is no longer reported. The code keeps its meaning.
        public static let pathWithoutSlash: Code = "aasa.pattern.pathWithoutSlash"
        /// A percent-encoded path pattern contains `#`, which a path never holds, so its component never matches.
        public static let fragmentInPath: Code = "aasa.pattern.fragmentInPath"
        /// A path pattern looks like it holds a query (`?name=`).
        public static let queryInPath: Code = "aasa.pattern.queryInPath"
        /// A query pattern starts with `?` or a fragment pattern with `#`.
        public static let leadingDelimiter: Code = "aasa.pattern.leadingDelimiter"
        /// A percent-encoded pattern has a `%` that does not start an escape, so its component never matches.
        public static let badPercentEscape: Code = "aasa.pattern.badEscape"
        /// A percent-encoded pattern holds a character a URL always escapes, so its component never matches.
        public static let unencodedCharacter: Code = "aasa.pattern.unencodedCharacter"

        // MARK: Substitution variables

        /// A variable's name holds `$`, `(` or `)`.
        public static let invalidVariableName: Code = "aasa.variable.invalidName"
        /// A variable's value refers to another variable.
        public static let nestedVariable: Code = "aasa.variable.nested"
        /// A variable has no values.
        public static let emptyVariable: Code = "aasa.variable.empty"
        /// A custom variable replaces a predefined one.
        public static let variableShadowsPredefined: Code = "aasa.variable.shadowsPredefined"
        /// A custom variable is never used.
        public static let unusedVariable: Code = "aasa.variable.unused"

        // MARK: Components

        /// An earlier component matches every URL this one matches, so it never applies.
        public static let shadowedComponent: Code = "aasa.component.shadowed"
        /// A `?` dictionary holds a value that is not a string, so iOS ignores it: any query matches.
        public static let queryIgnored: Code = "aasa.component.queryIgnored"
        /// `details` is written as an object keyed by application identifier (the oldest form).
        public static let detailsKeyedByAppID: Code = "aasa.details.keyedByAppID"

        // MARK: The manifest

        /// `appclips` lists an app that is not the manifest's clip.
        public static let unexpectedClip: Code = "aasa.appclips.notManifestClip"
        /// `appclips` does not list the manifest's clip.
        public static let clipMissing: Code = "aasa.appclips.clipMissing"
        /// A route's URLs do not open the full app.
        public static let routeNotOpened: Code = "aasa.route.notOpened"
        /// A route's URLs are excluded from the full app.
        public static let routeBlocked: Code = "aasa.route.blocked"
        /// A route's URLs also open another app.
        public static let routeSharedWithOtherApp: Code = "aasa.route.sharedWithOtherApp"
        /// The routes were not checked because the file's domain is not known.
        public static let domainUnknown: Code = "aasa.manifest.domainUnknown"

        // MARK: Hosting

        /// The URL is not `https`.
        public static let notHTTPS: Code = "aasa.hosting.notHTTPS"
        /// Plain HTTP was accepted because the host is the loopback interface.
        public static let loopbackHTTP: Code = "aasa.hosting.loopbackHTTP"
        /// The server answered with a redirect.
        public static let redirect: Code = "aasa.hosting.redirect"
        /// The server answered with a status other than 200.
        public static let badStatus: Code = "aasa.hosting.status"
        /// The server's content type is not `application/json`.
        public static let contentType: Code = "aasa.hosting.contentType"
        /// The file was not fetched from `/.well-known/apple-app-site-association`.
        public static let wrongPath: Code = "aasa.hosting.wrongPath"
        /// The server could not be reached or did not answer in time.
        public static let unreachable: Code = "aasa.hosting.unreachable"
    }
}

extension AASAFinding.Code {
    /// Every code the comparison with Apple's CDN copy can report.
    public static let cdnCodes: [AASAFinding.Code] = [.cdnStale, .cdnMissing, .cdnError, .cdnHosting]

    /// Apple's CDN holds a copy of the file that differs from the domain's.
    public static let cdnStale: AASAFinding.Code = "aasa.cdn.stale"
    /// Apple's CDN holds no copy of the domain's file (404).
    public static let cdnMissing: AASAFinding.Code = "aasa.cdn.missing"
    /// Apple's CDN copy or the domain's file could not be fetched or read, so they were not compared.
    public static let cdnError: AASAFinding.Code = "aasa.cdn.error"
    /// Apple's CDN answered with a redirect, a content type other than `application/json`, or a
    /// file over 128 KB.
    public static let cdnHosting: AASAFinding.Code = "aasa.cdn.hosting"
}
