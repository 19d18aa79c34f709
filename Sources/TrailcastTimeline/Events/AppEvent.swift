import TrailcastCoreLocation

extension AppState: TimelineEventBody {
    static let eventType = "app"
    static let textColor = TimelineTextColor.cyan
    static var example: AppState { .background }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("state", self)
    }

    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: rawValue.utf8)
    }
}
