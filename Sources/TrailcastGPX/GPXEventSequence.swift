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
public struct GPXEventSequence: AsyncSequence, Sendable {
    public typealias Element = GPXEvent
    public typealias Failure = GPXError

    public let path: String
    public let options: GPXStreamReader.Options

    public init(contentsOfFile path: String, options: GPXStreamReader.Options = .init()) {
        self.path = path
        self.options = options
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(path: path, options: options)
    }

    /// Pulls events from a ``GPXStreamReader``; not `Sendable`, like the reader.
    public struct Iterator: AsyncIteratorProtocol {
        private let path: String
        private let options: GPXStreamReader.Options
        private var reader: GPXStreamReader?
        private var finished = false

        init(path: String, options: GPXStreamReader.Options) {
            self.path = path
            self.options = options
        }

        public mutating func next() async throws(GPXError) -> GPXEvent? {
            try nextEvent()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(GPXError) -> GPXEvent? {
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
