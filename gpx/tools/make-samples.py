#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Generate the Trailcast sample GPX files in gpx/.

Standard library only, fixed seeds: running it again produces byte-identical
files.  Usage (from anywhere):

    python3 gpx/tools/make-samples.py            # writes into gpx/
    python3 gpx/tools/make-samples.py --out DIR  # writes into DIR instead

The routes follow real streets and paths; the vertices are approximate
coordinates, and everything between them (timing, speed, GPS noise, heart
rate...) is simulated.
"""

import argparse
import datetime
import math
import os
import random
import struct
from decimal import Decimal
from xml.sax.saxutils import escape

EARTH_RADIUS = 6371008.8  # mean Earth radius, metres


# --------------------------------------------------------------------------
# Geometry helpers
# --------------------------------------------------------------------------

def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(math.sqrt(a))


def offset_m(lat, lon, north, east):
    """Move (lat, lon) by north/east metres (small distances only)."""
    dlat = north / (EARTH_RADIUS * math.pi / 180)
    dlon = east / (EARTH_RADIUS * math.pi / 180 * math.cos(math.radians(lat)))
    return lat + dlat, lon + dlon


def local_dir(lat1, lon1, lat2, lon2):
    """Unit (north, east) vector from point 1 to point 2 (flat approximation)."""
    n = (lat2 - lat1) * EARTH_RADIUS * math.pi / 180
    e = (lon2 - lon1) * EARTH_RADIUS * math.pi / 180 * math.cos(math.radians(lat1))
    length = math.hypot(n, e) or 1.0
    return n / length, e / length


class Polyline:
    """Vertices (lat, lon, ele) with linear interpolation by distance."""

    def __init__(self, vertices):
        self.v = list(vertices)
        self.cum = [0.0]
        for a, b in zip(self.v, self.v[1:]):
            self.cum.append(self.cum[-1] + haversine(a[0], a[1], b[0], b[1]))
        self.length = self.cum[-1]
        self._i = 0

    def at(self, d):
        """(lat, lon, ele, grade) at distance d along the line."""
        d = min(max(d, 0.0), self.length)
        i = self._i if self.cum[self._i] <= d else 0
        while i < len(self.cum) - 2 and self.cum[i + 1] < d:
            i += 1
        self._i = i
        seg = self.cum[i + 1] - self.cum[i]
        f = (d - self.cum[i]) / seg if seg > 0 else 0.0
        a, b = self.v[i], self.v[i + 1]
        lat = a[0] + (b[0] - a[0]) * f
        lon = a[1] + (b[1] - a[1]) * f
        ele = a[2] + (b[2] - a[2]) * f
        grade = (b[2] - a[2]) / seg if seg > 0 else 0.0
        return lat, lon, ele, grade


def offset_polyline(vertices, right_m):
    """Shift every vertex right_m metres to the right of the travel direction."""
    out = []
    n = len(vertices)
    for i, (lat, lon, ele) in enumerate(vertices):
        a = vertices[max(i - 1, 0)]
        b = vertices[min(i + 1, n - 1)]
        dn, de = local_dir(a[0], a[1], b[0], b[1])
        # right of (north, east) is (-east, north)
        nlat, nlon = offset_m(lat, lon, -de * right_m, dn * right_m)
        out.append((nlat, nlon, ele))
    return out


class GpsNoise:
    """First-order autoregressive noise in metres: wanders, doesn't jump."""

    def __init__(self, rng, sigma, rho=0.93):
        self.rng, self.sigma, self.rho = rng, sigma, rho
        self.n = rng.gauss(0, sigma)
        self.e = rng.gauss(0, sigma)

    def step(self, dt=1.0):
        rho = self.rho ** dt
        k = self.sigma * math.sqrt(1 - rho * rho)
        self.n = rho * self.n + self.rng.gauss(0, k)
        self.e = rho * self.e + self.rng.gauss(0, k)
        return self.n, self.e


# --------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------

def iso(t, millis=False):
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    return s + (".000Z" if millis else "Z")


def f6(x):
    return "%.6f" % x


