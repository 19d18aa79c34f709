import TrailcastCoreLocation

extension LaunchReason: TimelineEventBody {
    static let eventType = "launch"
    static let textColor = TimelineTextColor.bold
    static var example: LaunchReason { .region }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("reason", self)
    }

    /// `relaunched in the background for region`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "relaunched in the background for \(rawValue)".utf8)
    }
}
