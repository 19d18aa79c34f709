// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastFuzzChecks

// libFuzzer calls this with each input; FuzzChecks.browserMessages stops the process on a broken check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzChecks.browserMessages(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
