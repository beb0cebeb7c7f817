import ClipReports
import Foundation

/// Makes App Store Connect's advanced App Clip experiences match a plan.
///
/// Experiences are matched by link: a planned link missing from App Store Connect is created, one
/// whose action, place or header image differs is updated, and an active experience whose link
/// the plan does not have is removed. A header image is compared by its MD5 checksum with the
/// `sourceFileChecksum` App Store Connect keeps, and uploaded only when they differ. Running it
/// again with nothing changed does nothing. Without `apply`, nothing is written: the result says
/// what would be done.
package struct AppClipExperienceSync: Sendable {
    /// What is done for one experience.
    package struct Change: Sendable, Hashable, Encodable {
        /// The kind of change.
        package enum Kind: String, Sendable, Hashable, Encodable {
            /// Create it.
            case create
            /// Update its attributes.
            case update
            /// Remove (deactivate) it.
            case remove
            /// Nothing: it already matches.
            case unchanged
        }

        /// The kind of change.
        package let kind: Kind
        /// The experience's link.
        package let link: String
        /// App Store Connect's ID, for an existing experience (or a created one once applied).
        package let id: String?
        /// The route or place it comes from, for a planned experience.
        package let source: String?
        /// The header image uploaded for it (in a dry run, to be uploaded), as the manifest names
        /// it; `nil` when its image is unchanged or the manifest names none.
        package let headerImage: String?

        /// Creates a change.
        package init(kind: Kind, link: String, id: String?, source: String?, headerImage: String? = nil) {
            self.kind = kind
            self.link = link
            self.id = id
            self.source = source
            self.headerImage = headerImage
        }
    }

    /// What a push did (or, in a dry run, would do).
    package struct Result: Sendable, Hashable, Encodable {
        /// Whether nothing was written.
        package let dryRun: Bool
        /// The App Clip's ID in App Store Connect.
        package let appClipID: String
        /// Every change, in plan order, then removals.
        package let changes: [Change]

        /// The links created.
        package var created: [String] { links(.create) }
        /// The links updated.
        package var updated: [String] { links(.update) }
        /// The links removed.
        package var removed: [String] { links(.remove) }
        /// The links already matching.
        package var unchanged: [String] { links(.unchanged) }

        func links(_ kind: Change.Kind) -> [String] { changes.filter { $0.kind == kind }.map(\.link) }

        enum CodingKeys: String, CodingKey { case schemaVersion, dryRun, appClipID, changes, created, updated, removed, unchanged }

        /// Encodes the report's version, the changes and the lists of links by kind.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ReportVersion.current, forKey: .schemaVersion)
            try container.encode(dryRun, forKey: .dryRun)
            try container.encode(appClipID, forKey: .appClipID)
            try container.encode(changes, forKey: .changes)
            try container.encode(created, forKey: .created)
            try container.encode(updated, forKey: .updated)
            try container.encode(removed, forKey: .removed)
            try container.encode(unchanged, forKey: .unchanged)
        }
    }

    /// The experiences App Store Connect should hold.
    package let plan: AppClipExperiencePlan

    /// Creates a sync for `plan`.
    package init(plan: AppClipExperiencePlan) {
        self.plan = plan
    }

    /// The changes that make `remote` match the plan.
    package func changes(from remote: [RemoteAppClipExperience]) -> [Change] {
        let active = remote.filter { !$0.isRemoved }
        var result: [Change] = []
        for wanted in plan.experiences {
            if let existing = active.first(where: { $0.experience.link == wanted.link }) {
                let image = wanted.headerImage.flatMap { image in existing.headerImage?.matches(image) == true ? nil : image.path }
                let kind: Change.Kind = existing.experience.differs(from: wanted) || image != nil ? .update : .unchanged
                result.append(Change(kind: kind, link: wanted.link, id: existing.id, source: wanted.source, headerImage: image))
            } else {
                result.append(Change(kind: .create, link: wanted.link, id: nil, source: wanted.source, headerImage: wanted.headerImage?.path))
            }
        }
        let planned = Set(plan.experiences.map(\.link))
        var seen: Set<String> = []
        for existing in active {
            // A second active experience with a planned link is a duplicate: remove it too.
            if planned.contains(existing.experience.link), seen.insert(existing.experience.link).inserted { continue }
            result.append(Change(kind: .remove, link: existing.experience.link, id: existing.id, source: nil))
        }
        return result
    }

    /// Lists the App Clip's experiences, works out the changes and, with `apply`, makes them;
    /// `progress` gets one line per experience.
    package func push(using client: AppStoreConnectClient, appClipID: String, apply: Bool,
                     progress: (String) -> Void = { _ in }) async throws(AppStoreConnectError) -> Result {
        let remote = try await client.experiences(appClipID: appClipID)
        let planned = changes(from: remote)
        var done: [Change] = []
        for (index, change) in planned.enumerated() {
            let counter = "[\(index + 1)/\(planned.count)]"
            let label = change.source.map { " (\($0))" } ?? ""
            guard apply, change.kind != .unchanged else {
                let verb = change.kind == .unchanged ? "unchanged" : "would \(change.kind.rawValue)"
                let image = change.headerImage.map { ", would upload header image \($0)" } ?? ""
                progress("\(counter) \(verb) \(change.link)\(label)\(image)")
                done.append(change)
                continue
            }
            let experience = plan.experiences.first(where: { $0.link == change.link })
            var imageID: String?
            if change.headerImage != nil, let image = experience?.headerImage {
                imageID = try await client.uploadHeaderImage(image)
            }
            let uploaded = imageID.map { _ in ", header image \(change.headerImage ?? "") uploaded" } ?? ""
            switch change.kind {
            case .create:
                guard let experience else { continue }
                let id = try await client.create(experience, appClipID: appClipID, headerImageID: imageID)
                done.append(Change(kind: .create, link: change.link, id: id, source: change.source, headerImage: change.headerImage))
                progress("\(counter) created \(change.link)\(label) as \(id)\(uploaded)")
            case .update:
                guard let experience, let id = change.id else { continue }
                try await client.update(id: id, to: experience, headerImageID: imageID)
                done.append(change)
                progress("\(counter) updated \(change.link)\(label)\(uploaded)")
            case .remove:
                guard let id = change.id else { continue }
                try await client.remove(id: id)
                done.append(change)
                progress("\(counter) removed \(change.link)")
            case .unchanged:
                done.append(change)
            }
        }
        return Result(dryRun: !apply, appClipID: appClipID, changes: done)
    }
}
