// Planted by `scripts/check-apple-glue --control` at the end of the target file below; the check must fail with
// the expected diagnostic on the planted line.
// target: Examples/bluesky/NotificationService/NotificationService.swift
// expect: risks causing data races
final class PlantedCounter {
    var count = 0
}

func plantedDetachedRace() {
    let counter = PlantedCounter()
    Task.detached { counter.count += 1 } // planted
    counter.count += 1
}
