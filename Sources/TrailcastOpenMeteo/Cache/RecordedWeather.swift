// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
package import TrailcastWeather

/// A weather cache directory read whole, for `serve-weather --cache DIR`: each entry
/// answers for its cell and the window it was fetched for.
///
/// Held in memory (a few hundred bytes an entry): a cache of a day's walks is a few
/// thousand entries. Entries that cannot be read are left out, each with a warning.
package struct RecordedWeather: RecordedConditions {
    private struct CellKey: Hashable {
        var sizeDegrees: Double
        var row: Int64
        var column: Int64
    }

    private struct Window {
        var start: Double
        var end: Double
        var conditions: WeatherConditions
    }

    private var windows: [CellKey: [Window]] = [:]
    private var cellSizes: [Double] = []
    /// How many entries were read.
    package private(set) var count = 0

    /// Reads every entry below `directory`; throws if the directory cannot be read at all.
    package static func load(
        directory: String, warn: (WeatherDiskCache.Warning) -> Void = { _ in }
    ) throws(WeatherCacheUnreadable) -> RecordedWeather {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw WeatherCacheUnreadable(directory: directory, reason: "No such file or directory")
        }
        guard isDirectory.boolValue, let walker = FileManager.default.enumerator(atPath: directory) else {
            throw WeatherCacheUnreadable(directory: directory, reason: "not a directory")
        }
        var recorded = RecordedWeather()
        let decoder = JSONDecoder()
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = "\(directory)/\(relative)"
            guard let data = FileManager.default.contents(atPath: path),
                let entry = try? decoder.decode(WeatherCacheEntry.self, from: data),
                let conditions = entry.readableConditions,
                entry.cellDegrees >= 0.0001, entry.cellDegrees <= 10, entry.windowSeconds > 0,
                let cell = entry.cellCorner
            else {
                warn(WeatherDiskCache.Warning(path: path, reason: "unreadable weather cache entry; left out"))
                continue
            }
            let wholeCell = WeatherCell(
                latitude: cell.latitude + entry.cellDegrees / 2, longitude: cell.longitude + entry.cellDegrees / 2,
                sizeDegrees: entry.cellDegrees)
            let key = CellKey(sizeDegrees: entry.cellDegrees, row: wholeCell.row, column: wholeCell.column)
            let start = Double(entry.windowStart)
            recorded.windows[key, default: []].append(
                Window(start: start, end: start + entry.windowSeconds, conditions: conditions))
            if !recorded.cellSizes.contains(entry.cellDegrees) { recorded.cellSizes.append(entry.cellDegrees) }
            recorded.count += 1
        }
        // The same answer for the same order of files on every machine.
        for key in recorded.windows.keys {
            recorded.windows[key]!.sort { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
        }
        recorded.cellSizes.sort()
        return recorded
    }

    package func conditions(latitude: Double, longitude: Double, unixTime: Double) -> WeatherConditions? {
        for size in cellSizes {
            let cell = WeatherCell(latitude: latitude, longitude: longitude, sizeDegrees: size)
            guard let windows = windows[CellKey(sizeDegrees: size, row: cell.row, column: cell.column)] else {
                continue
            }
            if let window = windows.first(where: { $0.start <= unixTime && unixTime < $0.end }) {
                return window.conditions
            }
        }
        return nil
    }
}

/// `serve-weather --cache DIR` cannot read the directory.
package struct WeatherCacheUnreadable: Error, Sendable, CustomStringConvertible {
    package var directory: String
    package var reason: String
    package var description: String { "\(directory): error: cannot read the weather cache: \(reason)" }
}

extension WeatherCacheEntry {
    /// The south-west corner the `cell` name gives.
    var cellCorner: (latitude: Double, longitude: Double)? {
        let parts = cell.split(separator: ",")
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return (latitude, longitude)
    }
}
