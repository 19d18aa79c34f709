// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastWeather

/// The model's own generator, so "random" test samples are the same on every run and machine.
typealias SeededRandom = SplitMix64
