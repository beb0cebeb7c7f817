import ClipReports

extension AppClipExperience {
    /// The description of an experience in a report's schema.
    package static let schema = ReportSchema.object([
        .required("link", .string),
        .required("action", .string),
        .required("source", .string),
        .optional("place", .object([
            .required("name", .string), .required("latitude", .number), .required("longitude", .number), .required("mapAction", .string),
            .optional("radius", .number),
        ])),
        .optional("headerImage", .object([
            .required("path", .string), .required("manifestKey", .string), .required("file", .string), .required("fileName", .string),
            .required("format", .oneOf(["png", "jpeg"])), .required("byteCount", .integer), .required("checksum", .string),
        ])),
    ])
}

/// What `clipkit experiences plan --json` prints: the experiences the manifest implies.
package struct ExperiencesPlanReport: CommandReport {
    package static let schemaName = "experiences-plan"
    package static let commands = "clipkit experiences plan"
    package static let members: [ReportMember] = [.required("experiences", .array(AppClipExperience.schema))]

    package let schemaVersion = ReportVersion.current
    /// The planned experiences.
    package let experiences: [AppClipExperience]

    /// The report of `plan`.
    package init(_ plan: AppClipExperiencePlan) {
        experiences = plan.experiences
    }
}

extension AppClipExperienceSync.Result: CommandReport {
    package static let schemaName = "experiences-push"
    package static let commands = "clipkit experiences push"
    package static let members: [ReportMember] = [
        .required("dryRun", .boolean),
        .required("appClipID", .string),
        .required("changes", .array(.object([
            .required("kind", .oneOf(["create", "update", "remove", "unchanged"])), .required("link", .string),
            .optional("id", .string), .optional("source", .string), .optional("headerImage", .string),
        ]))),
        .required("created", .array(.string)),
        .required("updated", .array(.string)),
        .required("removed", .array(.string)),
        .required("unchanged", .array(.string)),
    ]

    package var schemaVersion: Int { ReportVersion.current }
}
