// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastExports
import TrailcastWire

/// `--nmea FILE` and `export --to nmea`: the device stream as an NMEA log, which
/// gpsfake, gpsbabel and most GPS tools read. Written a buffer at a time, always in
/// whole epochs, so a file cut short by Ctrl-C still ends on a whole sentence.
package final class NMEAFileFeed: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private var encoder = NMEAEncoder()
    private var epoch: [UInt8] = []

    /// Writes to an open file descriptor, which the caller owns and closes.
    /// `destination` names it in a write failure ("the export" for `export --to nmea`).
    package init(descriptor: Int32, destination: String = "the NMEA feed") {
        writer = DescriptorWriter(descriptor: descriptor, destination: destination)
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        self.epoch.removeAll(keepingCapacity: true)
        encoder.append(epoch, to: &self.epoch)
        try writer.append(bytes: self.epoch)
    }

    package func deviceStreamEnded() throws {
        try writer.flush()
    }
}
