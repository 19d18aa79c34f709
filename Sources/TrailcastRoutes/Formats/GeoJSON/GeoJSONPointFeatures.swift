// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A GeoJSON FeatureCollection of `Point` features, read with the route reader's own
/// tokenizer: what places and regions files are. Each feature is placed where its object
/// starts, and checked once here: an object whose `geometry` is a `Point` with
/// `[longitude, latitude]` in range. What its `properties` mean is the caller's.
///
/// These files are an app's data, held whole (100,000 places are a few MB).
package struct GeoJSONPointFeature: Sendable, Equatable {
    /// Its index in `features`, for messages (`features[3]: ...`).
    package var index: Int
    package var line: Int
    package var column: Int
    package var longitude: Double
    package var latitude: Double
    /// The properties' strings and numbers (other values are left out).
    package var strings: [String: String] = [:]
    package var numbers: [String: Double] = [:]
}

/// Where a file of point features is wrong, and why, in one line.
package struct GeoJSONPointFeaturesError: Error, Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var reason: String
}

extension GeoJSONPointFeature {
    /// Every feature of the collection in `bytes`, in order.
    package static func read(_ bytes: [UInt8], name: String) throws(GeoJSONPointFeaturesError) -> [GeoJSONPointFeature]
    {
        var reader = PointFeaturesReader(
            tokenizer: JSONTokenizer(source: ByteSource(bytes: bytes, displayName: name), chunkSize: 64 * 1024))
        defer { reader.tokenizer.deallocate() }
        do {
            return try reader.collection()
        } catch let error as GeoJSONPointFeaturesError {
            throw error
        } catch let error as RouteError {
            guard case .malformed(_, let line, let column, let reason) = error else {
                throw GeoJSONPointFeaturesError(line: 1, column: 1, reason: "not JSON: \(error)")
            }
            throw GeoJSONPointFeaturesError(line: line, column: column, reason: "not JSON: \(reason)")
        } catch {
            throw GeoJSONPointFeaturesError(line: 1, column: 1, reason: "not JSON: \(error)")
        }
    }
}

/// Recursive descent over the tokens: the collection, its features, their geometry and
/// properties; every other value skipped.
private struct PointFeaturesReader {
    var tokenizer: JSONTokenizer

    mutating func collection() throws -> [GeoJSONPointFeature] {
        let notACollection = GeoJSONPointFeaturesError(
            line: 1, column: 1, reason: "expected a GeoJSON FeatureCollection with a `features` array")
        guard try tokenizer.next() == .beginObject else { throw notACollection }
        var type: String?
        var features: [GeoJSONPointFeature]?
        while case .key(let key) = try tokenizer.next() {
            let token = try tokenizer.next()
            switch (key, token) {
            case ("type", .string(let value)): type = value
            case ("features", .beginArray): features = try featureList()
            default: try skip(token)
            }
        }
        guard try tokenizer.next() == .end, type == "FeatureCollection", let features else { throw notACollection }
        return features
    }

    private mutating func featureList() throws -> [GeoJSONPointFeature] {
        var features: [GeoJSONPointFeature] = []
        while true {
            let token = try tokenizer.next()
            if token == .endArray { return features }
            let (line, column) = (tokenizer.tokenLine, tokenizer.tokenColumn)
            let index = features.count
            func fail(_ reason: String) -> GeoJSONPointFeaturesError {
                GeoJSONPointFeaturesError(line: line, column: column, reason: "features[\(index)]: \(reason)")
            }
            guard token == .beginObject else { throw fail("expected a Feature with a Point geometry [lon, lat]") }
            var point: (longitude: Double, latitude: Double)?
            var feature = GeoJSONPointFeature(index: index, line: line, column: column, longitude: 0, latitude: 0)
            while case .key(let key) = try tokenizer.next() {
                let value = try tokenizer.next()
                switch (key, value) {
                case ("geometry", .beginObject): point = try geometry()
                case ("geometry", _): point = nil; try skip(value)
                case ("properties", .beginObject): try properties(into: &feature)
                default: try skip(value)
                }
            }
            guard let point else { throw fail("expected a Feature with a Point geometry [lon, lat]") }
            guard abs(point.latitude) <= 90, abs(point.longitude) <= 180, point.latitude.isFinite,
                point.longitude.isFinite
            else {
                throw fail("coordinates out of range: [\(point.longitude), \(point.latitude)]")
            }
            (feature.longitude, feature.latitude) = point
            features.append(feature)
        }
    }

    /// A `Point`'s first two coordinates; nil for any other geometry.
    private mutating func geometry() throws -> (longitude: Double, latitude: Double)? {
        var type: String?
        var coordinates: [Double?]?
        while case .key(let key) = try tokenizer.next() {
            let value = try tokenizer.next()
            switch (key, value) {
            case ("type", .string(let name)): type = name
            case ("coordinates", .beginArray): coordinates = try numbers()
            default: try skip(value)
            }
        }
        guard type == "Point", let coordinates, coordinates.count >= 2,
            let longitude = coordinates[0], let latitude = coordinates[1]
        else { return nil }
        return (longitude, latitude)
    }

    /// An array's elements: each number, nil for anything else.
    private mutating func numbers() throws -> [Double?] {
        var numbers: [Double?] = []
        while true {
            let token = try tokenizer.next()
            switch token {
            case .endArray: return numbers
            case .number(let value): numbers.append(value)
            default:
                numbers.append(nil)
                try skip(token)
            }
        }
    }

    private mutating func properties(into feature: inout GeoJSONPointFeature) throws {
        while case .key(let key) = try tokenizer.next() {
            let value = try tokenizer.next()
            switch value {
            case .string(let text): feature.strings[key] = text
            case .number(let number): feature.numbers[key] = number
            default: try skip(value)
            }
        }
    }

    /// Passes over the value that `first` begins.
    private mutating func skip(_ first: JSONTokenizer.Token) throws {
        guard first == .beginObject || first == .beginArray else { return }
        var depth = 1
        while depth > 0 {
            switch try tokenizer.next() {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            default: break
            }
        }
    }
}
