// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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

    /// The status code and body for a query (its pairs percent-decoded, in order):
    /// 200 and Open-Meteo's document, or 400 and `{"error":true,"reason":...}`.
    /// `now` is the wall clock in seconds since 1970 (today's window, `current`).
    package func answer(archive: Bool, query: [(key: String, value: String)], now: Int) -> (status: Int, body: [UInt8])
    {
        let answer = self.answer(endpoint: archive ? .archive : .forecast, parameters: QueryParameters(query), now: now)
        { .zero }
        return (Int(answer.status?.code ?? 0), answer.body)
    }

    package func answer(
        endpoint: ForecastQuery.Endpoint, parameters: QueryParameters, now: Int, elapsed: () -> Duration
    ) -> WeatherAnswer {
        do {
            let documents = try ForecastQuery.places(parameters, endpoint: endpoint, now: now).map { query in
                ForecastDocument(query: query, model: model, recorded: recorded, cache: cache)
            }
            switch documents[0].query.format {
            case .json:
                // Several places: a list of answers, as Open-Meteo gives them.
                guard documents.count > 1 else {
                    return WeatherAnswer(status: .ok, body: documents[0].render(now: now, elapsed: elapsed))
                }
                var body: [UInt8] = [UInt8(ascii: "[")]
                for (index, document) in documents.enumerated() {
                    if index > 0 { body.append(UInt8(ascii: ",")) }
                    body += document.render(now: now, elapsed: elapsed)
                }
                body.append(UInt8(ascii: "]"))
                return WeatherAnswer(status: .ok, body: body)
            case .flatbuffers:
                var writer = FlatBufferWriter()
                for document in documents {
                    for model in document.query.models {
                        document.renderFlatBuffers(now: now, model: model, elapsed: elapsed, into: &writer)
                    }
                }
                var answer = WeatherAnswer(status: .ok, body: writer.bytes)
                answer.contentType = "application/octet-stream"
                return answer
            case .csv:
                var answer = WeatherAnswer(
                    status: .ok, body: Array(ForecastDocument.renderCSV(documents, now: now).utf8))
                answer.contentType = "text/csv; charset=utf-8"
                answer.contentDisposition =
                    "attachment; filename=\"open-meteo-\(documents[0].fileNameCoordinates).csv\""
                return answer
            }
        } catch {
            return .error(.badRequest, reason: error.reason)
        }
    }
}
