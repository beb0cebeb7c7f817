import ClipReports

extension CodesReport: CommandReport {
    package static let schemaName = "codes"
    package static let commands = "clipkit codes"
    package static let members: [ReportMember] = [
        .required("codes", .array(.object([
            .required("url", .string),
            .required("label", .string),
            .optional("route", .string),
            .required("qr", .object([
                .required("png", .string), .required("svg", .string), .required("version", .integer),
                .required("errorCorrection", .oneOf(["L", "M", "Q", "H"])), .required("modules", .integer),
            ])),
            .optional("nfc", .object([
                .required("ndef", .string), .required("bytes", .integer), .required("tagBytes", .integer),
                .required("tag", .string), .required("fits", .array(.string)),
            ])),
        ]))),
        .required("sheets", .array(.string)),
        .required("refused", .array(.object([
            .required("url", .string),
            .required("check", .oneOf(["url", "route", "experience", "physical", "nfc", "appClipCode"])),
            .required("reason", .string),
        ]))),
        .required("findings", .array(Finding.schema)),
        .optional("uniformVersion", .integer),
        .optional("physicalSizeLimit", .string),
    ]
}
