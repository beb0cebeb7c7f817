import ClipNostr

extension RelayTransports {
    /// The transport for tools, servers and Linux apps: swift-websocket's client where it builds
    /// (Linux, macOS), the platform's default elsewhere.
    public static var tooling: any RelayTransportFactory {
        #if canImport(WSClient)
        WebSocketClientTransportFactory()
        #else
        platformDefault
        #endif
    }
}
