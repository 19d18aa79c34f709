// The device layer's types (fixes, the route timer, the GPS receiver and its signal)
// are part of what a replay speaks in: code that imports LocationReplay uses them
// without importing Device as well.
@_exported import TrailcastDevice
