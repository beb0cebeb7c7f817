// libFuzzer target: the AASA validator (ClipSite's AASAValidator) on any bytes, as served at
// /.well-known/apple-app-site-association. A file over the size cap is never valid, and validating
// the same bytes twice gives the same report.
import ClipAASA
import Foundation
import FuzzDriver
import FuzzSupport

let validator = AASAValidator(domain: "roadflare.app")

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).data
    let report = validator.validate(data: bytes)
    if bytes.count > AASADocument.maximumBytes {
        require(!report.errors.isEmpty, "a file of \(bytes.count) bytes, over the cap, has no errors")
    }
    require(validator.validate(data: bytes) == report, "validating the same bytes twice gave different reports")
    return 0
}
