// Registers the service worker and exposes the "update available" flow to the page.
// A new worker waits; the page saves the game, then calls window.hfApplyUpdate().
const sw = navigator.serviceWorker;
let registration = null;
let reloading = false;

function announceUpdate() {
  document.body.dataset.updateAvailable = "1";
  document.dispatchEvent(new CustomEvent("hf-update-available"));
}

function watch(reg, worker) {
  worker.addEventListener("statechange", () => {
    // "installed" while this registration has an active worker: a newer version waits behind it.
    // (The page's controller alone is not enough: a page at another path, "//" say, makes a
    // registration of its own, whose first worker installs with no version to update.)
    if (worker.state === "installed" && reg.active) announceUpdate();
  });
}

window.hfApplyUpdate = () => {
  const waiting = registration && registration.waiting;
  if (!waiting) return false;
  sw.addEventListener("controllerchange", () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  waiting.postMessage({ type: "SKIP_WAITING" });
  return true;
};

function register() {
  sw.register("./service-worker.js", { updateViaCache: "none" }).then((reg) => {
    if (!reg) return; // service workers blocked (a browser setting)
    registration = reg;
    if (reg.waiting && reg.active) announceUpdate();
    if (reg.installing) watch(reg, reg.installing);
    reg.addEventListener("updatefound", () => watch(reg, reg.installing));
  }, (err) => console.warn("Service worker not registered:", err));
}

// Register once the Python app is ready, so caching every file does not slow the first boot.
function whenReady(callback) {
  if (document.body.dataset.ready === "1") return callback();
  const observer = new MutationObserver(() => {
    if (document.body.dataset.ready !== "1") return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

if (sw) whenReady(register);
