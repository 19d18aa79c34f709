#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DeterministicRandom

/// A first-order Gauss-Markov process with unit variance: a value that drifts, correlated
/// with itself over ``correlationSeconds`` (autocorrelation `exp(-lag / correlation)`),
/// the standard model of a GPS receiver's slowly wandering error.
///
/// Sampled at any spacing: a step of `dt` keeps the variance at 1, whatever `dt` is, so
/// irregular fixes and pauses leave its statistics unchanged.
struct GaussMarkovProcess: Sendable {
    let correlationSeconds: Double
    private(set) var value: Double
    /// The last step's length and its decay factor: most runs step by the same amount.
    private var cachedStep = -1.0
    private var cachedDecay = 0.0

    /// Starts at a draw from the stationary distribution.
    init(correlationSeconds: Double, random: inout SplitMix64) {
        self.correlationSeconds = correlationSeconds
        value = random.nextGaussian()
    }

    /// Moves the process on by `seconds`.
    mutating func advance(by seconds: Double, random: inout SplitMix64) {
        guard seconds > 0 else { return }
        if seconds != cachedStep {
            cachedStep = seconds
            cachedDecay = exp(-seconds / correlationSeconds)
        }
        let decay = cachedDecay
        value = decay * value + (1 - decay * decay).squareRoot() * random.nextGaussian()
    }
}