def garmin_coord(deg):
    """Garmin stores positions as 32-bit semicircles; Garmin Connect prints
    the exact decimal expansion of semicircles * 180 / 2^31."""
    sc = int(round(deg * 2 ** 31 / 180.0))
    return str(Decimal(sc * 180.0 / 2 ** 31))


def garmin_ele(m):
    """Garmin Connect prints the exact decimal value of a float32 elevation."""
    f32 = struct.unpack("<f", struct.pack("<f", m))[0]
    s = str(Decimal(f32))
    return s if "." in s else s + ".0"


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


GPX11_HEADER = (
    '<gpx version="1.1" creator="{creator}" '
    'xmlns="http://www.topografix.com/GPX/1/1" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 '
    'http://www.topografix.com/GPX/1/1/gpx.xsd">'
)
CREATOR = "Trailcast make-samples.py"


# --------------------------------------------------------------------------
# 1. San Francisco waterfront walk
# --------------------------------------------------------------------------

SF_ROUTE = [
    # lat, lon, ele (m)   -- Embarcadero promenade, bay side
    (37.79540, -122.39420, 4.0),   # Ferry Building plaza
    (37.79690, -122.39540, 4.0),   # Pier 1 / Washington St
    (37.79880, -122.39700, 3.5),   # Pier 7 (Broadway)
    (37.80030, -122.39840, 3.5),   # Pier 9
    (37.80150, -122.39950, 4.0),   # Pier 15, Exploratorium (Green St)
    (37.80280, -122.40100, 4.0),   # Pier 17/19 (Union St)
    (37.80430, -122.40310, 4.5),   # Pier 23 (Greenwich St)
    (37.80560, -122.40470, 4.5),   # Pier 27 cruise terminal (Lombard St)
    (37.80650, -122.40640, 4.0),   # Bay St
    (37.80760, -122.40820, 4.0),   # Pier 35 (North Point St)
    (37.80860, -122.40960, 3.5),   # Pier 39 entrance (Beach St)
    (37.80840, -122.41120, 3.5),   # Embarcadero becomes Jefferson St (Powell)
    (37.80830, -122.41330, 4.0),   # Jefferson & Mason
    (37.80810, -122.41570, 4.5),   # Jefferson & Taylor, Fisherman's Wharf
    (37.80790, -122.41760, 5.0),   # Jefferson & Jones
    (37.80770, -122.41940, 5.5),   # Jefferson & Leavenworth
    (37.80745, -122.42080, 5.0),   # Jefferson & Hyde, Hyde Street Pier
    (37.80700, -122.42200, 3.5),   # Aquatic Park beach promenade
    (37.80660, -122.42380, 4.0),   # Maritime Museum (Polk St)
    (37.80640, -122.42520, 6.0),   # foot of Van Ness Ave / Municipal Pier
    (37.80610, -122.42640, 18.0),  # path up Black Point
    (37.80590, -122.42790, 31.0),  # Fort Mason, upper terrace
    (37.80560, -122.42950, 36.0),  # Fort Mason Great Meadow (top)
    (37.80545, -122.43060, 27.0),  # Great Meadow, west edge
    (37.80530, -122.43160, 10.0),  # down to Marina Blvd & Laguna St
    (37.80600, -122.43400, 4.0),   # Marina Blvd by Gashouse Cove
    (37.80670, -122.43700, 3.5),   # Marina Green, east end
    (37.80720, -122.44000, 3.5),   # Marina Green, middle
    (37.80740, -122.44200, 3.5),   # Marina Green, west end
    (37.80620, -122.44450, 3.5),   # Marina Blvd & Yacht Rd
    (37.80490, -122.44700, 4.0),   # Crissy Field promenade, east
    (37.80530, -122.45050, 3.5),   # Crissy Field East Beach
    (37.80480, -122.45400, 3.5),   # Crissy Field promenade
    (37.80440, -122.45800, 3.5),   # Crissy Field, tidal marsh
    (37.80420, -122.46150, 4.0),   # Crissy Field, end of walk
]


