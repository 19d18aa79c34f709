// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastSettings

/// One rule for every option that takes a span of time (`90s`, `10m`, `1h30m`, `500ms`):
/// the forms people type, and one message per kind of mistake, the flag first, in the
/// form the number options use (`--speed must be a number, not 'abc'`):
///
///     --max-gap must be a duration such as 5m, 90s or 1h, not 'soon'
///     --max-gap must be 0 or more, not -1m
///     --duration must be above 0, not 0
///     --reconnect-max must be from 100ms to 10m, not 20m
///
/// A negative value reaches the option at all because ``CommandShape/attachingNegativeValues(_:)``
/// gives a word like `-1m` to the option before it.
struct DurationArgument {
    var option: String
    /// How the forms are shown: "5m, 90s or 1h".
    var examples: String
    /// The shortest span taken, in milliseconds (0: zero is a value; 1: above zero).
    var minimumMilliseconds: Int64 = 0
    var maximumMilliseconds: Int64?

    /// `text` as milliseconds, or the option's message.
    func milliseconds(_ text: String) throws(ValidationError) -> Int64 {
        guard let offset = SimulatedOffset(text) else {
            if text.hasPrefix("-"), SimulatedOffset(String(text.dropFirst())) != nil {
                throw ValidationError("\(option) must be \(range), not \(text)")
            }
            throw ValidationError("\(option) must be a duration such as \(examples), not '\(text)'")
        }
        guard offset.milliseconds >= minimumMilliseconds, offset.milliseconds <= maximumMilliseconds ?? .max else {
            throw ValidationError("\(option) must be \(range), not \(text)")
        }
        return offset.milliseconds
    }

    /// `text` as seconds, or the option's message.
    func seconds(_ text: String) throws(ValidationError) -> Double {
        Double(try milliseconds(text)) / 1000
    }

    private var range: String {
        let lower = SimulatedOffset(milliseconds: minimumMilliseconds).description
        if let maximumMilliseconds {
            return "from \(lower) to \(SimulatedOffset(milliseconds: maximumMilliseconds).description)"
        }
        switch minimumMilliseconds {
        case 0: return "0 or more"
        case 1: return "above 0"
        default: return "at least \(lower)"
        }
    }
}
