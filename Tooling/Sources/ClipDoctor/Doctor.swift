import ClipReports
import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Checks that an app, its App Clip and its link domain are wired the way the manifest says.
///
/// ```swift
/// let doctor = Doctor(manifest: manifest)
/// let report = try await doctor.examine(DoctorInputs(clipEntitlements: "Clip/Clip.entitlements"))
/// for finding in report.findings { print(finding.code, finding.message) }
/// ```
package struct Doctor: Sendable {
    /// The manifest everything is checked against.
    package var manifest: ClipManifest
    /// The AASA validator (ClipAASA's by default); without one, an AASA input gives an
    /// `aasa.unavailable` finding.
    package var aasaChecker: (any AASAChecking)?
    /// The largest plist file read, in bytes.
    package var maximumPlistBytes = 4 * 1024 * 1024
    /// Where the manifest was read from, named in findings about the manifest itself.
    package var manifestFile: String?
    /// How the CDN comparison fetches the domains' files and Apple's copies.
    package var fetcher: any AASAFetching = URLSessionAASAFetcher()
    /// The parameter kinds used to make sample URLs for the manifest's routes in the CDN comparison.
    package var parameterKinds: ParameterKindRegistry = .standard

    /// Creates a doctor for `manifest`, read from `manifestFile`.
    package init(manifest: ClipManifest, manifestFile: String? = nil, aasaChecker: (any AASAChecking)? = AASAValidatorChecker()) {
        self.manifest = manifest
        self.manifestFile = manifestFile
        self.aasaChecker = aasaChecker
    }

    /// What the manifest expects.
    package var expectations: ManifestExpectations { ManifestExpectations(manifest: manifest) }

    /// Checks the manifest itself (``MinimumIOSCheck``) and every given input, and returns the findings.
    ///
    /// - Throws: ``DoctorError`` when a named input cannot be read or parsed at all.
    package func examine(_ inputs: DoctorInputs) async throws(DoctorError) -> DoctorReport {
        let expectations = self.expectations
        var findings = MinimumIOSCheck(manifest: manifest).findings(file: manifestFile)
        var checked: [String] = []

        let keychain = KeychainHandoffCheck(manifest: manifest)
        if let path = inputs.appEntitlements {
            let value = try readPlist(path, input: "--app-entitlements")
            findings += AppEntitlementsCheck(expectations: expectations).findings(in: value, file: path)
            findings += keychain.appFindings(in: value, file: path)
            checked.append(path)
        }
        if let path = inputs.clipEntitlements {
            let value = try readPlist(path, input: "--clip-entitlements")
            findings += ClipEntitlementsCheck(expectations: expectations).findings(in: value, file: path)
            findings += keychain.clipFindings(in: value, file: path)
            checked.append(path)
        }
        if let path = inputs.appInfoPlist {
            let value = try readPlist(path, input: "--app-info-plist")
            findings += InfoPlistCheck(expectations: expectations).appFindings(in: value, file: path, origin: .source)
            checked.append(path)
        }
        if let path = inputs.clipInfoPlist {
            let value = try readPlist(path, input: "--clip-info-plist")
            findings += InfoPlistCheck(expectations: expectations).clipFindings(in: value, file: path, origin: .source)
            checked.append(path)
        }
        if let path = inputs.archive {
            findings += try examineProduct(path, expectations: expectations)
            checked.append(path)
        }
        if let path = inputs.sizeReport {
            findings += try examineSizeReport(path, expectations: expectations)
            checked.append(path)
        }
        if let source = inputs.aasa {
            if let aasaChecker {
                findings += try await aasaChecker.findings(forSource: source, manifest: manifest)
            } else {
                findings.append(Finding(.aasaUnavailable, message: "no AASA validator is available in this build, so the AASA file was not checked",
                                        file: source, key: nil, fix: "Use a clipkit built with the ClipAASA module."))
            }
            checked.append(source)
        }
        if inputs.compareCDN {
            findings += await cdnFindings(inputs)
            checked += manifest.domains.map { "cdn:\($0)" }
        }
        var shareLinks: [ShareLinkReport] = []
        for link in inputs.shareLinks {
            let report = try await shareLinkReport(link)
            findings += report.allFindings
            shareLinks.append(report)
            checked.append(link)
        }
        if let statuses = inputs.appClipDomainStatuses {
            findings += AppClipDomainStatusCheck(manifest: manifest).findings(in: statuses)
            checked.append(statuses.label)
        }
        var report = DoctorReport(findings: findings, checkedFiles: checked)
        report.shareLinks = shareLinks
        return report
    }

    /// Checks the deployed share link `link` (an `http(s)://` URL) with ``ShareLinkCheck``.
    ///
    /// - Throws: ``DoctorError`` when `link` is not an `http` or `https` URL with a host.
    package func shareLinkReport(_ link: String) async throws(DoctorError) -> ShareLinkReport {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host?.isEmpty == false else {
            throw .unreadable(input: "--share-link", path: link, reason: "not an http or https URL with a host; give a share link such as https://DOMAIN/PATH")
        }
        return await ShareLinkCheck(manifest: manifest, parameterKinds: parameterKinds, fetcher: fetcher).check(url)
    }

    /// Compares Apple's CDN copy of each manifest domain's AASA file with the domain's own file.
    ///
    /// The domain's file is fetched from `https://<domain>`, or from the `--aasa` URL for the
    /// domain it names (its host, or the manifest's only domain).
    package func cdnReports(_ inputs: DoctorInputs) async -> [AASACDNReport] {
        let check = AASACDNCheck(cdnBaseURL: inputs.cdnBaseURL ?? AASACDNCheck.appleBaseURL, manifest: manifest, parameterKinds: parameterKinds)
        let given = inputs.aasa.flatMap { AASASource($0).url }
        var reports: [AASACDNReport] = []
        for target in AASACDNCheck.targets(forDomains: manifest.domains, source: given, file: nil) {
            reports.append(await check.compare(domain: target.domain, origin: target.origin, using: fetcher))
        }
        return reports
    }

    private func cdnFindings(_ inputs: DoctorInputs) async -> [Finding] {
        let check = AASACDNCheck(cdnBaseURL: inputs.cdnBaseURL ?? AASACDNCheck.appleBaseURL)
        return await cdnReports(inputs).flatMap { report in
            report.findings.map { $0.finding(file: check.cdnURL(for: report.domain)?.absoluteString ?? report.domain) }
        }
    }

    /// The findings for a built product at `path`.
    package func examineProduct(_ path: String, expectations: ManifestExpectations) throws(DoctorError) -> [Finding] {
        let inspection: ProductInspection
        do {
            inspection = try ProductInspector().inspect(at: URL(fileURLWithPath: path), displayPath: path)
        } catch {
            throw .unreadable(input: "--archive", path: path, reason: error.description)
        }
        var findings = inspection.findings
        let keychain = KeychainHandoffCheck(manifest: manifest)
        if let app = inspection.app {
            if let entitlements = app.entitlements {
                findings += AppEntitlementsCheck(expectations: expectations).findings(in: entitlements, file: app.executableLabel)
                findings += keychain.appFindings(in: entitlements, file: app.executableLabel)
            }
            if let info = app.infoPlist {
                findings += InfoPlistCheck(expectations: expectations).appFindings(in: info, file: app.infoPlistLabel, origin: .built)
                findings += keychain.appInfoFindings(in: info, file: app.infoPlistLabel)
            }
        }
        if let clip = inspection.clip {
            if let entitlements = clip.entitlements {
                findings += ClipEntitlementsCheck(expectations: expectations).findings(in: entitlements, file: clip.executableLabel)
                findings += keychain.clipFindings(in: entitlements, file: clip.executableLabel)
            }
            if let info = clip.infoPlist {
                findings += InfoPlistCheck(expectations: expectations).clipFindings(in: info, file: clip.infoPlistLabel, origin: .built)
            }
            if let linkage = clip.linkage {
                findings += ClipLinkageCheck().findings(in: linkage, file: clip.executableLabel)
            } else if let problem = clip.linkageProblem {
                findings.append(Finding(.clipLinkageUnreadable, message: "the clip's linked frameworks and imports could not be read: \(problem)",
                                        file: clip.executableLabel, key: nil,
                                        fix: "Rebuild the clip; if the executable is valid, report the file so the reader can learn its layout."))
            }
            if let limit = expectations.sizeLimit {
                findings += BundleSizeCheck(limit: limit).findings(uncompressedBytes: clip.uncompressedBytes, file: clip.bundleLabel)
            }
        }
        return findings
    }

    /// The findings for an App Thinning Size Report at `path`.
    package func examineSizeReport(_ path: String, expectations: ManifestExpectations) throws(DoctorError) -> [Finding] {
        let data = try readFile(path, input: "--size-report", limit: SizeReportParser().maximumBytes)
        let report: SizeReport
        do {
            report = try SizeReportParser().parse(data)
        } catch {
            throw .unreadable(input: "--size-report", path: path, reason: error.description)
        }
        guard let limit = expectations.sizeLimit else {
            throw .unreadable(input: "--manifest", path: "clip.minimumIOS", reason: "'\(expectations.minimumIOS)' is not a version")
        }
        return SizeEvaluation(report: report, limit: limit).findings(file: path)
    }

    private func readPlist(_ path: String, input: String) throws(DoctorError) -> PropertyListValue {
        let data = try readFile(path, input: input, limit: maximumPlistBytes)
        do {
            return try PropertyListReader(maximumBytes: maximumPlistBytes).read(data)
        } catch {
            throw .unreadable(input: input, path: path, reason: error.description)
        }
    }

    private func readFile(_ path: String, input: String, limit: Int) throws(DoctorError) -> Data {
        do throws(InputFile.Failure) {
            return try InputFile.read(path: path, limit: limit)
        } catch {
            throw .unreadable(input: input, path: path, reason: error.reason)
        }
    }
}