def make_sf_walk(out_dir):
    rng = random.Random(20260613)
    line = Polyline(SF_ROUTE)
    start = datetime.datetime(2026, 6, 13, 16, 0, 0)
    # (distance along route in m, seconds standing still, why)
    stops = [
        (line.cum[10] + 15.0, 72, "sea lions at Pier 39"),
        (line.cum[24] + 5.0, 58, "crossing at Marina Blvd & Laguna St"),
    ]
    noise = GpsNoise(rng, sigma=2.4)
    ele_noise = 0.0
    speed = 1.35
    t = 0
    d = 0.0
    stop_idx = 0
    stand_until = None
    pts = []
    intervals = [1, 1, 2, 2, 3, 3, 3, 4, 4, 5]
    while True:
        lat, lon, ele, grade = line.at(d)
        n, e = noise.step()
        plat, plon = offset_m(lat, lon, n, e)
        ele_noise = 0.85 * ele_noise + rng.gauss(0, 0.35)
        hdop = None
        if rng.random() < 0.3:
            hdop = round(0.8 + abs(rng.gauss(0, 0.6)), 1)
        pts.append((plat, plon, ele + ele_noise, start + datetime.timedelta(seconds=t), hdop))
        if d >= line.length:
            break
        dt = rng.choice(intervals)
        t += dt
        if stand_until is not None:
            if t >= stand_until:
                stand_until = None
            continue
        speed += rng.gauss(0, 0.04) - 0.08 * (speed - 1.36)
        speed = min(max(speed, 1.2), 1.5)
        v = speed * (1.0 - 1.2 * max(grade, 0.0))  # a bit slower uphill
        d_new = d + v * dt
        if stop_idx < len(stops) and d_new >= stops[stop_idx][0]:
            d_new = stops[stop_idx][0]
            stand_until = t + stops[stop_idx][1]
            stop_idx += 1
        d = min(d_new, line.length)

    duration = (pts[-1][3] - pts[0][3]).total_seconds()
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', GPX11_HEADER.format(creator=CREATOR)]
    lines += [
        "  <metadata>",
        "    <name>San Francisco waterfront walk</name>",
        "    <desc>Walk from the Ferry Building along the Embarcadero, past Pier 39, "
        "Fisherman's Wharf and Aquatic Park, over the Fort Mason hill and along the "
        "Marina Green to Crissy Field. Simulated: real route, synthetic timing and "
        "GPS noise.</desc>",
        "    <time>%s</time>" % iso(start),
        "  </metadata>",
        "  <trk>",
        "    <name>Ferry Building to Crissy Field</name>",
        "    <type>walking</type>",
        "    <trkseg>",
    ]
    for lat, lon, ele, tm, hdop in pts:
        lines.append('      <trkpt lat="%s" lon="%s">' % (f6(lat), f6(lon)))
        lines.append("        <ele>%.1f</ele>" % ele)
        lines.append("        <time>%s</time>" % iso(tm))
        if hdop is not None:
            lines.append("        <hdop>%.1f</hdop>" % hdop)
        lines.append("      </trkpt>")
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    write(os.path.join(out_dir, "sf-waterfront-walk.gpx"), "\n".join(lines))
    return {"points": len(pts), "duration_s": duration, "length_m": line.length}


# --------------------------------------------------------------------------
# 2. Xcode-style waypoint file (Apple Park perimeter, Cupertino)
# --------------------------------------------------------------------------

XCODE_WAYPOINTS = [
    (37.332700, -122.005300, "Apple Park Visitor Center"),
    (37.333900, -122.004800, "N Tantau Ave"),
    (37.335600, -122.004750, "N Tantau Ave, east gate"),
    (37.337400, -122.004700, "N Tantau Ave, north"),
    (37.339300, -122.004650, "Tantau Ave & Pruneridge Ave"),
    (37.339500, -122.006900, "Pruneridge Ave"),
    (37.339550, -122.009200, "Pruneridge Ave, north gate"),
    (37.339450, -122.011500, "Pruneridge Ave, west"),
    (37.339200, -122.013800, "Pruneridge Ave near Wolfe Rd"),
    (37.338500, -122.015000, "Pruneridge Ave & N Wolfe Rd"),
    (37.336900, -122.015100, "N Wolfe Rd"),
    (37.335200, -122.015150, "N Wolfe Rd, west gate"),
    (37.333600, -122.015100, "N Wolfe Rd, south"),
    (37.332200, -122.014900, "N Wolfe Rd at I-280"),
]


