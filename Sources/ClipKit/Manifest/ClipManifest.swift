import Foundation

/// The one source of truth for an App Clip and its full app: `clipkit.json`.
///
/// The manifest drives the invocation router in both apps, the AASA file, the entitlements
/// that `clipkit doctor` expects, the Smart App Banner and the share pages. A target gets it from
/// the configuration `ClipKitManifestPlugin` generates (`ClipConfiguration.manifest`), or reads it
/// with ``/ClipManifestReader/ManifestLoader``; both check every field by the same rules and report
/// each problem with its JSON path.
public struct ClipManifest: Sendable, Equatable {
    /// The Apple Developer team identifier: ten upper-case letters or digits.
    public var teamID: String
    /// The full app.
    public var app: AppTarget
    /// The App Clip.
    public var clip: ClipTarget
    /// The App Group both targets share, starting with `group.`.
    public var appGroup: String
    /// The link domains whose URLs invoke the clip or the app.
    public var domains: [String]
    /// The invocation routes, tried in order.
    public var routes: [RouteDefinition]
    /// How the clip hands its state to the full app.
    public var handoff: HandoffSettings
    /// Nostr settings, for clips that preview Nostr profiles.
    public var nostr: NostrSettings?
    /// Physical places where the clip is offered (advanced App Clip experiences with a location).
    public var places: [Place] = []

    /// Creates a manifest from its parts; use ``/ClipManifestReader/ManifestLoader`` to read and check one from JSON.
    public init(
        teamID: String, app: AppTarget, clip: ClipTarget, appGroup: String, domains: [String],
        routes: [RouteDefinition], handoff: HandoffSettings, nostr: NostrSettings? = nil
    ) {
        self.teamID = teamID
        self.app = app
        self.clip = clip
        self.appGroup = appGroup
        self.domains = domains
        self.routes = routes
        self.handoff = handoff
        self.nostr = nostr
    }

    /// The full app's application identifier, `TEAMID.bundleID`.
    @_spi(ClipKitTooling) public var appIdentifier: String { "\(teamID).\(app.bundleID)" }

    /// The clip's application identifier, `TEAMID.bundleID`.
    @_spi(ClipKitTooling) public var clipIdentifier: String { "\(teamID).\(clip.bundleID)" }

    /// The full app's bundle and App Store identity.
    public struct AppTarget: Sendable, Equatable {
        /// The full app's bundle identifier.
        public var bundleID: String
        /// The numeric App Store identifier (the `id…` in the app's App Store URL).
        public var appStoreID: String
        /// The app's name as people see it, used in share pages and banners.
        public var name: String?

        /// Creates the app's description.
        public init(bundleID: String, appStoreID: String, name: String? = nil) {
            self.bundleID = bundleID
            self.appStoreID = appStoreID
            self.name = name
        }
    }

    /// The App Clip's bundle identity and the facts that decide its size budget.
    public struct ClipTarget: Sendable, Equatable {
        /// The clip's bundle identifier; it must extend the app's (`<app>.Clip`).
        public var bundleID: String
        /// The lowest iOS version the clip supports, such as `"16.0"`.
        public var minimumIOS: String
        /// How the clip is invoked; physical invocations (NFC, QR, App Clip Codes) lower the size limit.
        public var invocations: [Invocation]
        /// Whether the clip confirms that a physical invocation happened at the expected place
        /// (`NSAppClipRequestLocationConfirmation` in its Info.plist); only physical invocations can.
        public var requestsLocationConfirmation: Bool
        /// Whether the clip may schedule and receive notifications for eight hours after each launch
        /// (`NSAppClipRequestEphemeralUserNotification` in its Info.plist).
        public var requestsEphemeralNotifications: Bool
        /// The routes a notification the clip schedules may target: each a route the clip handles.
        /// A tapped notification relaunches the clip without its invocation URL, so the notification's
        /// `targetContentIdentifier` is a URL of one of these routes.
        public var notificationRoutes: [String]
        /// The demo links App Store Connect made for the clip, exactly as it shows them: the demo
        /// link, and its short version when App Clip Codes encode that; empty when the manifest names none.
        ///
        /// A demo link opens the clip's default experience, the route Apple's default App Clip link
        /// opens when it carries no items of its own, and it carries no parameters: a link that adds
        /// query items to one is refused, by the router and by `clipkit codes`.
        public var demoLinks: [String]

