import ClipKit

// The order the clip hands off, `com.example.coffee.order`, is `OrderHandoff`: the manifest plugin
// generates it from clipkit.json's handoff.types, with `store` a String and `table` an Int?, as the
// table and store routes capture them.
enum BrewScreen: Hashable, Sendable { case menu, order(OrderHandoff) }
