/// The timeline's event types and their JSON Lines keys, so that a scenario naming a type
/// or field that never occurs is an error on its line rather than an expectation that can
/// never (or always) hold. Kept equal to ``JSONLinesTimelineFormat`` by a test.
public enum TimelineSchema {
    /// Keys every event has.
    public static let commonKeys = ["t", "offset", "type"]

    /// Each event type's own keys, in order.
    public static let keys: [String: [String]] = [
        "start": ["file", "source", "points", "settings"],
        "authorization": ["from", "to", "accuracy", "servicesEnabled", "cause"],
        "prompt": ["request", "answer"],
        "location": ["lat", "lon", "altitude", "horizontalAccuracy", "verticalAccuracy", "speed", "course", "index", "truth"],
        "missed": ["reason", "fixes", "since", "until", "path"],
        "locationError": ["code", "message"],
        "alert": ["message"],
        "tap": ["action"],
        "places": ["order", "nearest", "total"],
        "app": ["state"],
        "signal": ["state", "cause"],
        "control": ["action", "paused", "multiplier"],
        "call": ["method", "manager"],
        "weather": [
            "lat", "lon", "cell", "source", "stale", "temperatureCelsius", "apparentTemperatureCelsius",
            "relativeHumidity", "precipitationMm", "cloudCover", "weatherCode", "condition", "windSpeedMps",
            "windDirectionDegrees", "isDay", "attempts", "fetchMs",
        ],
        "weatherError": ["cell", "message", "attempts", "httpStatus", "willRetry"],
        "end": [
            "points", "locations", "distanceMeters", "simulatedSeconds", "wallSeconds", "weatherLookups",
            "weatherNetworkFetches", "weatherCacheHits", "weatherErrors",
        ],
    ]

    /// The event types in timeline order of first appearance, for messages.
    public static let types = [
        "start", "authorization", "prompt", "location", "missed", "locationError", "alert", "tap", "places", "app", "signal", "control", "call", "weather",
        "weatherError", "end",
    ]
}
