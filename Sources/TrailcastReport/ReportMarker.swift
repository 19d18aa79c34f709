// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Something worth a symbol on the map and on the time axis.
package enum ReportMarkerKind: String, Sendable, CaseIterable {
    case prompt
    case authorization
    case alert
    case locationError
    case weatherError
    case control
    case tap
    case regionEnter
    case regionExit
    case visit
    case launch

    var label: String {
        switch self {
        case .prompt: return "permission prompt"
        case .authorization: return "authorization change"
        case .alert: return "alert shown by the app"
        case .locationError: return "location error"
        case .weatherError: return "weather error"
        case .control: return "pause / resume / speed"
        case .tap: return "the user's tap"
        case .regionEnter: return "entered a region"
        case .regionExit: return "left a region"
        case .visit: return "a visit (arrival or departure)"
        case .launch: return "relaunched by Core Location"
        }
    }

    var color: String {
        switch self {
        case .prompt: return "#bf3989"
        case .authorization: return "#9a6700"
        case .alert: return "#e16f24"
        case .locationError: return "#cf222e"
        case .weatherError: return "#a40e26"
        case .control: return "#0550ae"
        case .tap: return "#1b7c83"
        case .regionEnter: return "#1a7f37"
        case .regionExit: return "#6e7781"
        case .visit: return "#0969da"
        case .launch: return "#24292f"
        }
    }

    /// One character drawn inside the symbol.
    var glyph: String {
        switch self {
        case .prompt: return "P"
        case .authorization: return "A"
        case .alert: return "!"
        case .locationError: return "×"
        case .weatherError: return "W"
        case .control: return "‖"
        case .tap: return "T"
        case .regionEnter: return "E"
        case .regionExit: return "X"
        case .visit: return "V"
        case .launch: return "L"
        }
    }
}

struct ReportMarker: Sendable {
    var kind: ReportMarkerKind
    var offset: Double
    /// Where the device was (Web Mercator), once known: the next position for events
    /// before the first one.
    var x: Double?
    var y: Double?
    /// The event's details (the tooltip).
    var text: String
    /// The event table's row, when the row was kept.
    var row: Int?
}

/// Keeps every `stride`-th item and doubles the stride (dropping every other kept item)
/// when full: an even sample of a stream of any length in bounded memory.
struct StrideSample<Item: Sendable>: Sendable {
    let capacity: Int
    private(set) var items: [Item] = []
    private(set) var seen = 0
    private var stride = 1

    init(capacity: Int) {
        self.capacity = max(capacity, 2)
    }

    mutating func add(_ item: @autoclosure () -> Item) {
        defer { seen += 1 }
        guard seen % stride == 0 else { return }
        items.append(item())
        if items.count >= capacity {
            items = items.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
            stride *= 2
        }
    }

    mutating func updateItems(_ body: (inout Item) -> Void) {
        for index in items.indices { body(&items[index]) }
    }
}
