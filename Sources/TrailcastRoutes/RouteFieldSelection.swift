// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Which of a point's child elements the reader parses. Skipped elements are not
/// decoded at all (no text kept, no number or time parsed, no warning), which makes a
/// pass that needs little of each point markedly faster.
package enum RouteFieldSelection: Sendable, Equatable {
    /// Every field, extensions included.
    case all
    /// What a moving device needs: `<time>`, `<ele>`, `<hdop>`, `<vdop>`, and speed
    /// and course (GPX 1.0 or Garmin's extension). Names, symbols, satellite data,
    /// heart rate and other extensions are skipped.
    case motion
    /// Coordinates only, for a pass that just counts points.
    case coordinates

    /// Whether an element whose text the reader could use is decoded.
    func includes(_ kind: ElementKind) -> Bool {
        switch self {
        case .all:
            return true
        case .coordinates:
            return kind.holdsCoordinates
        case .motion:
            switch kind {
            // A KML placemark's span times its line's points, and `gx:interpolate` says whether
            // its tracks are one segment: both are the points' motion (they were left out once,
            // and replay and export timed a spanned line at --travel-speed from 2001).
            case .time, .elevation, .horizontalDilution, .verticalDilution, .speed, .course,
                .garminSpeed, .garminCourse, .tcxSpeed, .kmlSpanBegin, .kmlSpanEnd, .kmlInterpolate:
                return true
            case _ where kind.holdsCoordinates:
                return true
            default:
                return false
            }
        }
    }
}

extension ElementKind {
    /// Elements whose text is a point's position: every selection reads them. (GPX's are
    /// attributes.)
    var holdsCoordinates: Bool {
        switch self {
        case .tcxLatitude, .tcxLongitude, .kmlCoordinates, .kmlTrackCoordinate: return true
        default: return false
        }
    }
}
