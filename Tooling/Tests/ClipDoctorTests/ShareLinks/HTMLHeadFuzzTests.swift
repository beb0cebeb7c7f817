import ClipDoctor
import ClipTestSupport
import Foundation
import Testing

/// Seeded mutations of the first HTML `clipkit site build` writes for a route (what a deployed
/// share link sends): the head reader never crashes or hangs, keeps to its caps, and reads the
/// same bytes the same way twice.
@Suite struct HTMLHeadFuzzTests {
    static let seed = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Driver share on RoadFlare</title>
    <meta name="description" content="Open this link in the RoadFlare App Clip, without installing the app.">
    <meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card">
    <!-- a comment with <meta property="og:title" content="hidden"> -->
    <meta property="og:title" content="Driver share on RoadFlare &amp; &#39;friends&#x27;">
    <link rel="canonical" href='https://roadflare.app/share/d/npub1x?a=1&amp;b=2'>
    <style>main{color:red}</style>
    <script>var s = "</title><meta name=x content=y>";</script>
    </head>
    <body><main><h1>Page</h1></main></body>
    </html>
    """

    @Test func mutatedPagesNeverCrashAndReadTheSameTwice() {
        let seed = [UInt8](Self.seed.utf8)
        var mutator = SeededMutator(seed: 0x4854_4d4c)
        var titled = 0
        let start = ContinuousClock.now
        for _ in 0..<2_000 {
            let input = Data(mutator.mutate(seed, maximumEdits: 6, edits: SeededMutator.Edit.binary))
            let head = HTMLHead(reading: input)
            #expect(head == HTMLHead(reading: input))
            #expect(head.metaNames.count <= HTMLHead.maximumTags && head.metaProperties.count <= HTMLHead.maximumTags)
            #expect((head.title?.count ?? 0) <= HTMLHead.maximumValueLength)
            if head.title != nil { titled += 1 }
        }
        #expect(titled > 0)
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}
