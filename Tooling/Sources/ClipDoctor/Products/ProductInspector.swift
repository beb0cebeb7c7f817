import ClipReports
import Foundation

/// Opens a built product — an `.app` folder, an `.ipa` or an `.xcarchive` — finds the app and
/// the App Clip under its `AppClips/` folder, and reads each one's Info.plist, the entitlements
/// embedded in its executable's code signature, and its uncompressed size.
///
/// Works anywhere Foundation does: it reads the Mach-O files itself instead of running `codesign`.
package struct ProductInspector: Sendable {
    /// The most files listed in a product.
    package var maximumFiles = 200_000
    /// The largest executable read, in bytes.
    package var maximumExecutableBytes = 512 * 1024 * 1024
    /// The largest Info.plist read, in bytes.
    package var maximumInfoPlistBytes = 4 * 1024 * 1024

    /// Creates an inspector with the default limits.
    package init() {}

    /// Inspects the product at `url`; `displayPath` is how findings name it (default: `url.path`).
    ///
    /// - Throws: ``ProductError`` when the product cannot be opened at all; problems inside it
    ///   are findings.
    package func inspect(at url: URL, displayPath: String? = nil) throws(ProductError) -> ProductInspection {
        let shown = displayPath ?? url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(path: shown, reason: "no such file or folder")
        }
        let container: any ProductContainer
        let bundleParent: String?
        if isDirectory.boolValue {
            container = FolderContainer(root: url, displayPath: shown, maximumFiles: maximumFiles)
            switch url.pathExtension.lowercased() {
            case "app": bundleParent = nil
            case "xcarchive": bundleParent = "Products/Applications"
            default:
                guard FileManager.default.fileExists(atPath: url.appendingPathComponent("Payload").path) else {
                    throw .unsupportedKind(path: shown)
                }
                bundleParent = "Payload"
            }
        } else {
            let head = (try? FileHandle(forReadingFrom: url)).flatMap { handle -> Data? in
                defer { try? handle.close() }
                return try? handle.read(upToCount: 4)
            } ?? Data()
            guard head.starts(with: [0x50, 0x4B]) else { throw .unsupportedKind(path: shown) }
            container = try ZIPContainer(url: url, displayPath: shown, maximumFiles: maximumFiles)
            bundleParent = "Payload"
        }
        return try inspect(container, bundleParent: bundleParent)
    }

    private func inspect(_ container: any ProductContainer, bundleParent: String?) throws(ProductError) -> ProductInspection {
        let files = try container.files()
        var findings: [Finding] = []
        let appPath: String
        if let bundleParent {
            let candidates = Self.bundles(in: bundleParent, files: files)
            guard let first = candidates.first else {
                findings.append(Finding(.archiveAppMissing, message: "no .app bundle under '\(bundleParent)/'",
                                        file: container.label(for: bundleParent), key: nil,
                                        fix: "Pass an .xcarchive from Product > Archive, an exported .ipa, or the .app folder itself."))
                return ProductInspection(app: nil, clip: nil, findings: findings)
            }
            appPath = first
        } else {
            appPath = ""
        }
        var app: InspectedBundle? = inspectBundle(at: appPath, in: container, files: files, findings: &findings)

        let clipsFolder = appPath.isEmpty ? "AppClips" : "\(appPath)/AppClips"
        let clipPaths = Self.bundles(in: clipsFolder, files: files)
        var clip: InspectedBundle?
        if let first = clipPaths.first {
            clip = inspectBundle(at: first, in: container, files: files, findings: &findings)
            if clipPaths.count > 1 {
                findings.append(Finding(.archiveMultipleClips,
                                        message: "the app has \(clipPaths.count) App Clips (\(clipPaths.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))); an app may have only one",
                                        file: container.label(for: clipsFolder), key: nil,
                                        fix: "Embed a single App Clip target; offer several experiences from it instead."))
            }
        } else if app?.entitlements?[EntitlementKey.onDemandInstallCapable]?.booleanValue == true {
            // The product given is the clip itself.
            clip = app
            app = nil
        } else {
            findings.append(Finding(.archiveClipMissing, message: "the app has no App Clip under '\(clipsFolder)/'",
                                    file: app?.bundleLabel ?? container.label(for: appPath), key: nil,
                                    fix: "Add the clip target to the app's 'Embed App Clips' build phase, or pass the clip's .app directly."))
        }
        return ProductInspection(app: app, clip: clip, findings: findings)
    }

    /// The `.app` folders directly inside `parent`, sorted.
    static func bundles(in parent: String, files: [ProductFile]) -> [String] {
        let prefix = parent + "/"
        var names: Set<String> = []
        for file in files where file.path.hasPrefix(prefix) {
            let rest = file.path.dropFirst(prefix.count)
            guard let slash = rest.firstIndex(of: "/") else { continue }
            let name = rest[..<slash]
            if name.lowercased().hasSuffix(".app"), name.count > 4 { names.insert(prefix + name) }
        }
        return names.sorted()
    }

    private func inspectBundle(at path: String, in container: any ProductContainer, files: [ProductFile],
                               findings: inout [Finding]) -> InspectedBundle {
        func inside(_ name: String) -> String { path.isEmpty ? name : "\(path)/\(name)" }
        let prefix = path.isEmpty ? "" : path + "/"
        var total: UInt64 = 0
        for file in files where prefix.isEmpty || file.path.hasPrefix(prefix) {
            let sum = total.addingReportingOverflow(file.size)
            total = sum.overflow ? .max : sum.partialValue
        }
        let infoPath = inside("Info.plist")
        var bundle = InspectedBundle(
            path: path, infoPlistLabel: container.label(for: infoPath), executableLabel: container.label(for: path),
            bundleLabel: container.label(for: path), infoPlist: nil, entitlements: nil,
            uncompressedBytes: Int64(clamping: total)
        )
        do {
            let data = try container.read(infoPath, limit: maximumInfoPlistBytes)
            bundle.infoPlist = try PropertyListReader(maximumBytes: maximumInfoPlistBytes).read(data)
        } catch let error as ProductError {
            findings.append(Finding(.archiveInfoPlist, message: error.description, file: bundle.infoPlistLabel, key: nil,
                                    fix: error.fix(otherwise: "Rebuild the product; every bundle needs a readable Info.plist.")))
            return bundle
        } catch let error as PropertyListError {
            findings.append(Finding(.archiveInfoPlist, message: "the Info.plist cannot be read: \(error.description)", file: bundle.infoPlistLabel,
                                    key: nil, fix: "Rebuild the product; the Info.plist is corrupt."))
            return bundle
        } catch {
            return bundle
        }
        guard let executable = bundle.infoPlist?["CFBundleExecutable"]?.stringValue, !executable.isEmpty,
              !executable.contains("/"), executable != "..", executable != "." else {
            findings.append(Finding(.archiveInfoPlist, message: "'CFBundleExecutable' is missing or is not a file name", file: bundle.infoPlistLabel,
                                    key: "CFBundleExecutable", fix: "Rebuild the product; Xcode sets CFBundleExecutable to the target's executable name."))
            return bundle
        }
        let executablePath = inside(executable)
        bundle.executableLabel = container.label(for: executablePath)
        let slices: [MachOSlice]
        do {
            let data = try container.read(executablePath, limit: maximumExecutableBytes)
            slices = try MachOReader().slices(in: data)
            do {
                bundle.linkage = try MachOLinkageReader().linkage(in: data)
            } catch {
                bundle.linkageProblem = error.description
            }
        } catch let error as ProductError {
            findings.append(Finding(.archiveExecutable, message: error.description, file: bundle.executableLabel, key: nil,
                                    fix: error.fix(otherwise: "Rebuild the product; the bundle's executable is missing or too large.")))
            return bundle
        } catch let error as MachOError {
            if case .inCodeSignature = error {
                findings.append(Finding(.archiveCodeSignature, message: error.description, file: bundle.executableLabel, key: nil,
                                        fix: "Sign the product again (Xcode's archive, or 'codesign --force'); the signature is corrupt."))
            } else {
                findings.append(Finding(.archiveExecutable, message: error.description, file: bundle.executableLabel, key: nil,
                                        fix: "Rebuild the product; the executable is not a valid Mach-O file."))
            }
            return bundle
        } catch {
            return bundle
        }
        let unsigned = slices.filter { $0.codeSignature == nil }.map(\.architecture)
        if !unsigned.isEmpty {
            findings.append(Finding(.archiveCodeSignature, message: "the \(unsigned.joined(separator: ", ")) slice has no code signature (no LC_CODE_SIGNATURE), so it carries no entitlements",
                                    file: bundle.executableLabel, key: nil, fix: "Check a signed build: an archive from Product > Archive, or an exported .ipa."))
            return bundle
        }
        let signed = slices.compactMap(\.codeSignature)
        guard let first = signed.first?.entitlements else {
            findings.append(Finding(.archiveEntitlementsMissing, message: "the code signature has no entitlements blob; the bundle was signed without entitlements",
                                    file: bundle.executableLabel, key: nil,
                                    fix: "Set CODE_SIGN_ENTITLEMENTS for the target and sign again."))
            return bundle
        }
        if signed.contains(where: { $0.entitlements != first }) {
            findings.append(Finding(.archiveSliceEntitlementsDiffer,
                                    message: "the architecture slices (\(slices.map(\.architecture).joined(separator: ", "))) carry different entitlements; checking the \(slices.first?.architecture ?? "first") slice's",
                                    file: bundle.executableLabel, key: nil, fix: "Sign every slice with the same entitlements file."))
        }
        bundle.entitlements = first
        return bundle
    }
}
