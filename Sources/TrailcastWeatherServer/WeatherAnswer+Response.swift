import Hummingbird
import TrailcastWeatherEndpoints

extension WeatherAnswer {
    /// The Hummingbird response for an answered request.
    var response: Response {
        Response(
            status: status ?? .serviceUnavailable,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
