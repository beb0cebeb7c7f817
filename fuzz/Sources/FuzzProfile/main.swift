// libFuzzer target: kind-0 profile content (ClipNostr's Profile), the JSON a relay's event carries.
// Reading the same content twice gives the same profile.
import ClipNostr
import FuzzDriver
import FuzzSupport

runFuzzer { data, size in
    let text = FuzzInput(data, size).text
    guard let profile = try? Profile(content: text) else { return 0 }
    require((try? Profile(content: text)) == profile, "reading the same content twice gave different profiles")
    _ = profile.preferredName
    return 0
}
