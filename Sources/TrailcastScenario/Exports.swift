// A scenario's expectations are checked by the light module the testing library uses
// too; code that imports Scenario keeps seeing them.
@_exported import TrailcastTimeline
