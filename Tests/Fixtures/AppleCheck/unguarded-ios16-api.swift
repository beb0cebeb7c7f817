// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line, and must not report the guarded use.
// target: Examples/bluesky/Clip/BlueskyClipApp.swift
// expect: 'ContinuousClock.now' is only available in iOS 16.0 or newer, and this target supports iOS 15.1
func plantedUnguardedClock() -> Bool {
    let start = ContinuousClock.now // planted
    return start == start
}

func plantedGuardedClock() -> Bool {
    if #available(iOS 16.0, *) {
        let start = ContinuousClock.now // guarded
        return start == start
    }
    return false
}
