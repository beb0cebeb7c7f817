import ClipAppStoreConnect
import ClipKit
import ClipManifestReader
import Foundation

/// The advanced App Clip experiences the manifest implies, with its header images checked.
func plannedExperiences(manifestAt manifestURL: URL) throws -> [AppClipExperience] {
    let manifest = try ManifestLoader().load(contentsOf: manifestURL)
    let plan = try AppClipExperiencePlan(manifest: manifest, manifestFile: manifestURL.path)
    for experience in plan.experiences { print(experience.link, experience.action, experience.place?.name ?? "") }
    return plan.experiences
}
