/// What the places app shows: the timeline's `places` event.
public struct PlacesList: Sendable, Equatable {
    public enum Order: String, Sendable {
        /// Nearest first, from the app's last location.
        case distance
        /// As the file lists them: the app has no location.
        case file
    }

    public struct Entry: Sendable, Equatable {
        public var name: String
        public var latitude: Double
        public var longitude: Double
        /// Great-circle metres from the app's location; nil in file order.
        public var distanceMeters: Double?

        public init(name: String, latitude: Double, longitude: Double, distanceMeters: Double?) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.distanceMeters = distanceMeters
        }
    }

    public var order: Order
    /// The first `--places-limit` places in that order.
    public var nearest: [Entry]
    /// How many places the app has.
    public var total: Int

    public init(order: Order, nearest: [Entry], total: Int) {
        self.order = order
        self.nearest = nearest
        self.total = total
    }
}
