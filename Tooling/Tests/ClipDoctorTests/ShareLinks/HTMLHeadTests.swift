import ClipDoctor
import Foundation
import Testing

/// The head reader sees what a crawler that runs no scripts sees, and nothing a script, a comment
/// or the body holds.
@Suite struct HTMLHeadTests {
    @Test func itReadsTitleMetaAndLinksWithEveryQuotingAndReference() {
        let head = HTMLHead(reading: Data("""
        <!DOCTYPE html><HTML lang=en><HEAD>
        <Title> Dana &amp; Co &#8212; &#x27;rides&#39; </Title>
        <META PROPERTY="og:title" CONTENT='Dana &quot;Driver&quot;'>
        <meta name=apple-itunes-app content="app-id=1, app-clip-bundle-id=a.b.Clip, app-clip-display=card">
        <meta name="description" content="first"><meta name="description" content="second">
        <link rel="canonical" href="https://roadflare.app/share/d/x?a=1&amp;b=2">
        <meta property="og:description" content="&unknown; &lt;b&gt; &#0; &#xZZ;">
        </head><body><meta property="og:image" content="https://body.example/x.png"></body></html>
        """.utf8))
        #expect(head.title == "Dana & Co \u{2014} 'rides'")
        #expect(head.metaProperties["og:title"] == "Dana \"Driver\"")
        #expect(head.previewTitle == "Dana \"Driver\"")
        #expect(head.smartAppBanner == "app-id=1, app-clip-bundle-id=a.b.Clip, app-clip-display=card")
        #expect(head.metaNames["description"] == "first")
        #expect(head.links["canonical"] == "https://roadflare.app/share/d/x?a=1&b=2")
        #expect(head.metaProperties["og:description"] == "&unknown; <b> &#0; &#xZZ;")
        #expect(head.metaProperties["og:image"] == nil, "the body is not the head")
    }

    @Test func scriptsCommentsAndTemplatesHideTheirContents() {
        let head = HTMLHead(reading: Data("""
        <html><head>
        <!-- <meta property="og:title" content="from a comment"> -->
        <script>document.write('<meta property="og:title" content="from a script">'); var t = "</title>";</script>
        <template><meta name="apple-itunes-app" content="app-id=9"></template>
        <style>/* <title>styled</title> */</style>
        <title>Real</title>
        </head></html>
        """.utf8))
        #expect(head.title == "Real")
        #expect(head.metaProperties["og:title"] == nil)
        #expect(head.smartAppBanner == nil)
        #expect(head.previewTitle == "Real")
    }

    @Test func brokenAndHugeInputEndsWithoutACrash() {
        for text in ["<", "<meta", "<meta content=\"x", "<title>never closed", "<!-- never closed", "<script>", "<<<>>>", "&#99999999999;", "<meta name=a content=b"] {
            _ = HTMLHead(reading: Data(text.utf8))
        }
        let huge = String(repeating: "<meta name=\"n\" content=\"", count: 50_000)
        let head = HTMLHead(reading: Data(huge.utf8))
        #expect(head.metaNames.count <= HTMLHead.maximumTags)
        let long = HTMLHead(reading: Data(("<title>" + String(repeating: "a", count: 10_000) + "</title>").utf8))
        #expect(long.title?.count == HTMLHead.maximumValueLength)
        // Bytes that are not UTF-8 are replaced, never an error.
        let invalid = HTMLHead(reading: Data([0x3C, 0x74, 0x69, 0x74, 0x6C, 0x65, 0x3E, 0xFF, 0xFE, 0x3C, 0x2F, 0x74, 0x69, 0x74, 0x6C, 0x65, 0x3E]))
        #expect(invalid.title == "\u{FFFD}\u{FFFD}")
    }
}
