// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Synchronization
import TrailcastBasics
package import TrailcastWeather
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Weather answers kept on disk between runs, one small JSON file per cell and window
/// (``WeatherCacheEntry``), so that a second replay of a route asks the network nothing
/// and an offline run replays recorded weather for ever.
///
/// Safe to share: an entry is written to a temporary file in its own directory and renamed
/// into place, so a reader (another run at the same time) sees the old file or the new one,
/// never half of one. An entry that cannot be read back (truncated, edited, another
/// version) is a miss with a warning, and is replaced by the next answer.
package final class WeatherDiskCache: Sendable {
    /// Why an entry was passed over.
    package struct Warning: Sendable, Equatable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): warning: \(reason)" }
    }

    package let directory: String
    /// Evict oldest entries (by when they were fetched) once the cache is larger than this.
    package let maximumBytes: Int64?
    private let warn: @Sendable (Warning) -> Void
    /// The cache's size as of the last read of the directory plus this run's writes since;
    /// nil before the first read.
    private let knownBytes = LockedValue<Int64?>(nil)

    package init(directory: String, maximumBytes: Int64? = nil, warn: @escaping @Sendable (Warning) -> Void = { _ in })
    {
        self.directory = directory
        self.maximumBytes = maximumBytes
        self.warn = warn
    }

    /// Creates the directory if it does not exist; nil if it cannot be (the reason).
    package func prepare() -> String? {
        // mkdir -p, for the system's own words when it fails ("Permission denied").
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        var status = stat()
        guard stat(directory, &status) == 0 else { return String(cString: strerror(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return "not a directory" }
        return access(directory, W_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The recorded answer for a query, if any.
    package func conditions(for query: WeatherQuery, policy: WeatherServicePolicy) -> WeatherConditions? {
        let key = WeatherCacheKey(query: query, policy: policy)
        let path = self.path(of: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let entry = try? JSONDecoder().decode(WeatherCacheEntry.self, from: data),
            let conditions = entry.weather(for: key)
        else {
            warn(Warning(path: path, reason: "unreadable weather cache entry (\(data.count) bytes); treated as a miss"))
            return nil
        }
        return conditions
    }

    /// Keeps an answer; false (after a warning) if it could not be written.
    @discardableResult
    package func store(_ conditions: WeatherConditions, for query: WeatherQuery, policy: WeatherServicePolicy) -> Bool {
        let key = WeatherCacheKey(query: query, policy: policy)
        let path = self.path(of: key)
        let entry = WeatherCacheEntry(key: key, conditions: conditions, fetchedAt: Date().timeIntervalSince1970)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(entry) else { return false }
        data.append(0x0A)
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            warn(
                Warning(
                    path: folder,
                    reason: "cannot create a weather cache directory: \((error as NSError).localizedDescription)"))
            return false
        }
        // A name no other run uses: the process and a counter.
        let temporary = "\(folder)/.\(getpid())-\(Self.counter.next()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            warn(Warning(path: path, reason: "cannot write a weather cache entry: \(reason)"))
            return false
        }
        if let maximumBytes {
            // The directory is read again only when this run's writes may have passed the
            // maximum, not after every write (other runs' writes count from the next read).
            let mayBeOver = knownBytes.withLock { known -> Bool in
                guard let total = known else { return true }
                known = total + Int64(data.count)
                return known! > maximumBytes
            }
            if mayBeOver {
                let remaining = evictIfNeeded()
                knownBytes.withLock { $0 = remaining }
            }
        }
        return true
    }

    func path(of key: WeatherCacheKey) -> String { "\(directory)/\(key.relativePath)" }

    /// Removes the entries fetched longest ago until the cache fits its maximum, reading
    /// the directory (so that runs sharing the cache see each other's entries); the bytes
    /// that remain.
    @discardableResult
    func evictIfNeeded() -> Int64 {
        guard let maximumBytes else { return 0 }
        var entries: [(path: String, bytes: Int64, fetchedAt: Double)] = []
        var total: Int64 = 0
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return 0 }
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = "\(directory)/\(relative)"
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            let bytes = Int64(status.st_size)
            total += bytes
            // The modification time is when the entry was written: its fetch.
            #if canImport(Darwin)
            let time = status.st_mtimespec
            #else
            let time = status.st_mtim
            #endif
            let modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
            entries.append((path, bytes, modified))
        }
        guard total > maximumBytes else { return total }
        entries.sort { $0.fetchedAt != $1.fetchedAt ? $0.fetchedAt < $1.fetchedAt : $0.path < $1.path }
        for entry in entries where total > maximumBytes {
            if unlink(entry.path) == 0 || errno == ENOENT { total -= entry.bytes }
        }
        return total
    }

    private static let counter = Counter()

    /// One atomic add. (ThreadSanitizer now and then reported the Mutex-guarded counter this
    /// was as a race between two writers; the lock's futex path lives in the standard
    /// library, built without the sanitizer, so we take the report as false. An atomic
    /// needs no lock and no argument.)
    private final class Counter: Sendable {
        private let value = Atomic<UInt64>(0)
        func next() -> UInt64 { value.wrappingAdd(1, ordering: .relaxed).newValue }
    }
}
