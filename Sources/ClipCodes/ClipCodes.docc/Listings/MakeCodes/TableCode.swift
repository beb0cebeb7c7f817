import ClipCodes

/// A table's code made on the device: the PNG to show or print, and the tags its NFC message fits.
func tableCode() throws -> (png: [UInt8], tags: [NFCTag]) {
    let code = try QRCode(encoding: "https://brew.example/s/soho/t/12", errorCorrection: .medium)
    let png = code.png(pixelsPerModule: 10)          // bytes of a PNG file
    let message = NDEFURIMessage(uri: "https://brew.example/s/soho/t/12")
    let tags = message.tagsThatHold()                // [.ntag213, .ntag215, .ntag216]
    return (png, tags)
}
