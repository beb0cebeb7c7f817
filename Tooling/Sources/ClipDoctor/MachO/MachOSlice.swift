/// One architecture of a Mach-O executable and what its code signature holds.
package struct MachOSlice: Sendable, Hashable {
    /// The architecture's name, such as `arm64`, or the raw CPU type for unknown ones.
    package var architecture: String
    /// Where the slice starts in the file (0 for a thin file).
    package var offset: Int
    /// The code signature, or `nil` when the slice has no `LC_CODE_SIGNATURE` load command.
    package var codeSignature: CodeSignature?

    /// Creates a slice description.
    package init(architecture: String, offset: Int, codeSignature: CodeSignature?) {
        self.architecture = architecture
        self.offset = offset
        self.codeSignature = codeSignature
    }
}

/// What ClipDoctor reads from an embedded code signature (the SuperBlob that `LC_CODE_SIGNATURE` points at).
package struct CodeSignature: Sendable, Hashable {
    /// The XML property list of the entitlements blob (magic `0xfade7171`), when there is one.
    package var entitlements: PropertyListValue?
    /// Whether the signature also carries DER-encoded entitlements (magic `0xfade7172`).
    package var hasDEREntitlements: Bool
    /// The slot types of every blob in the SuperBlob's index, in order.
    package var slotTypes: [UInt32]

    /// Creates a signature description.
    package init(entitlements: PropertyListValue?, hasDEREntitlements: Bool, slotTypes: [UInt32]) {
        self.entitlements = entitlements
        self.hasDEREntitlements = hasDEREntitlements
        self.slotTypes = slotTypes
    }
}