        /// Creates the clip's description.
        public init(
            bundleID: String, minimumIOS: String, invocations: [Invocation],
            requestsLocationConfirmation: Bool = false, requestsEphemeralNotifications: Bool = false,
            notificationRoutes: [String] = [], demoLinks: [String] = []
        ) {
            self.demoLinks = demoLinks
            self.bundleID = bundleID
            self.minimumIOS = minimumIOS
            self.invocations = invocations
            self.requestsLocationConfirmation = requestsLocationConfirmation
            self.requestsEphemeralNotifications = requestsEphemeralNotifications
            self.notificationRoutes = notificationRoutes
        }
    }

    /// A way an App Clip is invoked.
    public enum Invocation: String, Sendable {
        /// Links: Safari, Messages, Smart App Banners, other apps.
        case digital
        /// NFC tags, QR codes and App Clip Codes.
        case physical
    }

    /// Where a routed URL is handled.
    public enum Handler: String, Sendable {
        /// The App Clip handles the URL when the app is not installed (and the app once it is).
        case clip
        /// Only the full app handles the URL, through universal links.
        case app
    }

    /// One invocation route: a name, the URL patterns it accepts and its typed parameters.
    public struct RouteDefinition: Sendable, Equatable {
        /// The route's name, part of the app's public contract (for example `driverShare`).
        public var name: String
        /// The URL patterns, such as `https://roadflare.app/share/d/{npub}`; `{name}` captures one segment.
        /// Empty for a clip route that only Apple's default App Clip link opens (``opensDefaultLink``),
        /// whose parameters are query items.
        public var patterns: [String]
        /// Which target handles URLs of this route.
        public var handledBy: Handler
        /// The kind of each captured parameter, by parameter name. A capture not listed is a `string`.
        public var params: [String: String]
        /// The query items the route reads, by name, each with its kind: carried like captures into
        /// the match's parameters, the generated route and the handoff payload. Query items not
        /// listed are kept in ``RouteMatch/queryItems`` only.
        public var query: [String: QueryItem]
        /// The range of each `integer` parameter (a capture or a query item) that declares one, by name.
        public var ranges: [String: IntegerRange]
        /// Whether Apple's default App Clip link (`https://appclip.apple.com/id?p=<clip>&…`) opens
        /// this route: its captures and query items come from the link's query items of the same
        /// names, checked by the same kinds (`routes[].defaultLink`).
        public var opensDefaultLink: Bool
        /// The share page's title and description for links of this route (`routes[].preview`),
        /// when the site's text templates give none; for the tools that render share pages.
        @_spi(ClipKitTooling) public var preview: RoutePreview?
        /// For clips that show web content: query items the clip adds when it loads the URL.
        public var webContentQuery: [String: String]?
        /// What the URL's fragment (`#…`) may carry for this route; `nil` when the route ignores it.
        public var fragment: RouteFragment?
        /// For a clip route: the App Clip card's header image of its advanced experiences, a PNG or
        /// JPEG file of 1800 × 1200 pixels named relative to the manifest's folder.
        public var headerImage: String?
        /// The handoff type (one of `handoff.types`) the clip leaves for links of this route; `nil`
        /// when the route names none and the clip's flow picks its own.
        public var handoffType: String?

        /// Creates a route.
        public init(
            name: String, patterns: [String], handledBy: Handler, params: [String: String] = [:],
            webContentQuery: [String: String]? = nil, fragment: RouteFragment? = nil, headerImage: String? = nil,
            handoffType: String? = nil, query: [String: QueryItem] = [:], ranges: [String: IntegerRange] = [:],
            opensDefaultLink: Bool = false
        ) {
            self.opensDefaultLink = opensDefaultLink
            self.name = name
            self.patterns = patterns
            self.handledBy = handledBy
            self.params = params
            self.query = query
            self.ranges = ranges
            self.webContentQuery = webContentQuery
            self.fragment = fragment
            self.headerImage = headerImage
            self.handoffType = handoffType
        }
    }

    /// The share page's title and description for a route's links (`routes[].preview`).
    @_spi(ClipKitTooling) public struct RoutePreview: Sendable, Equatable {
        /// The page's title, 1 to 200 characters.
        public var title: String?
        /// The page's description, 1 to 300 characters.
        public var description: String?

