@_spi(ClipKitTooling) import ClipNostr

extension RelayTransports {
    /// The transport for tools, servers and Linux apps: ``WebSocketClientTransport`` on SwiftNIO
    /// where it builds (Linux, macOS), the platform's default elsewhere. Certificates are checked
    /// against the system's store plus the authorities that `SSL_CERT_FILE` and `SSL_CERT_DIR` name.
    public static var tooling: any RelayTransportFactory {
        #if canImport(NIOPosix)
        WebSocketClientTransportFactory()
        #else
        platformDefault
        #endif
    }
}