def make_xcode(out_dir):
    rng = random.Random(2007)
    start = datetime.datetime(2026, 6, 13, 17, 0, 0)
    t = 0
    lines = [
        '<?xml version="1.0"?>',
        '<gpx version="1.1" creator="Xcode">',
        "    <!--",
        "     Drive once around the Apple Park perimeter roads, Cupertino, CA.",
        "     Waypoint times set the simulated speed between waypoints.",
        "     -->",
    ]
    prev = None
    for lat, lon, name in XCODE_WAYPOINTS:
        if prev is not None:
            dist = haversine(prev[0], prev[1], lat, lon)
            speed = rng.uniform(7.0, 12.0)  # driving, 25-43 km/h
            t += max(10, min(60, int(round(dist / speed))))
        prev = (lat, lon)
        tm = start + datetime.timedelta(seconds=t)
        lines.append('    <wpt lat="%s" lon="%s">' % (f6(lat), f6(lon)))
        lines.append("        <time>%s</time>" % iso(tm))
        lines.append("        <name>%s</name>" % escape(name))
        lines.append("    </wpt>")
    lines += ["</gpx>", ""]
    write(os.path.join(out_dir, "xcode-waypoints.gpx"), "\n".join(lines))
    return {"points": len(XCODE_WAYPOINTS), "duration_s": t}


# --------------------------------------------------------------------------
# 3. Route without times: Zurich Triemli -> Uetliberg (Uto Kulm)
# --------------------------------------------------------------------------

UETLI_ROUTE = [
    # lat, lon, ele, name
    (47.367950, 8.495600, 474, "Triemli"),
    (47.367300, 8.494700, 486, None),
    (47.366600, 8.493800, 503, None),
    (47.365800, 8.492900, 522, "Waldrand"),
    (47.365100, 8.492300, 545, None),
    (47.364500, 8.491100, 571, None),
    (47.363800, 8.490500, 596, None),
    (47.363100, 8.491200, 618, None),
    (47.362400, 8.490300, 641, None),
    (47.361700, 8.489400, 662, None),
    (47.360900, 8.489900, 684, None),
    (47.360100, 8.489000, 703, None),
    (47.359300, 8.488200, 722, None),
    (47.358400, 8.488700, 739, None),
    (47.357500, 8.487900, 756, None),
    (47.356500, 8.487400, 771, None),
    (47.355500, 8.487800, 784, None),
    (47.354500, 8.487300, 796, None),
    (47.353400, 8.487500, 806, None),
    (47.352150, 8.487600, 813, "Uetliberg Bahnhof"),
    (47.351400, 8.488600, 826, None),
    (47.350700, 8.489700, 842, None),
    (47.350100, 8.490700, 857, None),
    (47.349430, 8.491770, 869, "Uto Kulm"),
]

UETLI_POIS = [
    (47.367950, 8.495600, 474, "Tram Triemli", "Tram 14 terminus, start of the hike", "Bus Stop"),
    (47.352150, 8.487600, 813, "Bahnhof Uetliberg", "S10 terminus", "Railway"),
    (47.349430, 8.491770, 869, "Uto Kulm Aussichtsturm", "Lookout tower on the summit", "Scenic Area"),
]