        /// Creates a preview; give at least one of the two.
        public init(title: String? = nil, description: String? = nil) {
            self.title = title
            self.description = description
        }
    }

    /// A query item a route reads (`routes[].query` in `clipkit.json`): its kind, and whether a link
    /// without it is refused.
    public struct QueryItem: Sendable, Equatable {
        /// The item's parameter kind, such as `integer` or `string`.
        public var kind: String
        /// Whether a link must carry the item to match the route; an optional item may be absent.
        public var isRequired: Bool

        /// Creates a query item declaration.
        public init(kind: String, isRequired: Bool = false) {
            self.kind = kind
            self.isRequired = isRequired
        }
    }

    /// The values an `integer` parameter may take (`minimum` and `maximum` in `clipkit.json`);
    /// a link with a value outside them does not match the route.
    public struct IntegerRange: Sendable, Equatable {
        /// The smallest value accepted, if any.
        public var minimum: Int?
        /// The largest value accepted, if any.
        public var maximum: Int?

        /// Creates a range; either bound may be left open.
        public init(minimum: Int? = nil, maximum: Int? = nil) {
            self.minimum = minimum
            self.maximum = maximum
        }

        /// Whether `value` lies within the range.
        public func contains(_ value: Int) -> Bool {
            (minimum.map { value >= $0 } ?? true) && (maximum.map { value <= $0 } ?? true)
        }
    }

    /// How long an offered handoff lives, which payload types it carries and what web content may store.
    public struct HandoffSettings: Sendable, Equatable {
        /// Seconds an offered handoff stays claimable.
        public var ttlSeconds: Int
        /// The keys that web content in the clip may store through the web bridge.
        public var webBridgeKeys: [String]
        /// The payload types the clip may hand off; empty allows any type name.
        public var types: [HandoffType]

        /// Creates handoff settings.
        public init(ttlSeconds: Int, webBridgeKeys: [String] = [], types: [HandoffType] = []) {
            self.ttlSeconds = ttlSeconds
            self.webBridgeKeys = webBridgeKeys
            self.types = types
        }
    }

    /// A physical place where the clip is offered, registered as an advanced App Clip experience
    /// with a location in App Store Connect.
    public struct Place: Sendable, Equatable {
        /// The place's name as Maps shows it.
        public var name: String
        /// The invocation URL for the place, on one of the manifest's domains.
        public var url: String
        /// The latitude, in degrees (-90 to 90).
        public var latitude: Double
        /// The longitude, in degrees (-180 to 180).
        public var longitude: Double
        /// The action Maps offers for the place, one of `Place.mapActions`.
        public var mapAction: String
        /// The App Clip card's header image for the place, a PNG or JPEG file of 1800 × 1200
        /// pixels named relative to the manifest's folder.
        public var headerImage: String?
        /// The radius of the region around the place, in metres (more than 0, at most 500), within
        /// which location confirmation accepts a code or tag scanned there; `nil` for the default, 100.
        public var radius: Double?

        /// The map actions App Store Connect accepts for a place (`AppClipAdvancedExperiencePlace.mapAction`).
        @_spi(ClipKitTooling) public static let mapActions: [String] = [
            "BUY_TICKETS", "VIEW_AVAILABILITY", "VIEW_PRICING", "HOTEL_BOOK_ROOM", "PARKING_RESERVE_PARKING",
            "RESTAURANT_JOIN_WAITLIST", "RESTAURANT_ORDER_DELIVERY", "RESTAURANT_ORDER_FOOD", "RESTAURANT_ORDER_TAKEOUT",
            "RESTAURANT_RESERVATION", "SCHEDULE_APPOINTMENT", "RESTAURANT_VIEW_MENU", "THEATER_NOW_PLAYING",
        ]

        /// Creates a place.
        public init(
            name: String, url: String, latitude: Double, longitude: Double, mapAction: String, headerImage: String? = nil,
            radius: Double? = nil
        ) {
            self.radius = radius
            self.name = name
            self.url = url
            self.latitude = latitude
            self.longitude = longitude
            self.mapAction = mapAction
            self.headerImage = headerImage
        }
    }

    /// Nostr relays used to fetch profiles.
    public struct NostrSettings: Sendable, Equatable {
        /// Relay URLs (`wss://`).
        public var relays: [String]

        /// Creates Nostr settings.
        public init(relays: [String]) {
            self.relays = relays
        }
    }
}
