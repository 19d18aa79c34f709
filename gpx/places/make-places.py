#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Writes the sample places along the San Francisco waterfront walk, for the places app:
sf-clinics.geojson, sf-clinics.csv and sf-clinics.gpx (the same 37 places three ways).

    python3 gpx/places/make-places.py

Each place sits beside the walk (every 50th track point, 40 to 250 m to one side or the
other, a seeded choice), named like the vaccination centres and pharmacies of the
neighbourhoods the walk passes. Deterministic: the same files every time."""
import json
import math
import os
import random
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
WALK = os.path.join(HERE, "..", "sf-waterfront-walk.gpx")
NS = {"g": "http://www.topografix.com/GPX/1/1"}

AREAS = ["Embarcadero", "Ferry Building", "Pier 9", "Telegraph Hill", "Levi's Plaza", "Pier 23",
         "North Beach", "Pier 39", "Fisherman's Wharf", "Aquatic Park", "Russian Hill", "Fort Mason",
         "Marina Green", "Cow Hollow", "Palace of Fine Arts", "Crissy Field", "Presidio", "Letterman"]
KINDS = ["Vaccination Centre", "Community Clinic", "Pharmacy", "Health Center"]


def main():
    random.seed(13)
    points = [(float(p.get("lat")), float(p.get("lon"))) for p in ET.parse(WALK).getroot().iterfind(".//g:trkpt", NS)]
    places = []
    for number, index in enumerate(range(0, len(points) - 1, 50)):
        (lat, lon), (next_lat, next_lon) = points[index], points[index + 1]
        # A step to the side of the walk's direction there.
        dx, dy = (next_lon - lon) * math.cos(math.radians(lat)), next_lat - lat
        length = math.hypot(dx, dy) or 1.0
        side = random.choice([-1, 1]) * random.uniform(40, 250) / 111_320
        lat += side * dx / length
        lon -= side * dy / length / math.cos(math.radians(lat))
        name = f"{AREAS[number * len(AREAS) // 37]} {KINDS[number % len(KINDS)]}"
        if any(p["name"] == name for p in places):
            name += f" {number}"
        places.append({"name": name, "lat": round(lat, 6), "lon": round(lon, 6)})

    with open(os.path.join(HERE, "sf-clinics.geojson"), "w") as out:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [p["lon"], p["lat"]]}, "properties": {"name": p["name"]}}
            for p in places]}, out, indent=1)
        out.write("\n")
    with open(os.path.join(HERE, "sf-clinics.csv"), "w") as out:
        out.write("name,lat,lon\n")
        for p in places:
            name = f'"{p["name"]}"' if "," in p["name"] or '"' in p["name"] else p["name"]
            out.write(f"{name},{p['lat']},{p['lon']}\n")
    with open(os.path.join(HERE, "sf-clinics.gpx"), "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="make-places.py" xmlns="http://www.topografix.com/GPX/1/1">\n')
        for p in places:
            name = p["name"].replace("&", "&amp;").replace("'", "&apos;")
            out.write(f'  <wpt lat="{p["lat"]}" lon="{p["lon"]}"><name>{name}</name></wpt>\n')
        out.write("</gpx>\n")
    print(f"{len(places)} places")


main()