def make_route(out_dir):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', GPX11_HEADER.format(creator=CREATOR)]
    lines += [
        "  <metadata>",
        "    <name>Triemli – Uetliberg</name>",
        "    <desc>Planned hike from Zürich Triemli up to Uto Kulm. Route only, no times.</desc>",
        "  </metadata>",
    ]
    for lat, lon, ele, name, desc, sym in UETLI_POIS:
        lines.append('  <wpt lat="%s" lon="%s">' % (f6(lat), f6(lon)))
        lines.append("    <ele>%d</ele>" % ele)
        lines.append("    <name>%s</name>" % escape(name))
        lines.append("    <desc>%s</desc>" % escape(desc))
        lines.append("    <sym>%s</sym>" % escape(sym))
        lines.append("  </wpt>")
    lines += ["  <rte>", "    <name>Triemli – Uto Kulm</name>", "    <type>hiking</type>"]
    for lat, lon, ele, name in UETLI_ROUTE:
        lines.append('    <rtept lat="%s" lon="%s">' % (f6(lat), f6(lon)))
        lines.append("      <ele>%d</ele>" % ele)
        if name:
            lines.append("      <name>%s</name>" % escape(name))
        lines.append("    </rtept>")
    lines += ["  </rte>", "</gpx>", ""]
    write(os.path.join(out_dir, "route-no-times.gpx"), "\n".join(lines))
    length = Polyline([(a, b, c) for a, b, c, _ in UETLI_ROUTE]).length
    return {"points": len(UETLI_ROUTE), "waypoints": len(UETLI_POIS), "length_m": length}


# --------------------------------------------------------------------------
# 4. Zurich lake ride, Garmin Connect style, 1 Hz
# --------------------------------------------------------------------------

LAKE_ROUTE = [
    # Bellevue -> Utoquai -> Seefeld -> Zürichhorn -> Tiefenbrunnen -> Seestrasse
    (47.366850, 8.544800, 409.0),  # Bellevue
    (47.365500, 8.545900, 408.6),  # Utoquai, Opernhaus
    (47.363300, 8.547300, 408.4),  # Utoquai
    (47.360600, 8.549100, 408.4),  # Utoquai / Seefeldquai
    (47.357700, 8.550800, 408.8),  # Seefeldquai, Feldeggstrasse
    (47.355000, 8.552600, 409.2),  # Bellerivestrasse, Zürichhorn
    (47.352800, 8.555400, 409.6),  # Bellerivestrasse
    (47.350900, 8.558600, 410.4),  # Tiefenbrunnen
    (47.348300, 8.562000, 411.6),  # Seestrasse, Zollikon border
    (47.345300, 8.565700, 414.0),  # Seestrasse, Zollikon
    (47.341500, 8.569600, 417.2),  # Zollikon village
    (47.337300, 8.572600, 419.8),  # Seestrasse, Zollikon south
    (47.332600, 8.574900, 418.6),  # Goldbach
    (47.327200, 8.576800, 421.0),  # Seestrasse, Küsnacht north
    (47.321800, 8.579000, 417.4),  # Küsnacht, Horn
    (47.317200, 8.582700, 416.2),  # Küsnacht centre
    (47.312600, 8.586100, 419.6),  # Seestrasse, Küsnacht south
    (47.307400, 8.589900, 423.8),  # Erlenbach north
    (47.302800, 8.594900, 421.2),  # Erlenbach
    (47.298100, 8.600300, 426.4),  # Seestrasse, Erlenbach south
    (47.293400, 8.606000, 433.0),  # Herrliberg north
    (47.289300, 8.611800, 437.6),  # Herrliberg
    (47.285200, 8.617200, 432.2),  # Seestrasse, Herrliberg south
    (47.280600, 8.623300, 428.4),  # Feldmeilen
    (47.276300, 8.630500, 425.0),  # Seestrasse, Feldmeilen south
    (47.272800, 8.637400, 423.4),  # Meilen west
    (47.269400, 8.643300, 420.2),  # Meilen, ferry landing
]

