// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line. An error interpolated into localized text: Apple's iOS 26.2 SDK
// deprecates that interpolation, and so do the stubs; a string, a number and Text(verbatim:) are fine.
// target: Sources/ClipKitUI/Apple/ClipSessionView.swift
// expect: is deprecated
#if canImport(SwiftUI) && os(iOS)
struct PlantedSetupProblem: Error, CustomStringConvertible {
    var description: String { "no App Group" }
}

struct PlantedProblemView: View {
    let problem = PlantedSetupProblem()
    let count = 3
    var body: some View {
        VStack {
            Text("The clip is not set up: \(problem)") // planted
            Text("Tables: \(count)") // guarded
            Text("Reason: \(problem.description)") // guarded
            Text(verbatim: "The clip is not set up: \(problem)") // guarded
        }
    }
}
#endif
