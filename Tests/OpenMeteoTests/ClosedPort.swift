#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that nothing listens on: bound by the kernel's choice, then closed.
///
/// Another process could take it in between, but the kernel hands out ephemeral ports in
/// rotation, so a port just released is not handed out again soon.
func closedLocalPort() throws -> Int {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(step: "socket") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(descriptor, socketAddress, length) == 0
                && getsockname(descriptor, socketAddress, &length) == 0
        }
    }
    guard bound else { throw SocketError(step: "bind") }
    return Int(UInt16(bigEndian: address.sin_port))
}

struct SocketError: Error, CustomStringConvertible {
    var step: String
    var description: String { "\(step) failed with errno \(errno)" }
}