GARMIN_HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1"
  xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd"
  xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
  xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns2="http://www.garmin.com/xmlschemas/GpxExtensions/v3">"""


def make_lake_ride(out_dir):
    rng = random.Random(8002)
    out_line = Polyline(offset_polyline(LAKE_ROUTE, 3.0))
    back_line = Polyline(offset_polyline(list(reversed(LAKE_ROUTE)), 3.0))
    start = datetime.datetime(2026, 6, 14, 7, 30, 0)
    noise = GpsNoise(rng, sigma=2.0, rho=0.96)
    ele_noise = 0.0
    pts = []
    t = 0
    hr = 100.0
    cad = 72.0
    speed = 4.5
    total = out_line.length + back_line.length
    # slow-downs (traffic lights, bends), distances along the whole ride
    slow = [600, 1700, 3100, 6900, out_line.length - 250, out_line.length + 200,
            out_line.length + 6300, total - 3100, total - 1600, total - 500]
    d = 0.0
    while True:
        if d < out_line.length:
            lat, lon, ele, grade = out_line.at(d)
        else:
            lat, lon, ele, grade = back_line.at(d - out_line.length)
        n, e = noise.step()
        plat, plon = offset_m(lat, lon, n, e)
        ele_noise = 0.9 * ele_noise + rng.gauss(0, 0.15)
        atemp = 18.0 + 4.0 * t / 3900.0
        pts.append((plat, plon, round((ele + ele_noise) * 5) / 5,
                    start + datetime.timedelta(seconds=t),
                    int(round(atemp)), int(round(hr)), int(round(cad))))
        if d >= total:
            break
        # target speed: slower in town (first/last ~2.5 km), faster on Seestrasse
        in_town = d < 2500 or d > total - 2500
        target = 5.6 if in_town else 7.6
        target -= 25.0 * grade  # climbs cost speed, descents help
        for s in slow:
            if abs(d - s) < 60:
                target = 4.2
        speed += 0.15 * (target - speed) + rng.gauss(0, 0.12)
        speed = min(max(speed, 4.0), 9.0)
        d = min(d + speed, total)
        t += 1
        effort = 104 + 9.0 * (speed - 4.0) + 500 * max(grade, 0.0) + 10.0 * t / 3600.0
        hr += 0.04 * (min(effort, 168) - hr) + rng.gauss(0, 0.5)
        hr = min(max(hr, 100.0), 170.0)
        cad += 0.2 * (70 + 3.2 * (speed - 4.0) + 120 * max(grade, 0) - cad) + rng.gauss(0, 1.2)
        cad = min(max(cad, 60.0), 95.0)

    duration = (pts[-1][3] - pts[0][3]).total_seconds()
    lines = [GARMIN_HEADER]
    lines += [
        "  <metadata>",
        '    <link href="connect.garmin.com">',
        "      <text>Garmin Connect</text>",
        "    </link>",
        "    <time>%s</time>" % iso(start, millis=True),
        "  </metadata>",
        "  <trk>",
        "    <name>Zürich Cycling</name>",
        "    <type>cycling</type>",
        "    <trkseg>",
    ]
    for lat, lon, ele, tm, atemp, hr_i, cad_i in pts:
        lines.append('      <trkpt lat="%s" lon="%s">' % (garmin_coord(lat), garmin_coord(lon)))
        lines.append("        <ele>%s</ele>" % garmin_ele(ele))
        lines.append("        <time>%s</time>" % iso(tm, millis=True))
        lines.append("        <extensions>")
        lines.append("          <ns3:TrackPointExtension>")
        lines.append("            <ns3:atemp>%d.0</ns3:atemp>" % atemp)
        lines.append("            <ns3:hr>%d</ns3:hr>" % hr_i)
        lines.append("            <ns3:cad>%d</ns3:cad>" % cad_i)
        lines.append("          </ns3:TrackPointExtension>")
        lines.append("        </extensions>")
        lines.append("      </trkpt>")
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    write(os.path.join(out_dir, "zurich-lake-ride.gpx"), "\n".join(lines))
    return {"points": len(pts), "duration_s": duration, "length_m": total}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(here), help="output folder (default: gpx/)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, fn in [("sf-waterfront-walk.gpx", make_sf_walk),
                     ("xcode-waypoints.gpx", make_xcode),
                     ("route-no-times.gpx", make_route),
                     ("zurich-lake-ride.gpx", make_lake_ride)]:
        info = fn(args.out)
        parts = ["%s=%s" % (k, ("%.0f" % v) if isinstance(v, float) else v) for k, v in info.items()]
        print("%-24s %s" % (name, " ".join(parts)))


if __name__ == "__main__":
    main()
