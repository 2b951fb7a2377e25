"""What the browser tests of the QR codes share (``e2e/test_qr.py`` in Chromium, ``e2e_engines/test_qr_engines.py``
in WebKitGTK and Firefox): the invitation drawn, a code added to any page, and jsQR reading a canvas back.

Plain strings: each lane hands the JavaScript functions to its own driver (Playwright, WebDriver, puppeteer).
"""

from __future__ import annotations

JOIN = "https://hand-and-foot.example/#join=" + "".join(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[(i * 37 + 11) % 64] for i in range(380)
)
"""An invitation of the size the host makes: a 380-character base64url blob after #join=."""

ADD_CODE = """(text, label) => {
  const box = document.createElement("div");
  box.className = "qr";
  box.dataset.qr = text;
  if (label) box.dataset.qrLabel = label;
  window.__qrAsked = performance.now();
  box.addEventListener("hf-qr-drawn", () => { window.__qrDrawnMs = performance.now() - window.__qrAsked; });
  document.getElementById("boot")?.remove();
  document.body.prepend(box);
  return true;
}"""
"""A ``div.qr[data-qr]`` for ``text`` (``ui/qr.js`` draws it), first in the page."""

JSQR_READ = """async (canvas) => {
  if (!window.jsQR) {
    await new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = "vendor/jsqr/jsQR.js";
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.append(tag);
    });
  }
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const found = window.jsQR(data, canvas.width, canvas.height);
  return found ? found.data : null;
}"""
"""The text jsQR (the app's own copy, ``vendor/jsqr``) reads from a canvas, or null."""

READ_DRAWN = f"""async () => {{
  const svg = document.querySelector(".qr svg");
  const side = Number(svg.dataset.modules);
  const scale = 4;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = side * scale;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.fillStyle = "#000";
  context.fill(new Path2D(svg.querySelector("path").getAttribute("d")));
  return ({JSQR_READ})(canvas);
}}"""
"""What a camera would see, drawn from the page's own SVG path at 4 px a module, read by jsQR."""

READ_PNG = f"""async (png) => {{
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  if ("BarcodeDetector" in window && (await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {{
    const found = await new BarcodeDetector({{ formats: ["qr_code"] }}).detect(image);
    return {{ by: "BarcodeDetector", text: found.length ? found[0].rawValue : null }};
  }}
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext("2d").drawImage(image, 0, 0);
  return {{ by: "jsQR", text: await ({JSQR_READ})(canvas) }};
}}"""
"""A screenshot (PNG, base64) read back: by the browser's BarcodeDetector where it has one, else by jsQR."""

ADD_SCAN_BUTTON = """() => {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "scan-test";
  button.textContent = "Scan the answer";
  button.dataset.scanQr = "";
  document.getElementById("boot")?.remove();
  document.body.prepend(button);
  return true;
}"""
"""A button that opens the scanner (``data-scan-qr``), first in the page."""
