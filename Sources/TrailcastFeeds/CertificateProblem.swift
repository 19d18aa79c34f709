// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOPosix
import NIOSSL
import SwiftASN1
import TrailcastBasics
import X509

extension TransportSecurity {
    /// After a handshake failed with `certificate verify failed`: why, from the server's
    /// certificate read on a second connection that checks nothing and sends nothing but
    /// the handshake. BoringSSL's error names no reason beyond the failed verification, and
    /// an expired certificate is no untrusted CA, nor a self-signed one a CA to find: the
    /// user would look at the wrong file. Out of its dates (with them), self-signed (its
    /// subject), or signed by an issuer this run does not trust (named); nil when it
    /// cannot be read.
    func certificateProblem(host: String, port: Int) async -> String? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: configuration) else { return nil }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let handshake = HandshakeResult(loop.makePromise(of: Void.self))
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(.seconds(5))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: context, serverHostname: nil))
                        try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(handshake))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            handshake.complete(.failure(ChannelError.eof))
            return nil
        }
        defer { channel.close(promise: nil) }
        guard (try? await handshake.promise.futureResult.get()) != nil,
            let certificate = try? await channel.nioSSL_peerCertificate().get()
        else { return nil }
        let now = time(nil)
        if certificate.notValidAfter < now {
            return
                "the \(naming.peer)'s certificate expired on \(Self.utcText(certificate.notValidAfter)) (it was valid from \(Self.utcText(certificate.notValidBefore))): the \(naming.peer) needs a new one"
        }
        if certificate.notValidBefore > now {
            return
                "the \(naming.peer)'s certificate is not valid until \(Self.utcText(certificate.notValidBefore)): check this machine's clock and the \(naming.peer)'s"
        }
        guard let bytes = try? certificate.toDERBytes(), let parsed = try? Certificate(derEncoded: bytes) else {
            return nil
        }
        if parsed.issuer == parsed.subject {
            return
                "the \(naming.peer)'s certificate is self-signed (\(parsed.subject)): to trust it, give it as \(naming.caOption) FILE"
        }
        return
            "the \(naming.peer)'s certificate is signed by \(parsed.issuer), a CA this run does not trust (\(naming.caOption) FILE names one)"
    }

    /// `2026-11-28 21:58 UTC`.
    private static func utcText(_ time: time_t) -> String {
        var seconds = time
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }
}
