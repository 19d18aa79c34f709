// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A fresh directory under the system temporary directory, for files a test writes.
///
/// Each test makes its own, so tests running in parallel never share a file.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("trailcast-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` in the directory and returns its URL.
    @discardableResult
    func file(named name: String, contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    /// Writes `text` as UTF-8 to `name` in the directory and returns its URL.
    @discardableResult
    func file(named name: String, text: String) throws -> URL {
        try file(named: name, contents: Data(text.utf8))
    }

    /// Creates an empty file.
    func emptyFile(named name: String) throws -> URL {
        try file(named: name, contents: Data())
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
