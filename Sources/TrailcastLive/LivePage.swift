// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

import TrailcastReport

/// `GET /` of `--serve`: one page, no external scripts, that watches and steers the run
/// from the served origin. The map is the report's own drawing (`GET /map.svg`, the
/// report's `MapView` over what the run has recorded so far, refreshed every two seconds);
/// the page adds only the device's position and accuracy circle, placed with the
/// projection the map carries on its `<svg>`. Beside it: the current authorization,
/// accuracy, app and signal state, the latest weather, the controls (same origin, so
/// ``ControlAccess`` lets them in), and the event log. The stream is the browser's own
/// `EventSource`, which reconnects by itself with `Last-Event-ID`; the page says when it
/// does and checks that no event id is skipped. Its script is `GET /live.js`: nothing
/// inline runs, and no other site may frame the page (``LiveResponder``'s headers).
enum LivePage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <title>Trailcast live</title>
        <style>
        \(ReportCollector.styleSheet)
        .bar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:8px 0;font-size:14px}
        .bar b{font-weight:600}
        #connection.bad{color:#cf222e}#connection.good{color:#1a7f37}
        button,input{font:inherit;font-size:13px}
        #log{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;height:240px;overflow-y:auto;border:1px solid #d0d7de;border-radius:6px;padding:4px 8px;white-space:pre}
        #live-accuracy{fill:#0969da;fill-opacity:.15;stroke:#0969da;stroke-width:1}
        #live-position{fill:#0969da;stroke:#fff;stroke-width:2}
        </style>
        </head>
        <body>
        <h1>Trailcast live <span id="file" class="note"></span></h1>
        <div class="bar">
          <span>stream: <b id="connection">connecting</b></span>
          <span>events: <b id="events">0</b></span>
          <span>locations: <b id="locations">0</b></span>
        </div>
        <div class="bar">
          <span>authorization: <b id="authorization">?</b></span>
          <span>accuracy: <b id="accuracy">?</b></span>
          <span>location services: <b id="services">?</b></span>
          <span>app: <b id="app">foreground</b></span>
          <span>signal: <b id="signal">?</b></span>
          <span>weather: <b id="weather">-</b></span>
        </div>
        <div class="bar">
          <button id="pause" type="button">Pause</button>
          <button id="resume" type="button">Resume</button>
          <label>speed <input id="speed" type="number" min="0.01" step="any" size="6"></label>
          <button id="set-speed" type="button">Set</button>
          <span>run: <b id="run-state">playing</b></span>
          <span id="control-error" class="fail"></span>
        </div>
        <div class="bar" id="changes">
          <span>now:</span>
          <button type="button" data-change="authorization=whenInUse">Allow While Using</button>
          <button type="button" data-change="authorization=always">Allow Always</button>
          <button type="button" data-change="authorization=denied">Deny</button>
          <button type="button" data-change="authorization=notDetermined">Ask Next Time</button>
          <button type="button" data-change="accuracy=reduced">Approximate</button>
          <button type="button" data-change="accuracy=full">Precise</button>
          <button type="button" data-change="services=off">Services off</button>
          <button type="button" data-change="services=on">Services on</button>
          <button type="button" data-change="app=background">Background</button>
          <button type="button" data-change="app=foreground">Foreground</button>
          <button type="button" data-change="signal=lost">Signal lost</button>
          <button type="button" data-change="signal=restored">Signal back</button>
        </div>
        <div id="map"></div>
        <div id="legend"></div>
        <h2>Events</h2>
        <div id="log"></div>
        <script src="live.js"></script>
        </body>
        </html>
        """

    /// `GET /live.js`: the page's script, from the served origin (no inline script, so the
    /// page's Content-Security-Policy can say `script-src 'self'`).
    static let script = """
        "use strict";
        const live = window.trailcastLive = {
          lastId: 0, gaps: 0, reconnects: 0, position: null, source: null, errors: [], mapRefreshes: 0, offMap: 0, offMapAfterRefresh: 0};
        window.addEventListener("error", event => live.errors.push(String(event.message)));
        const $ = id => document.getElementById(id);
        const types = ["start", "authorization", "prompt", "location", "missed", "locationError", "region", "regionError", "visit",
          "pause", "resume", "indicator", "alert", "tap", "places", "weather", "weatherError", "app", "launch", "signal", "control", "call", "end"];

        // Web Mercator, as the report's map projects (TrailcastReport/WebMercator.swift).
        function project(latitude, longitude, data) {
          const clamped = Math.min(Math.max(latitude, -85.051129), 85.051129) * Math.PI / 180;
          const x = (longitude + 180) / 360, y = (1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2;
          return [Number(data.offsetX) + (x - Number(data.minX)) * Number(data.scale), Number(data.offsetY) + (y - Number(data.minY)) * Number(data.scale)];
        }
        // `afterRefresh`: the map was just drawn with the latest position, so the marker is on it.
        function placePosition(afterRefresh) {
          const svg = $("map").querySelector("svg");
          if (!svg || !svg.dataset.scale || !live.position) return;
          let overlay = svg.querySelector("#live-overlay");
          if (!overlay) {
            overlay = document.createElementNS("http://www.w3.org/2000/svg", "g");
            overlay.id = "live-overlay";
            for (const id of ["live-accuracy", "live-position"]) {
              const circle = document.createElementNS("http://www.w3.org/2000/svg", "circle");
              circle.id = id;
              overlay.appendChild(circle);
            }
            svg.appendChild(overlay);
          }
          const p = live.position, [x, y] = project(p.lat, p.lon, svg.dataset);
          const box = svg.viewBox.baseVal;
          if (x < 0 || y < 0 || x > box.width || y > box.height) {
            live.offMap += 1;
            if (afterRefresh) live.offMapAfterRefresh += 1;
            mapStale = true;
            refreshMap();
          }
          const metersPerUnit = 40075016.686 * Math.cos(p.lat * Math.PI / 180);
          const radius = Math.max((p.horizontalAccuracy || 0) / metersPerUnit * Number(svg.dataset.scale), 4);
          for (const [id, r] of [["live-accuracy", radius], ["live-position", 5]]) {
            const circle = svg.querySelector("#" + id);
            circle.setAttribute("cx", x.toFixed(1));
            circle.setAttribute("cy", y.toFixed(1));
            circle.setAttribute("r", r.toFixed(1));
          }
        }
        // The map is fitted to the path so far: a position beyond it asks for the map again at
        // once (which has it), rather than wait for the next refresh with the marker off the map.
        let mapStale = true, mapLoading = false;
        async function refreshMap() {
          if (!mapStale || mapLoading) return;
          mapStale = false;
          mapLoading = true;
          try {
            const answer = await fetch("map.svg");
            if (answer.ok) { $("map").innerHTML = await answer.text(); live.mapRefreshes += 1; placePosition(true); }
            const legend = await fetch("legend");
            if (legend.ok) $("legend").innerHTML = await legend.text();
          } catch (error) { mapStale = true; }
          mapLoading = false;
        }
        setInterval(refreshMap, 2000);

        function log(id, type, data) {
          const line = document.createElement("div");
          const detail = data.change ?? data.to ?? data.message ?? data.condition ?? data.state ?? data.action ?? data.reason ?? data.change ?? data.request ?? "";
          const where = data.lat !== undefined ? ` ${Number(data.lat).toFixed(5)},${Number(data.lon).toFixed(5)}` : "";
          line.textContent = `${id} ${data.t ?? ""} ${type} ${detail}${where}`;
          line.className = "entry entry-" + type;
          const box = $("log");
          box.prepend(line);
          while (box.childElementCount > 300) box.lastElementChild.remove();
        }
        function heard(type, event) {
          const id = Number(event.lastEventId), data = JSON.parse(event.data);
          if (live.lastId && id !== live.lastId + 1) live.gaps += 1;
          live.lastId = id;
          $("events").textContent = id;
          mapStale = true;
          switch (type) {
          case "start": $("file").textContent = data.file ?? ""; break;
          case "authorization":
            $("authorization").textContent = data.to; $("accuracy").textContent = data.accuracy;
            $("services").textContent = data.servicesEnabled ? "on" : "off"; break;
          case "location":
            live.position = data; $("locations").textContent = Number($("locations").textContent) + 1; placePosition(); break;
          case "app": $("app").textContent = data.state; break;
          case "signal": $("signal").textContent = data.state; break;
          case "weather": $("weather").textContent = `${data.condition ?? ""} ${data.temperatureCelsius ?? ""} °C`; break;
          case "control":
            $("run-state").textContent = data.paused ? "paused" : "playing"; $("speed").value = data.multiplier; break;
          case "end": $("connection").textContent = "run ended"; live.source.close(); break;
          }
          if (type === "location" && $("signal").textContent === "?") $("signal").textContent = "restored";
          log(id, type, data);
        }
        // `from`: reopen after this event (a reconnect of the page's own, `?lastEventId=`); the
        // browser's automatic reconnects send `Last-Event-ID` by themselves.
        function connect(from) {
          const source = new EventSource(from ? `events?lastEventId=${from}` : "events");
          live.source = source;
          let broken = false;
          source.onopen = () => {
            if (broken || from) {
              live.reconnects += 1;
              $("connection").textContent = `reconnected after event ${live.lastId}`;
            } else {
              $("connection").textContent = "connected";
            }
            $("connection").className = "good";
          };
          source.onerror = () => {
            if (source.readyState === EventSource.CLOSED) return;
            broken = true;
            $("connection").textContent = `reconnecting after event ${live.lastId}`;
            $("connection").className = "bad";
          };
          for (const type of types) source.addEventListener(type, event => heard(type, event));
        }
        // Drops the connection and opens a new one from the last event seen.
        live.reconnect = () => { live.source.close(); connect(live.lastId); };
        connect(0);
        fetch("health").then(answer => answer.json()).then(health => {
          $("speed").value = health.multiplier;
          $("run-state").textContent = health.ended ? "ended" : health.paused ? "paused" : "playing";
        }, () => {});

        async function control(path) {
          $("control-error").textContent = "";
          try {
            const answer = await fetch(path, {method: "POST"});
            if (!answer.ok) $("control-error").textContent = (await answer.json()).error ?? answer.status;
          } catch (error) { $("control-error").textContent = String(error); }
        }
        $("pause").onclick = () => control("pause");
        $("resume").onclick = () => control("resume");
        $("set-speed").onclick = () => control("speed?multiplier=" + encodeURIComponent($("speed").value));
        for (const button of document.querySelectorAll("#changes button")) {
          button.onclick = () => control("event?change=" + encodeURIComponent(button.dataset.change));
        }
        """
}
