import ClipCodes
@_spi(ClipKitTooling) import ClipKit
import ClipKitGeneration
import ClipKitUI
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrUI
@_spi(ClipKitTooling) import ClipNotifications
import ClipServices
import ClipTestSupport
import ClipWebBridge
import ClipWebBridgeUI
import Foundation
import Testing

/// Every public error type of the root package's modules can be shown by an app: it is a
/// `LocalizedError` whose `errorDescription` — and so `localizedDescription`, which SwiftUI code
/// shows — is ClipKit's own message, not Foundation's generic text.
///
/// The types are found by reading `Sources/`, so a new public error type fails
/// ``everyPublicErrorTypeIsChecked()`` until it has a sample here, and a sample whose type lacks the
/// conformance fails ``everyErrorShowsItsOwnMessage()``.
@Suite struct PublicErrorTests {
    /// `Module.Type` (`ClipKit.InputFile.Failure` for a nested type) of every public type in
    /// `Sources/` that conforms to `Error`, in its declaration or in an extension.
    static func declaredPublicErrorTypes() throws -> Set<String> {
        let sources = TestEnvironment.file("Sources")
        let declaration = try Regex(#"^(\s*)public\s+(?:final\s+)?(?:enum|struct|class|actor)\s+(\w+)(?:<[^>]*>)?\s*:([^{]*)\{"#)
        let container = try Regex(#"^(\s*)(?:public\s+|package\s+)?(?:final\s+)?(?:enum|struct|class|actor|extension)\s+([\w.]+)"#)
        let conformance = try Regex(#"^\s*(?:public\s+)?extension\s+([\w.]+)\s*:([^{]*)\{"#)
        var found: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "docc" { enumerator?.skipDescendants(); continue }
            guard url.pathExtension == "swift" else { continue }
            let module = url.path.dropFirst(sources.path.count + 1).split(separator: "/")[0]
            var enclosing: [(indent: Int, name: String)] = []
            for line in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n") {
                guard let opening = line.firstMatch(of: container) else { continue }
                let indent = opening.output[1].substring?.count ?? 0
                enclosing.removeAll { $0.indent >= indent }
                let name = String(opening.output[2].substring ?? "")
                if let match = line.firstMatch(of: declaration), Self.inheritsError(match.output[3].substring) {
                    found.insert(([String(module)] + enclosing.map(\.name) + [name]).joined(separator: "."))
                } else if let match = line.firstMatch(of: conformance), Self.inheritsError(match.output[2].substring) {
                    found.insert("\(module).\(match.output[1].substring ?? "")")
                }
                if line.hasSuffix("{") { enclosing.append((indent, name)) }
            }
        }
        return found
    }

    /// Whether an inheritance clause names `Error` itself.
    static func inheritsError(_ clause: Substring?) -> Bool {
        (clause ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "Error" }
    }

    /// Values of every public error type; where the cases of a type differ in whether they say what
    /// to do, one of each.
    static var samples: [any Error] {
        let samples: [(any Error)?] = [
        // ClipKit
        ClipSetupError.manifestNotBundled(bundle: "/Applications/Brew.app"),
        ClipSetupError.appGroup(.notEntitled(identifier: "group.com.example.brew")),
        ClipSetupError.flow("clipkit.json lists no relays"),
        AppGroupContainerError.invalidIdentifier("com.example.brew"),
        SharedDefaultsError.valueTooLarge(key: "clipkit.handoff", bytes: 70_000, limit: 65_536),
        SharedDefaultsError.operationFailed(operation: "write", key: "clipkit.handoff", reason: "disk full"),
        JSONSyntaxError(kind: .trailingContent, offset: 12, line: 1, column: 13, detail: "unexpected ']'"),
        RoutePatternError.notHTTPS("http://brew.example/s/{store}"),
        RoutePatternError.emptySegment("https://brew.example//s"),
        RoutingFailure.unknownHost("example.org"),
        RouterConfigurationError.unknownParameterKind(route: "ticket", parameter: "id", kind: "ticket"),
        HandoffError.invalidKey("1key"),
        HandoffError.secretTypeInAppGroup("com.example.session"),
        HandoffError.payloadNotEncodable(typeName: "com.example.order", reason: "NaN"),
        HandoffDiagnostic.unknownVersion(9),
        HandoffDiagnostic.truncated(bytes: 17),
        InputFile.Failure.notRegularFile(kind: "a folder"),
        InputFile.Failure.missing,
        // ClipManifestReader
        ManifestError.unreadable(file: "clipkit.json", reason: "no such file"),
        ManifestError.invalid(file: "clipkit.json", issues: [ManifestIssue(path: "$.teamID", message: "missing")]),
        // ClipKitGeneration
        GenerationFailure(diagnostics: [ManifestDiagnostic(file: "clipkit.json", line: 2, column: 3, path: "$.teamID", message: "missing")]),
        // ClipWebBridge
        WebBridgeError.keyNotAllowed("secret", allowed: ["starterPackUri"]),
        WebBridgeError.invalidValue(key: "starterPackUri", reason: "not a link"),
        // ClipKitUI
        ClipSessionError.routeNamesNoHandoffType("table"),
        ClipSessionError.noInvocation,
        LocationConfirmationError.invalidRegion("radius 900 m is over 500 m"),
        // ClipServices
        ClipNotificationError.notAuthorized(.denied),
        ClipNotificationError.doesNotRouteBack(identifier: "https://brew.example/r/1", route: "table", reason: "it matches route 'receipt' first"),
        // ClipCodes
        QRCodeError.dataTooLong(bytes: 3_000, errorCorrection: .high),
        // ClipWebBridgeUI
        WebBridgeClipError.routeShowsNoWebContent("starterPack"),
        WebBridgeClipError.contentURLUnbuildable("https://bsky.app/start/a/b"),
        // ClipNostr
        EventFragmentError.truncated(.content),
        ProfileShareLinkError.routeTakesNoSignedProfile("driverShare"),
        ProfileShareLinkError.noSuchRoute("driver"),
        EventDecodingError.missingField("sig"),
        EventVerificationError.invalidSignature,
        NIP19Error.unsupportedPrefix("nsec"),
        NIP19Error.missingSeparator,
        RelayURLError.insecureRemote("relay.example"),
        RelayURLError.missingHost,
        ProfileTargetError.needsManifest,
        ProfileTargetError.routeHasNoProfile(route: "riderShare"),
        NIP19Error.missingField(.kind, entity: "naddr"),
        (try? NIP05Address("maria@roadflare.app")).map(ProfileTargetError.needsNameLookup),
        NIP05AddressError.notOneAtSign,
        NIP05Error.redirect(url: URL(string: "https://roadflare.app/.well-known/nostr.json?name=maria")!, status: 301, location: "https://x.example/"),
        NIP05Error.timedOut(url: URL(string: "https://roadflare.app/.well-known/nostr.json?name=maria")!, seconds: 5),
        ProfileTargetNameLookupError.lookup(.invalidAddress("maria", .notOneAtSign)),
        SignatureBackendError.notLinked(.libsecp256k1),
        ProfileError.notAProfileEvent(kind: 1),
        RelayMessageError.emptyArray,
        Result { () throws(ProfileFilterError) in try ProfileFilter(author: "npub1notahexkey") }.failure,
        RelayTransportError.connectionRefused,
        RelayTransportError.cancelled,
        RelayTLSError.untrustedCertificate,
        RelayTLSError.nameMismatch(host: "relay.example"),
        // ClipNostrUI
        RelayProfileLoaderError.noRelays,
        DriverHandoffOfferError.notAvailable(.loading),
        DriverHandoffOfferError.alreadyOffering,
        DriverProfileLoadingError.invalidKey("not bech32"),
        DriverPreviewFailure.stopped,
        // ClipNotifications
        PreferencesError.malformed(path: "prefs.json", detail: "not an object"),
        PreferencesError.unreadable(path: "prefs.json", detail: "permission denied"),
        PayloadIssue(path: "aps.alert", problem: .missing),
        PayloadProblem.wrongType(expected: "a string", found: "a number"),
        PayloadRejection.tooLarge(bytes: 5000, limit: 4096),
        PayloadRejection.notAnObject(found: "an array"),
        BadgeCounterError.invalidIncrement(0),
        BadgeCounterError.cannotLock(path: "badge", detail: "EINTR"),
        ]
        return samples.compactMap { $0 }
    }

    static func typeName(of error: any Error) -> String {
        String(reflecting: type(of: error))
    }

    @Test func everyPublicErrorTypeIsChecked() throws {
        let declared = try Self.declaredPublicErrorTypes()
        #expect(declared.count >= 37, "the scan found \(declared.count): \(declared.sorted())")
        let sampled = Set(Self.samples.map(Self.typeName(of:)))
        #expect(declared.subtracting(sampled).isEmpty, "public error types without a sample here: \(declared.subtracting(sampled).sorted())")
        #expect(sampled.subtracting(declared).isEmpty, "samples of types the scan did not find: \(sampled.subtracting(declared).sorted())")
    }

    @Test func everyErrorShowsItsOwnMessage() {
        for error in Self.samples {
            let message = String(describing: error)
            #expect(error is any LocalizedError, "\(Self.typeName(of: error)) is not a LocalizedError")
            #expect((error as? any LocalizedError)?.errorDescription == message, "\(Self.typeName(of: error))")
            #expect(error.localizedDescription == message, "\(Self.typeName(of: error)): \(error.localizedDescription)")
            #expect(!message.isEmpty && !message.contains("The operation could not be completed"), "\(message)")
        }
    }

    /// A suggestion is a sentence that says what to do, and only where the message does.
    @Test func recoverySuggestionsSayWhatToDo() {
        var suggested = 0
        for error in Self.samples {
            guard let suggestion = (error as? any LocalizedError)?.recoverySuggestion else { continue }
            suggested += 1
            #expect(suggestion.first?.isUppercase == true && suggestion.hasSuffix("."), "\(Self.typeName(of: error)): \(suggestion)")
        }
        #expect(suggested >= 20, "only \(suggested) samples say what to do")
        #expect((ClipSessionError.noInvocation as any LocalizedError).recoverySuggestion == nil)
        #expect(ClipSetupError.appGroup(.notEntitled(identifier: "group.a.b")).recoverySuggestion
            == AppGroupContainerError.notEntitled(identifier: "group.a.b").recoverySuggestion)
    }

    @Test func theScanFindsNestedTypesAndExtensions() throws {
        let declared = try Self.declaredPublicErrorTypes()
        #expect(declared.contains("ClipKit.InputFile.Failure"))
        #expect(declared.contains("ClipNostr.RelayTLSError"))
        #expect(!declared.contains("ClipKitUI.ClipScreen"))
    }
}

extension Result {
    /// The error, or `nil` on success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
