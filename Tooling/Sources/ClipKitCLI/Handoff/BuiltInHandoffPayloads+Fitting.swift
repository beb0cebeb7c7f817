import ClipKit
import Foundation

extension BuiltInHandoffPayloads {
    /// The names of the built-in payload types that `json` decodes as, strictly; the CLI finds a
    /// payload's type from its shape with it.
    public static func typeNames(fitting json: JSONValue) -> [String] {
        let data = json.serialized()
        return all.filter { fits(data, $0) }.map { $0.handoffTypeName }
    }

    private static func fits<Payload: HandoffPayload>(_ data: Data, _ type: Payload.Type) -> Bool {
        (try? JSONDecoder().decode(Payload.self, from: data)) != nil
    }
}
