#if canImport(Darwin)
import ClipKit
import Foundation

extension ClipSessionModel {
    /// The session for the clip in `bundle`: its `clipkit.json`, a router with this flow's
    /// ``parameterKinds``, and the system's container of its App Group.
    ///
    /// - Throws: ``/ClipKit/ClipSetupError`` naming what is missing.
    public static func fromBundle(_ bundle: Bundle = .main) throws(ClipSetupError) -> Self {
        try Self(runtime: .fromBundle(bundle, parameterKinds: parameterKinds))
    }
}
#endif
