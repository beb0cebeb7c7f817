import ClipKit

struct CoffeeOrder: HandoffPayload, Hashable {
    static let handoffTypeName = "com.example.coffee.order"
    var store: String
    var table: String?
}

enum BrewScreen: Hashable, Sendable { case menu, order(CoffeeOrder) }
