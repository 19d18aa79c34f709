#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// write(2) until every byte is out: short writes continue, EINTR retries. Shared by the
/// timeline writer and the report, whose files must hold whole lines and whole pages.
package enum DescriptorWrite {
    /// Writes all of `bytes`; the errno that stopped it, or nil when everything was written.
    package static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
