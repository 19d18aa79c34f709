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
        let mediaType = contentType.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).lowercased()
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
        self.init(bytes.split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (key: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        })
    }

    /// The keys Open-Meteo decodes as lists: in a JSON body each must be an array.
    static let listKeys: Set<String> = [
        "latitude", "longitude", "elevation", "location_id", "timezone", "hourly", "daily", "current", "minutely_15",
        "models", "start_date", "end_date", "start_hour", "end_hour",
    ]
    /// The keys it decodes as whole numbers.
    static let integerKeys: Set<String> = [
        "past_days", "past_hours", "past_minutely_15", "forecast_days", "forecast_hours", "forecast_minutely_15",
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
        for key in object.keys.sorted() {
            let value = object[key]!
            if Self.listKeys.contains(key) {
                guard case .array(let items) = value else { throw .jsonTypeMismatch(key: key, type: "Array<String>", found: value) }
                for item in items {
                    guard let text = item.scalarText else { throw .jsonTypeMismatch(key: key, type: "String", found: item) }
                    pairs.append((key, text))
                }
            } else if Self.integerKeys.contains(key) {
                guard case .integer(let number) = value else { throw .jsonTypeMismatch(key: key, type: "Int", found: value) }
                pairs.append((key, String(number)))
            } else if key == "current_weather" {
                guard case .bool(let flag) = value else { throw .jsonTypeMismatch(key: key, type: "Bool", found: value) }
                pairs.append((key, flag ? "true" : "false"))
            } else if case .string(let text) = value {
                pairs.append((key, text))
            } else if case .null = value {
                continue
            } else {
                throw .jsonTypeMismatch(key: key, type: "String", found: value)
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
