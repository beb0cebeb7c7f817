/// The clip's own screens, which the listing only names.
func showDriver(_ npub: String, signedProfile: String?) {}

/// Tells the person that this link opens in the full app.
func openInApp() {}

/// Records why a link did not route.
func log(_ message: String) {}
