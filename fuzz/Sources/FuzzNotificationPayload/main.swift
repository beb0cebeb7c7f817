// libFuzzer target: push payloads as a notification service extension receives them
// (ClipNotifications' NotificationPayloadParser). A payload over the size cap never parses, and
// parsing the same bytes twice gives the same result.
@_spi(ClipKitTooling) import ClipNotifications
import FuzzDriver
import FuzzSupport
import Foundation

let parser = NotificationPayloadParser()

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).data
    guard let payload = try? parser.parse(bytes) else { return 0 }
    require(bytes.count <= parser.limits.maximumBytes, "parsed \(bytes.count) bytes, over the cap")
    require((try? parser.parse(bytes)) == payload, "parsing the same bytes twice gave different payloads")
    return 0
}
