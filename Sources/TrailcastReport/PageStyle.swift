// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The CSS and the little script every report page carries inline (no network, no files
/// beside it). The script only links the drawing to the event table (hover highlights the
/// row, a click scrolls to it); everything it links is also in `<title>` tooltips, so the
/// page works the same without it and on paper.
enum PageStyle {
    static let css = """
        :root{color-scheme:light;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#24292f;background:#fff}
        body{margin:0 auto;padding:16px 24px 48px;max-width:1008px}
        h1{font-size:22px;margin:8px 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
        h3{font-size:15px;margin:18px 0 6px}
        p.sub{margin:0 0 12px;color:#57606a}
        svg{display:block;width:100%;height:auto;font-size:11px}
        svg text{fill:#24292f}
        .map{border:1px solid #d0d7de;border-radius:6px}
        .cell{fill:#0969da;fill-opacity:.06;stroke:#0969da;stroke-opacity:.45;stroke-width:1}
        .truth polyline{fill:none;stroke:#8c959f;stroke-width:1.5;stroke-dasharray:5 4}
        .route polyline{fill:none;stroke-width:3.5;stroke-linejoin:round;stroke-linecap:round}
        .fix{fill:#1a7f37;stroke:#fff;stroke-width:1}
        .marker text{fill:#fff;text-anchor:middle;font-weight:bold}
        .marker circle{stroke:#fff;stroke-width:1.5}
        .marker{cursor:pointer}
        .label{fill:#57606a;font-size:11px}.tick{fill:#57606a;font-size:10px}
        .grid{stroke:#eaeef2;stroke-width:1}
        .axis line{stroke:#57606a}
        .line-temperature{fill:none;stroke:#cf222e;stroke-width:2}
        .line-apparent{fill:none;stroke:#fb8500;stroke-width:1.5;stroke-dasharray:4 3}
        .wx{fill:#cf222e;fill-opacity:.01;stroke:none}
        .rain{fill:#0969da}
        .legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:8px 0;font-size:13px;color:#424a53}
        .legend span{display:inline-flex;align-items:center;gap:6px}
        .sw{display:inline-block;width:18px;height:6px;border-radius:3px}
        .sw.dash{height:0;border-top:2px dashed #8c959f;border-radius:0}
        .sw.sq{width:12px;height:12px;border:1px solid #0969da;background:rgba(9,105,218,.06);border-radius:0}
        .dot{display:inline-block;width:16px;height:16px;border-radius:8px;color:#fff;font-size:11px;font-weight:bold;text-align:center;line-height:16px}
        table{border-collapse:collapse;font-size:13px;margin:6px 0;width:100%}
        th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
        td.num{text-align:right;font-variant-numeric:tabular-nums}
        td.details{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;word-break:break-all}
        tr.hl td{background:#fff8c5}
        .kv{width:auto}.kv td:first-child{color:#57606a}
        .note{color:#57606a;font-size:13px}
        .pass{color:#1a7f37;font-weight:bold}.fail{color:#cf222e;font-weight:bold}.broken{color:#9a6700;font-weight:bold}
        .scenario{border:1px solid #d0d7de;border-radius:6px;padding:4px 14px 12px;margin:14px 0;break-inside:avoid}
        .scenario.failed{border-color:#cf222e}
        .cols{display:grid;grid-template-columns:1fr 1fr;gap:16px}
        @media (max-width:760px){.cols{grid-template-columns:1fr}}
        @media print{body{max-width:none;padding:0}h2{break-after:avoid}section,figure{break-inside:avoid}.scenario{break-inside:avoid}tr.hl td{background:none}}
        """

    static let script = """
        (function(){
          function row(el){return document.getElementById(el.getAttribute('data-e'));}
          document.querySelectorAll('[data-e]').forEach(function(el){
            el.addEventListener('mouseenter',function(){var r=row(el);if(r)r.classList.add('hl');});
            el.addEventListener('mouseleave',function(){var r=row(el);if(r)r.classList.remove('hl');});
            el.addEventListener('click',function(){var r=row(el);if(r)r.scrollIntoView({block:'center'});});
          });
          document.documentElement.setAttribute('data-report-ready','1');
        })();
        """
}
