// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A POST's body read as the parameters a GET carries in its query, as Open-Meteo reads one
/// (`getAndPost` in open-meteo/open-meteo's routes.swift: the same endpoints, bodies up to
/// 128 KB, decoded by Vapor by their `Content-Type`; the query string of a POST is not read).
package enum ForecastRequestBody {
    /// The largest body taken: Vapor's `collect(maxSize: "128kb")`, 131,072 bytes.
    package static let maximumBytes = 128 * 1024

    /// Why a body cannot be read, with the status Vapor answers.
    package enum Refusal: Error, Equatable {
        /// 413: more than ``maximumBytes``.
        case tooLarge
        /// 415: no `Content-Type`, or one Open-Meteo's server has no decoder for.
        case unsupportedMediaType(String?)
        /// 422: an empty body.
        case empty
        /// 400: a body that is not what its type says, or a value of the wrong type.
        case badRequest(reason: String)

        package var status: Int {
            switch self {
            case .tooLarge: 413
            case .unsupportedMediaType: 415
            case .empty: 422
            case .badRequest: 400
            }
        }

        /// Vapor's words for each (its `Abort` reasons and HTTP reason phrases).
        package var reason: String {
            switch self {
            case .tooLarge: "Payload Too Large"
            case .unsupportedMediaType(nil): "Can't decode data without a content type"
            case .unsupportedMediaType(let type?): "Support for reading media type '\(type)' has not been configured."
            case .empty: "Unprocessable Entity"
            case .badRequest(let reason): reason
            }
        }
    }

    /// The parameters of a body of type `contentType` (the header's value).
    ///
    /// Form bodies (`application/x-www-form-urlencoded`, what Open-Meteo's Python SDK sends
    /// for `method="POST"`: lists as repeated keys) read as a query string; JSON bodies
    /// (`application/json`) hold an object whose lists are JSON arrays, whole numbers JSON
    /// numbers and `current_weather` a JSON bool. `multipart/form-data`, which Open-Meteo
    /// also takes, is refused here as a type this server does not read.
    package static func parameters(_ body: [UInt8], contentType: String?) throws(Refusal) -> QueryParameters {
        guard let contentType else { throw .unsupportedMediaType(nil) }
        let mediaType = contentType.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces)
            .lowercased()
        guard !body.isEmpty else { throw .empty }
        switch mediaType {
        case "application/x-www-form-urlencoded":
            return QueryParameters(formEncoded: body)
        case "application/json":
            do {
                return try QueryParameters(jsonBody: body)
            } catch {
                throw .badRequest(reason: error.reason)
            }
        default:
            throw .unsupportedMediaType(mediaType)
        }
    }
}

