import TrailcastBasics
import TrailcastWeather

/// The model's own generator, so "random" test samples are the same on every run and machine.
typealias SeededRandom = SplitMix64
