// QR codes in the page: drawing and scanning (README, "QR codes").
//
// Drawing: every `<div class="qr" data-qr="TEXT">` gets the QR code of TEXT, drawn as SVG by
// Python (ui/qr/, through window.hfQrSvg, which ui/browser/qr.py installs once Python is up). The
// UI re-renders by replacing HTML, so a MutationObserver finds new ones; one seen before Python is
// up is drawn when it says so ("hf-qr-ready").
//
// Scanning: a button with `data-scan-qr` opens the camera in an overlay with a Cancel button and
// reads codes with BarcodeDetector where the browser has it, else with jsQR (vendor/jsqr/, this
// site's own copy, loaded on the first scan without BarcodeDetector). A read closes the camera and
// dispatches `hf-link` on window with the text.

const SCAN_EVERY_MS = 150;
const MAX_LINK = 8192; // a code holds at most 2,953 bytes: anything longer is not one of ours
const MAX_MODULE_PX = 8;
const MAX_SIDE_PX = 480;
const JSQR_URL = new URL("../vendor/jsqr/jsQR.js", import.meta.url).href;

// ---- drawing ----

let pending = false;

// Whole CSS pixels per module, as many as the box allows: every module the same width, so a
// camera sees a regular grid (fractional modules blur at their edges).
function fit(box, svg) {
  const modules = Number(svg.dataset.modules) || 1;
  const room = box.clientWidth || Math.min(window.innerWidth - 32, MAX_SIDE_PX);
  const px = Math.max(1, Math.min(MAX_MODULE_PX, Math.floor(Math.min(room, MAX_SIDE_PX) / modules)));
  svg.setAttribute("width", String(modules * px));
  svg.setAttribute("height", String(modules * px));
  box.dataset.modulePx = String(px);
}

function drawAll() {
  pending = false;
  const draw = window.hfQrSvg;
  if (typeof draw !== "function") return; // Python isn't up yet: "hf-qr-ready" comes later
  for (const box of document.querySelectorAll(".qr[data-qr]")) {
    const text = box.getAttribute("data-qr") || "";
    if (box.dataset.qrDrawn === text && box.firstElementChild) continue;
    let markup;
    try {
      markup = String(draw(text, box.getAttribute("data-qr-label") || ""));
    } catch (err) {
      console.warn("QR code not drawn", err);
      markup = '<p class="qr-problem">The QR code couldn\'t be drawn: send the link instead.</p>';
    }
    box.innerHTML = markup;
    box.dataset.qrDrawn = text;
    const svg = box.querySelector("svg");
    if (svg) fit(box, svg);
    box.dispatchEvent(new CustomEvent("hf-qr-drawn", { bubbles: true }));
  }
}

function schedule() {
  if (pending) return;
  pending = true;
  queueMicrotask(drawAll);
}

new MutationObserver((records) => {
  for (const record of records) {
    if (record.type === "attributes") return schedule();
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      if (node.matches(".qr[data-qr]") || node.querySelector(".qr[data-qr]")) return schedule();
    }
  }
  return undefined;
}).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-qr"] });
document.addEventListener("hf-qr-ready", schedule);
if (document.readyState !== "loading") schedule();
else document.addEventListener("DOMContentLoaded", schedule);

// ---- scanning ----

const SAY = {
  start: "Point the camera at the QR code.",
  starting: "Starting the camera…",
  noCamera: "This browser can't use a camera here. Open the link with the phone's camera app instead, or have it sent as a message.",
  refused: "The camera wasn't allowed. Allow it in the browser's settings, or open the link with the phone's camera app.",
  missing: "No camera was found on this device. Have the link sent as a message instead.",
  failed: "The camera couldn't start. Try again, or open the link with the phone's camera app.",
  noReader: "This browser can't read QR codes here. Open the link with the phone's camera app instead.",
};

let scan = null; // the open overlay's state

