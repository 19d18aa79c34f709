#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes to a file descriptor a buffer at a time: what every export and file feed writes
/// through.
final class DescriptorWriter {
    let descriptor: Int32
    /// What a write failure names: "the export", "the NMEA feed".
    let destination: String
    private(set) var buffer: [UInt8] = []
    private static let limit = 64 * 1024

    init(descriptor: Int32, destination: String) {
        self.descriptor = descriptor
        self.destination = destination
        buffer.reserveCapacity(Self.limit + 4096)
    }

    func append(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.limit { try flush() }
    }

    func append(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.limit { try flush() }
    }

    func flush() throws {
        var written = 0
        while written < buffer.count {
            let result = buffer[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw FeedError.cannotWrite(String(cString: strerror(errno)), destination: destination)
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A scratch file for the parts of an export that must come after something still
/// being written (GeoJSON's times and points after its line): constant memory, however
/// long the route.
final class SpoolFile {
    private let file: UnsafeMutablePointer<FILE>
    let writer: DescriptorWriter

    init() throws {
        guard let file = tmpfile() else { throw FeedError.cannotWrite("no temporary file: \(String(cString: strerror(errno)))", destination: "the export") }
        self.file = file
        writer = DescriptorWriter(descriptor: fileno(file), destination: "a temporary file")
    }

    deinit { fclose(file) }

    /// Copies everything spooled to `target`.
    func copy(to target: DescriptorWriter) throws {
        try writer.flush()
        guard lseek(writer.descriptor, 0, SEEK_SET) == 0 else { throw FeedError.cannotWrite("cannot rewind a temporary file", destination: "the export") }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(writer.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FeedError.cannotWrite(String(cString: strerror(errno)), destination: target.destination)
            }
            if count == 0 { break }
            try target.append(bytes: Array(chunk[..<count]))
        }
    }

    /// Copies everything spooled to `target`, then empties the file for what comes next.
    func move(to target: DescriptorWriter) throws {
        try copy(to: target)
        guard ftruncate(writer.descriptor, 0) == 0, lseek(writer.descriptor, 0, SEEK_SET) == 0 else {
            throw FeedError.cannotWrite("cannot empty a temporary file: \(String(cString: strerror(errno)))", destination: "the export")
        }
    }
}
