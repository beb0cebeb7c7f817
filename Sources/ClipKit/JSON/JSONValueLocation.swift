/// Where a value starts in a JSON document: its path from the root and the byte offset of its
/// first character. Recorded by ``StrictJSONParser`` when asked, so a checker can point a person at
/// the line of a problem it reports by path.
package struct JSONValueLocation: Sendable, Equatable {
    /// The value's path from the document's root.
    package let path: [JSONPathComponent]
    /// The byte offset of the value's first character.
    package let offset: Int

    /// Creates a location.
    package init(path: [JSONPathComponent], offset: Int) {
        self.path = path
        self.offset = offset
    }
}
