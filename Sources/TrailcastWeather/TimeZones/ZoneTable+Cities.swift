extension ZoneTable {
    /// Big cities whose nearest principal city in zone.tab is in another zone, with their
    /// own: a country with one zone.tab city far from most of its people (India's is Kolkata,
    /// China's Shanghai) leaves its other cities nearer a neighbour's (Delhi nearer Kathmandu,
    /// Beijing nearer Seoul), and a wide zone's city can be nearer the next zone's (Dallas
    /// nearer Denver than Chicago). Each was checked against the zone.tab lookup alone; the
    /// tests hold the list's cities and others to their zones.
    static let moreCities: [(identifier: String, latitude: Double, longitude: Double)] = [
        // India: one zone, its principal city in the east.
        ("Asia/Kolkata", 28.61, 77.21), ("Asia/Kolkata", 19.08, 72.88), ("Asia/Kolkata", 12.97, 77.59),
        ("Asia/Kolkata", 13.08, 80.27), ("Asia/Kolkata", 17.39, 78.49), ("Asia/Kolkata", 23.02, 72.57),
        ("Asia/Kolkata", 26.91, 75.79), ("Asia/Kolkata", 26.85, 80.95), ("Asia/Kolkata", 30.73, 76.78),
        ("Asia/Kolkata", 32.73, 74.86),
        // China: one zone in practice, its principal city on the coast.
        ("Asia/Shanghai", 39.90, 116.40), ("Asia/Shanghai", 39.13, 117.20), ("Asia/Shanghai", 45.80, 126.53),
        ("Asia/Shanghai", 41.80, 123.43), ("Asia/Shanghai", 23.13, 113.26), ("Asia/Shanghai", 22.54, 114.06),
        ("Asia/Shanghai", 30.57, 104.07), ("Asia/Shanghai", 29.56, 106.55), ("Asia/Shanghai", 30.59, 114.31),
        ("Asia/Shanghai", 34.34, 108.94), ("Asia/Shanghai", 25.04, 102.71), ("Asia/Shanghai", 36.06, 103.83),
        ("Asia/Shanghai", 29.65, 91.17), ("Asia/Shanghai", 36.07, 120.38),
        // Pakistan, Iran, Saudi Arabia: cities nearer a neighbour's capital.
        ("Asia/Karachi", 31.55, 74.34), ("Asia/Karachi", 33.68, 73.05), ("Asia/Karachi", 34.01, 71.58),
        ("Asia/Tehran", 36.30, 59.60), ("Asia/Tehran", 38.08, 46.29), ("Asia/Tehran", 29.59, 52.58),
        ("Asia/Tehran", 32.65, 51.67),
        ("Asia/Riyadh", 21.49, 39.19), ("Asia/Riyadh", 21.39, 39.86), ("Asia/Riyadh", 26.42, 50.09),
        // Japan's north, nearer Sakhalin; its west and Korea's south, across a strait.
        ("Asia/Tokyo", 43.06, 141.35), ("Asia/Tokyo", 33.59, 130.40), ("Asia/Seoul", 35.18, 129.08),
        ("Asia/Seoul", 35.87, 128.60),
        // The United States: wide zones meeting.
        ("America/Chicago", 32.78, -96.80), ("America/Chicago", 29.76, -95.37), ("America/Chicago", 29.42, -98.49),
        ("America/Chicago", 30.27, -97.74), ("America/Chicago", 44.98, -93.27), ("America/Chicago", 39.10, -94.58),
        ("America/Chicago", 38.63, -90.20), ("America/Chicago", 29.95, -90.07), ("America/Chicago", 36.16, -86.78),
        ("America/Chicago", 35.15, -90.05), ("America/Chicago", 35.47, -97.52), ("America/Chicago", 41.26, -95.93),
        ("America/New_York", 33.75, -84.39), ("America/New_York", 38.91, -77.04), ("America/New_York", 42.36, -71.06),
        ("America/New_York", 35.23, -80.84), ("America/New_York", 28.54, -81.38), ("America/New_York", 27.95, -82.46),
        ("America/New_York", 25.76, -80.19), ("America/New_York", 39.95, -75.17), ("America/New_York", 40.44, -79.99),
        ("America/New_York", 39.96, -83.00), ("America/New_York", 41.50, -81.69),
        ("America/Los_Angeles", 47.61, -122.33), ("America/Los_Angeles", 45.52, -122.68),
        ("America/Los_Angeles", 37.77, -122.42), ("America/Los_Angeles", 36.17, -115.14),
        ("America/Los_Angeles", 32.72, -117.16), ("America/Los_Angeles", 38.58, -121.49),
        ("America/Denver", 40.76, -111.89), ("America/Denver", 35.08, -106.65), ("America/Denver", 31.76, -106.49),
        // Mexico, Canada.
        ("America/Mexico_City", 20.67, -103.35), ("America/Mexico_City", 21.88, -102.29),
        ("America/Toronto", 45.50, -73.57), ("America/Toronto", 45.42, -75.70), ("America/Toronto", 46.81, -71.21),
        ("America/Edmonton", 51.05, -114.07),
    ]
}