extension QueryParameters {
    /// `key=value&key=value`: `+` is a space and `%XX` a byte, as in a query string (a pair
    /// that does not decode is kept as written).
    package init(formEncoded bytes: [UInt8]) {
        let decode = { (part: ArraySlice<UInt8>) -> String in
            let text = String(decoding: part.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return text.removingPercentEncoding ?? text
        }
        self.init(
            bytes.split(separator: UInt8(ascii: "&")).map { pair in
                let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                return (key: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
            })
    }

    /// How Open-Meteo's decoder reads each key of a JSON body (`ApiQueryParameter.init` in
    /// its ForecastapiQuery.swift), in the order it reads them, so that the first mismatch
    /// named is its first. Keys it does not know are not read, as there.
    enum JSONKeyType {
        /// `[Float]`, else `[String]`: all numbers or all strings.
        case numbers
        /// `[Int]`, else `[String]`.
        case integers
        case strings
        case integer
        case bool
        case float
        case string
    }

    static let jsonKeys: [(key: String, type: JSONKeyType)] = [
        ("latitude", .numbers), ("longitude", .numbers), ("minutely_15", .strings), ("current", .strings),
        ("hourly", .strings),
        ("daily", .strings), ("weekly", .strings), ("monthly", .strings), ("six_hourly", .strings),
        ("current_weather", .bool),
        ("elevation", .numbers), ("location_id", .integers), ("timezone", .strings), ("temperature_unit", .string),
        ("windspeed_unit", .string), ("wind_speed_unit", .string), ("precipitation_unit", .string),
        ("length_unit", .string),
        ("timeformat", .string), ("temporal_resolution", .string), ("past_days", .integer), ("past_hours", .integer),
        ("past_minutely_15", .integer), ("forecast_days", .integer), ("forecast_hours", .integer),
        ("forecast_minutely_15", .integer), ("initial_hours", .integer), ("initial_minutely_15", .integer),
        ("format", .string),
        ("location_information", .string), ("models", .strings), ("cell_selection", .string), ("apikey", .string),
        ("tilt", .float), ("azimuth", .float), ("disable_bias_correction", .bool), ("domains", .string),
        ("run", .string),
        ("bounding_box", .numbers), ("ensemble", .bool), ("start_date", .strings), ("end_date", .strings),
        ("start_hour", .strings), ("end_hour", .strings), ("start_minutely_15", .strings),
        ("end_minutely_15", .strings),
    ]

    /// A JSON object as parameters, each value checked against the type Open-Meteo's
    /// decoder asks for it (Foundation's JSONDecoder through Vapor: an array for a list, a
    /// number for a whole number, a bool for `current_weather`, a string for the rest).
    /// The words of a mismatch are this project's reading of Vapor's ("Value was not of type
    /// ..."), not checked against the live service.
    init(jsonBody bytes: [UInt8]) throws(ForecastRequestError) {
        guard let object = try? JSONDecoder().decode([String: JSONBodyValue].self, from: Data(bytes)) else {
            throw .unreadableBody
        }
        var pairs: [(key: String, value: String)] = []
        for (key, type) in Self.jsonKeys {
            guard let value = object[key], value != .null else { continue }
            switch type {
            case .numbers, .integers, .strings:
                guard case .array(let items) = value else {
                    throw .jsonTypeMismatch(key: key, type: "Array<String>", found: value)
                }
                // `[Float]` (or `[Int]`) first, then `[String]`: one kind for the whole list.
                let numbers = type != .strings && items.allSatisfy { type == .integers ? $0.isInteger : $0.isNumber }
                let strings = items.allSatisfy(\.isString)
                guard numbers || strings else {
                    // The first item that is not of the list's first item's kind.
                    let byNumber = type != .strings && items[0].isNumber
                    let odd = items.first { byNumber ? !$0.isNumber : !$0.isString } ?? items[0]
                    throw .jsonTypeMismatch(key: key, type: byNumber ? "Float" : "String", found: odd)
                }
                for item in items { pairs.append((key, item.scalarText ?? "")) }
            case .integer:
                guard case .integer(let number) = value else {
                    throw .jsonTypeMismatch(key: key, type: "Int", found: value)
                }
                pairs.append((key, String(number)))
            case .bool:
                guard case .bool(let flag) = value else {
                    throw .jsonTypeMismatch(key: key, type: "Bool", found: value)
                }
                pairs.append((key, flag ? "true" : "false"))
            case .float:
                guard value.isNumber else { throw .jsonTypeMismatch(key: key, type: "Float", found: value) }
                pairs.append((key, value.scalarText ?? ""))
            case .string:
                guard case .string(let text) = value else {
                    throw .jsonTypeMismatch(key: key, type: "String", found: value)
                }
                pairs.append((key, text))
            }
        }
        self.init(pairs)
    }
}

/// One JSON value of a request body.
enum JSONBodyValue: Decodable, Equatable {
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONBodyValue])
    case object
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONBodyValue].self) {
            self = .array(items)
        } else {
            self = .object
        }
    }

    var isNumber: Bool {
        switch self {
        case .integer, .number: true
        default: false
        }
    }

    var isInteger: Bool { if case .integer = self { true } else { false } }

    var isString: Bool { if case .string = self { true } else { false } }

    /// A list item as the query would carry it: a string as it is, a number as Swift writes it.
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .number(let number): String(number)
        default: nil
        }
    }

    /// Foundation's name for what was found ("a number", "an array").
    var foundDescription: String {
        switch self {
        case .bool: "a bool"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        case .null: "null"
        }
    }
}
