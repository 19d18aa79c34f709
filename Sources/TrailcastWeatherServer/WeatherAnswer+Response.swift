// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Hummingbird
import TrailcastWeather

extension WeatherAnswer {
    /// The Hummingbird response for an answered request.
    ///
    /// The cross-origin headers are the responder's: they follow the request's `Origin`.
    var response: Response {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        if let contentDisposition { headers[.contentDisposition] = contentDisposition }
        if let allow { headers[.allow] = allow }
        return Response(
            status: status ?? .serviceUnavailable, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
