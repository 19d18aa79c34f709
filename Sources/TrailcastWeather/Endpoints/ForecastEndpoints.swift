import HTTPTypes

/// What `/v1/forecast` and `/v1/archive` answer for a query, without HTTP: the server's
/// responder uses it, and so can a test or a fuzz target that wants the answers alone.
package struct ForecastEndpoints: Sendable {
    let model: WeatherModel
    let recorded: (any RecordedConditions)?
    let cache: ModelConditionsCache

    package init(model: WeatherModel, recorded: (any RecordedConditions)? = nil) {
        self.model = model
        self.recorded = recorded
        cache = ModelConditionsCache(model: model)
    }

    /// The status code and JSON body for a query (its pairs percent-decoded, in order):
    /// 200 and Open-Meteo's document, or 400 and `{"error":true,"reason":...}`.
    /// `now` is the wall clock in seconds since 1970 (today's window, `current`).
    package func answer(archive: Bool, query: [(key: String, value: String)], now: Int) -> (status: Int, body: [UInt8]) {
        let answer = self.answer(endpoint: archive ? .archive : .forecast, parameters: QueryParameters(query), now: now) { .zero }
        return (Int(answer.status?.code ?? 0), answer.body)
    }

    package func answer(
        endpoint: ForecastQuery.Endpoint, parameters: QueryParameters, now: Int, elapsed: () -> Duration
    ) -> WeatherAnswer {
        do {
            let query = try ForecastQuery(parameters, endpoint: endpoint, now: now)
            let body = ForecastDocument(query: query, model: model, recorded: recorded, cache: cache)
                .render(now: now, elapsed: elapsed)
            return WeatherAnswer(status: .ok, body: body)
        } catch {
            return .error(.badRequest, reason: error.reason)
        }
    }
}
