// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import TrailcastWeather

/// Turns the errors AsyncHTTPClient and SwiftNIO throw into one-line
/// ``TrailcastWeather/WeatherFetchFailure``s a person can act on, such as
/// `cannot connect to 127.0.0.1:8080: connection refused` or `timed out after 5 s`.
///
/// Their own descriptions are Swift dumps (`NIOConnectionError(host: ..., connectionErrors:
/// [SingleConnectionFailure(...)])`) or internal names (`HTTPClientError.deadlineExceeded`).
/// Whatever the network did wrong is transient: a retry may get through. What this client got
/// wrong (a bad URL, an oversized answer) is not.
enum TransportFailure {
    /// The failure `error` stands for, thrown while asking `authority` (`host[:port]`).
    static func failure(
        for error: any Error, authority: String, configuration: OpenMeteoClient.Configuration
    ) -> WeatherFetchFailure {
        let timedOut = "timed out after \(DecimalText.seconds(configuration.requestTimeout)) s"
        let connectTimedOut =
            "cannot connect to \(authority): timed out after "
            + "\(DecimalText.seconds(configuration.connectTimeout)) s"
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return unreachable(timedOut)
            case .connectTimeout, .getConnectionFromPoolTimeout:
                return unreachable(connectTimedOut)
            case .remoteConnectionClosed:
                return transient("\(authority) closed the connection before answering")
            case .alreadyShutdown:
                return permanent("the weather client is shut down")
            case .invalidURL, .emptyHost, .emptyScheme:
                return permanent("invalid URL for \(authority)")
            case .redirectLimitReached, .redirectCycleDetected:
                return permanent("too many redirects from \(authority)")
            default:
                // HTTPClientError's description is short: "HTTPClientError.unsupportedScheme(ftp)".
                return transient("request to \(authority) failed: \(oneLine(error.description))")
            }
        case ChannelError.connectTimeout:
            return unreachable(connectTimedOut)
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first {
                return failure(for: first.error, authority: authority, configuration: configuration)
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return unreachable("cannot resolve \(error.host)")
            }
            return unreachable("cannot connect to \(authority)")
        case let error as IOError:
            return ioFailure(errno: error.errnoCode, authority: authority)
        case let error as NIOTooManyBytesError:
            let limit = error.maxBytes ?? configuration.maxResponseBytes
            return permanent("response from \(authority) larger than \(limit) bytes")
        default:
            return transient("request to \(authority) failed: \(oneLine(String(describing: error)))")
        }
    }

    /// A socket error: refused, unreachable and the like happen while connecting; the rest
    /// (reset, broken pipe) mean an established connection was lost.
    private static func ioFailure(errno code: CInt, authority: String) -> WeatherFetchFailure {
        let reason = String(cString: strerror(code)).lowercased()
        switch code {
        case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ETIMEDOUT, EADDRNOTAVAIL:
            return unreachable("cannot connect to \(authority): \(reason)")
        default:
            return transient("connection to \(authority) lost: \(reason)")
        }
    }

    private static func transient(_ message: String) -> WeatherFetchFailure {
        WeatherFetchFailure(message: message, httpStatus: nil, isTransient: true)
    }

    /// No connection, or no answer in time: the server is down (or hung) for every place,
    /// so the weather service backs off every cell, not only this one.
    private static func unreachable(_ message: String) -> WeatherFetchFailure {
        WeatherFetchFailure(message: message, httpStatus: nil, isTransient: true, serverUnreachable: true)
    }

    private static func permanent(_ message: String) -> WeatherFetchFailure {
        WeatherFetchFailure(message: message, httpStatus: nil, isTransient: false)
    }

    /// The first line of `text`, at most 200 characters.
    private static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }
}
