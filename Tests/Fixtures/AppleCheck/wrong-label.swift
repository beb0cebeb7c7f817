// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line.
// target: Examples/roadflare/Clip/RoadFlareClipApp.swift
// expect: incorrect argument label in call (have 'to:confirmingLocationWith:', expected 'into:confirmingLocationWith:')
struct PlantedWrongLabel: View {
    let inbox: InvocationInbox
    var body: some View {
        Text("planted").routesInvocations(to: inbox, confirmingLocationWith: nil) // planted
    }
}
