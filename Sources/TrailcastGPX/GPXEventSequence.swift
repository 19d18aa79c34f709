// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A GPX file's events as an `AsyncSequence`, read lazily chunk by chunk.
///
/// The file is opened when iteration starts; opening and parsing errors are thrown
/// from `next()`. Each iterator reads the file anew.
///
/// ```swift
/// for try await event in GPXEventSequence(contentsOfFile: "walk.gpx") {
///     if case .trackPoint(let point) = event { await handle(point) }
/// }
/// ```
package struct GPXEventSequence: AsyncSequence, Sendable {
    package typealias Element = GPXEvent
    package typealias Failure = GPXError

    package let path: String
    package let options: GPXStreamReader.Options

    package init(contentsOfFile path: String, options: GPXStreamReader.Options = .init()) {
        self.path = path
        self.options = options
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(path: path, options: options)
    }

    /// Pulls events from a ``GPXStreamReader``; not `Sendable`, like the reader.
    package struct Iterator: AsyncIteratorProtocol {
        private let path: String
        private let options: GPXStreamReader.Options
        private var reader: GPXStreamReader?
        private var finished = false

        init(path: String, options: GPXStreamReader.Options) {
            self.path = path
            self.options = options
        }

        package mutating func next() async throws(GPXError) -> GPXEvent? {
            try nextEvent()
        }

        package mutating func next(isolation actor: isolated (any Actor)?) async throws(GPXError) -> GPXEvent? {
            try nextEvent()
        }

        private mutating func nextEvent() throws(GPXError) -> GPXEvent? {
            guard !finished else { return nil }
            do {
                if reader == nil {
                    reader = try GPXStreamReader(contentsOfFile: path, options: options)
                }
                guard let event = try reader!.next() else {
                    finished = true
                    reader = nil
                    return nil
                }
                return event
            } catch {
                finished = true
                reader = nil
                throw error
            }
        }
    }
}