function loadJsQR() {
  if (window.jsQR) return Promise.resolve(window.jsQR);
  if (!loadJsQR.promise) {
    loadJsQR.promise = new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = JSQR_URL;
      tag.onload = () => (window.jsQR ? resolve(window.jsQR) : reject(new Error("jsQR missing")));
      tag.onerror = () => {
        loadJsQR.promise = null;
        reject(new Error("jsQR didn't load"));
      };
      document.head.append(tag);
    });
  }
  return loadJsQR.promise;
}

async function makeReader(video) {
  if ("BarcodeDetector" in window) {
    try {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        return async () => {
          const found = await detector.detect(video);
          return found.length ? found[0].rawValue : null;
        };
      }
    } catch (err) {
      console.info("BarcodeDetector unusable, using jsQR", err);
    }
  }
  const jsQR = await loadJsQR();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async () => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: "attemptBoth" });
    return found ? found.data : null;
  };
}

function say(text) {
  if (scan) scan.status.textContent = text;
}

function closeScanner() {
  if (!scan) return;
  const { overlay, stream, opener, timer, madeInert } = scan;
  scan = null;
  clearTimeout(timer);
  if (stream) for (const track of stream.getTracks()) track.stop();
  overlay.remove();
  for (const element of madeInert) element.removeAttribute("inert");
  if (opener && opener.isConnected) opener.focus();
}

function problem(err) {
  const name = err && err.name;
  if (name === "NotAllowedError" || name === "SecurityError") return SAY.refused;
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return SAY.missing;
  return SAY.failed;
}

async function openScanner(opener) {
  if (scan) return;
  const overlay = document.createElement("div");
  overlay.className = "qr-scan";
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-modal", "true");
  overlay.setAttribute("aria-label", "Scan a QR code");
  overlay.innerHTML =
    '<video class="qr-scan-video" playsinline muted></video>' +
    '<p class="qr-scan-status" role="status"></p>' +
    '<button type="button" class="qr-scan-cancel">Cancel</button>';
  document.body.append(overlay);
  const video = overlay.querySelector("video");
  const status = overlay.querySelector(".qr-scan-status");
  // The page behind takes no taps or focus while the camera is open (Tab stays in the overlay).
  const madeInert = [...document.body.children].filter((el) => el !== overlay && !el.hasAttribute("inert"));
  for (const element of madeInert) element.setAttribute("inert", "");
  const mine = { overlay, status, stream: null, opener, timer: 0, madeInert };
  scan = mine;
  overlay.querySelector(".qr-scan-cancel").addEventListener("click", closeScanner);
  overlay.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      closeScanner();
    }
  });
  overlay.querySelector(".qr-scan-cancel").focus();
  const media = navigator.mediaDevices;
  if (!media || typeof media.getUserMedia !== "function") {
    say(SAY.noCamera);
    return;
  }
  say(SAY.starting);
  let stream;
  try {
    stream = await media.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (err) {
    if (scan === mine) say(problem(err));
    return;
  }
  if (scan !== mine) {
    for (const track of stream.getTracks()) track.stop(); // cancelled while the camera started
    return;
  }
  mine.stream = stream;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (err) {
    console.info("video.play", err);
  }
  let read;
  try {
    read = await makeReader(video);
  } catch (err) {
    if (scan === mine) say(SAY.noReader);
    return;
  }
  if (scan !== mine) return;
  say(SAY.start);
  const tick = async () => {
    if (scan !== mine) return;
    let text = null;
    try {
      text = await read();
    } catch (err) {
      text = null; // a frame that isn't ready yet
    }
    if (scan !== mine) return;
    if (typeof text === "string" && text && text.length <= MAX_LINK) {
      closeScanner();
      window.dispatchEvent(new CustomEvent("hf-link", { detail: text }));
      return;
    }
    mine.timer = setTimeout(tick, SCAN_EVERY_MS);
  };
  tick();
}

document.addEventListener(
  "click",
  (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-scan-qr]") : null;
    if (!button || button.disabled) return;
    event.preventDefault();
    openScanner(button);
  },
  true,
);

// For tests and the other modules: what this file offers.
window.hfQr = { drawAll, openScanner, closeScanner };
