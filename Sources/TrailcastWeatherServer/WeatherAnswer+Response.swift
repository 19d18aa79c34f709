import Hummingbird
import TrailcastWeather

extension WeatherAnswer {
    /// The Hummingbird response for an answered request.
    ///
    /// Every answer allows any origin, so a web page served from anywhere can call this
    /// server with `fetch` (Examples/WebApp does), as it can call Open-Meteo's API, which
    /// answers cross-origin requests too (open-meteo/open-meteo#526, #528). Nothing here is
    /// private, and a simple `GET` needs no preflight.
    var response: Response {
        var headers: HTTPFields = [.contentType: contentType, .accessControlAllowOrigin: "*"]
        if let contentDisposition { headers[.contentDisposition] = contentDisposition }
        if let allow { headers[.allow] = allow }
        return Response(
            status: status ?? .serviceUnavailable, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
