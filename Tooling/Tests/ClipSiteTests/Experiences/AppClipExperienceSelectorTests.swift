import ClipSite
import Foundation
import Testing

@Suite struct AppClipExperienceSelectorTests {
    let selector = AppClipExperienceSelector(experiences: [
        .init(identifier: "default", url: URL(string: "https://example.com/")!),
        .init(identifier: "shops", url: URL(string: "https://example.com/shop")!),
        .init(identifier: "shop-1", url: URL(string: "https://example.com/shop/1")!),
        .init(identifier: "shop-1-table", url: URL(string: "https://example.com/shop/1?table=4")!),
        .init(identifier: "other-host", url: URL(string: "https://other.example.com/shop/1/menu")!),
    ])

    @Test(arguments: [
        ("https://example.com/shop/1/menu?x=y", "shop-1"),
        ("https://example.com/shop/1?table=4&seat=2", "shop-1-table"),
        ("https://EXAMPLE.com/shop/2", "shops"),
        ("https://example.com/about", "default"),
        ("https://other.example.com/shop/1/menu/today", "other-host"),
    ])
    func picksTheMostSpecificPrefix(invocation: String, expected: String) throws {
        let url = try #require(URL(string: invocation))
        #expect(selector.experience(for: url)?.identifier == expected)
    }

    @Test func noMatchForAnotherHostOrScheme() throws {
        #expect(selector.experience(for: try #require(URL(string: "https://example.org/shop/1"))) == nil)
        #expect(selector.experience(for: try #require(URL(string: "http://example.com/shop/1"))) == nil)
    }
}
