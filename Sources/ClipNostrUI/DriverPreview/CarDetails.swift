/// The car a RoadFlare driver lists in their profile (`car_color`, `car_make`, `car_model`).
public struct CarDetails: Sendable, Hashable, Codable {
    /// The car's colour, such as "Blue".
    public var color: String?
    /// The maker, such as "Toyota".
    public var make: String?
    /// The model, such as "Prius".
    public var model: String?

    /// The longest text kept for each part; longer values are cut.
    @_spi(ClipKitTooling) public static let maximumPartLength = 40

    /// Creates car details; each part is cleaned like any profile text and empty parts become `nil`.
    public init(color: String?, make: String?, model: String?) {
        self.color = ProfileText.cleaned(color, maximumLength: Self.maximumPartLength)
        self.make = ProfileText.cleaned(make, maximumLength: Self.maximumPartLength)
        self.model = ProfileText.cleaned(model, maximumLength: Self.maximumPartLength)
    }

    /// The profile's custom fields that describe the car.
    @_spi(ClipKitTooling) public enum FieldName {
        /// The colour field.
        public static let color = "car_color"
        /// The maker field.
        public static let make = "car_make"
        /// The model field.
        public static let model = "car_model"
    }

    /// Car details from a profile's custom fields, or `nil` when none of them is set.
    public init?(customFields: [String: String]) {
        let details = CarDetails(
            color: customFields[FieldName.color], make: customFields[FieldName.make], model: customFields[FieldName.model]
        )
        if details.summary == nil { return nil }
        self = details
    }

    /// The parts that are set, in reading order: "Blue Toyota Prius"; `nil` when none is.
    public var summary: String? {
        let parts = [color, make, model].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
