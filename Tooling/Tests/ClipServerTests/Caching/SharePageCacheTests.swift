import ClipServer
import Foundation
import Testing

@Suite struct SharePageCacheTests {
    let page = PreparedResponse(status: .ok, contentType: "text/html", body: Array("<p>page</p>".utf8), cacheControl: "public")

    @Test func pagesExpireWithTheirProfile() {
        let cache = SharePageCache(capacity: 10)
        let now = Date(timeIntervalSince1970: 1_000)
        cache.store(page, for: "/a", expiresAt: now.addingTimeInterval(60), now: now)
        cache.store(page, for: "/b", expiresAt: nil, now: now)
        #expect(cache.response(for: "/a", now: { now.addingTimeInterval(59) }) != nil)
        #expect(cache.response(for: "/a", now: { now.addingTimeInterval(61) }) == nil)
        #expect(cache.response(for: "/b", now: { now.addingTimeInterval(1_000_000) }) != nil)
    }

    @Test func theCacheStaysWithinItsCapacity() {
        let cache = SharePageCache(capacity: 100)
        let now = Date()
        for index in 0..<5_000 {
            cache.store(page, for: Substring("/p/\(index)"), expiresAt: nil, now: now)
            #expect(cache.count <= 100)
        }
        // The newest pages survive eviction.
        #expect(cache.response(for: "/p/4999", now: { now }) != nil)
    }
}
