// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A growable byte buffer with a stable address, for element text.
///
/// libxml2 delivers text in fragments that are not NUL-terminated; they are
/// gathered here by length. A raw allocation (instead of `[UInt8]`) lets the
/// parser hand out views of the text while it updates its other state, without
/// overlapping-access conflicts and without copying.
struct TextBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    /// The gathered bytes; valid until the next append, removal or deallocation.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    mutating func removeAll() { count = 0 }

    mutating func append(_ bytes: UnsafePointer<UInt8>, count appended: Int) {
        if count + appended > capacity {
            let newCapacity = max(capacity * 2, count + appended)
            let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newStorage.update(from: storage, count: count)
            storage.deallocate()
            storage = newStorage
            capacity = newCapacity
        }
        (storage + count).update(from: bytes, count: appended)
        count += appended
    }

    /// Frees the storage; the owner calls this exactly once, when the parser goes away.
    func deallocate() { storage.deallocate() }
}

extension UnsafeRawBufferPointer {
    /// The bytes without leading and trailing spaces, tabs, carriage returns and line feeds.
    func trimmingASCIIWhitespace() -> UnsafeRawBufferPointer {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        var start = 0
        var end = count
        while start < end, isSpace(self[start]) { start += 1 }
        while end > start, isSpace(self[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: self[start..<end])
    }
}
