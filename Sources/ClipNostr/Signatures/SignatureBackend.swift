import ClipKit
import Foundation

/// A BIP-340 implementation that ClipNostr can check signatures with.
///
/// Every build links ``swift``. Linux builds of the package also link ``libsecp256k1`` while the
/// package's `Libsecp256k1` trait is on (the default), for tooling that verifies many events; Apple
/// platforms never link it, so a clip carries no C library. Both give the same answer for every
/// input; ``fastestLinked`` is what ``SignatureVerifiers/platformDefault`` uses.
///
/// ```swift
/// let verifier = try SignatureBackend.swift.makeVerifier()
/// let events = EventVerifier(signatureVerifier: verifier)
/// ```
@_spi(ClipKitTooling)
public enum SignatureBackend: String, CaseIterable, Sendable {
    /// ``SwiftSignatureVerifier``: ClipNostr's own verifier, on every platform.
    case swift
    /// `Secp256k1SignatureVerifier`: Bitcoin Core's libsecp256k1, where this build links it.
    case libsecp256k1

    /// Whether this build links the backend.
    public var isLinked: Bool { linkedVerifier != nil }

    /// The backends this build links, fastest first.
    public static var linked: [SignatureBackend] {
        [.libsecp256k1, .swift].filter(\.isLinked)
    }

    /// The fastest backend this build links: libsecp256k1 where it is linked, otherwise Swift.
    public static var fastestLinked: SignatureBackend {
        libsecp256k1.isLinked ? .libsecp256k1 : .swift
    }

    /// Makes a verifier that checks signatures with this backend.
    ///
    /// - Throws: ``SignatureBackendError/notLinked(_:)`` when this build does not link the backend.
    public func makeVerifier() throws(SignatureBackendError) -> any SignatureVerifier {
        guard let verifier = linkedVerifier else { throw .notLinked(self) }
        return verifier
    }

    /// A verifier for this backend, or nil where this build does not link it.
    var linkedVerifier: (any SignatureVerifier)? {
        switch self {
        case .swift:
            return SwiftSignatureVerifier()
        case .libsecp256k1:
            #if canImport(CSecp256k1)
            return Secp256k1SignatureVerifier()
            #else
            return nil
            #endif
        }
    }
}

/// Why a ``SignatureBackend`` cannot make a verifier.
@_spi(ClipKitTooling)
public enum SignatureBackendError: Error, Equatable, Sendable, CustomStringConvertible {
    /// This build does not link the backend.
    case notLinked(SignatureBackend)

    /// One sentence for a person: what is missing, and what to do.
    public var description: String {
        switch self {
        case .notLinked(let backend):
            let linked = SignatureBackend.linked.map(\.rawValue).joined(separator: ", ")
            return "the \(backend.rawValue) signature backend is not linked in this build (linked: \(linked)); "
                + "libsecp256k1 is linked only on Linux with the package's Libsecp256k1 trait and libsecp256k1-dev installed"
        }
    }
}

extension SignatureBackendError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        "Use the swift backend, or build on Linux with the package's Libsecp256k1 trait and libsecp256k1-dev installed."
    }
}
