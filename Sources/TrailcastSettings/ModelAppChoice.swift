/// `--app`: which model app sits in the phone.
public enum ModelAppChoice: Sendable, Equatable {
    /// The weather app: weather for every new location.
    case weather
    /// The places app: the places of `file` sorted by distance, the first `limit` shown.
    case places(file: String, limit: Int)

    public var name: String {
        switch self {
        case .weather: return "weather"
        case .places: return "places"
        }
    }
}
