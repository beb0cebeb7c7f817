// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line.
// target: Examples/roadflare/App/AppState.swift
// expect: call to main actor-isolated instance method 'initialize(launchURL:)' in a synchronous nonisolated context
nonisolated func plantedNonisolatedCall(state: AppState) {
    state.initialize() // planted
}
