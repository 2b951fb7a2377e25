// A box that scrolls on the table (a side's melds, or the other sides' boxes, when the board runs short of
// room on a phone; a long note over the hand) shows that it does: its edge fades where there is more above
// or below. A row of chips cut in half at a hard edge read as the whole of a side's melds (QA at 360x740,
// six players and the knee game). The box is marked data-more="up" | "down" | "both" (ui/table.css draws
// the fade); nothing else changes.
const root = document.getElementById("app");
const BOXES = ".team > .melds, .board > .r-them, .r-prompt > .note";

function mark(box) {
  const room = box.scrollHeight - box.clientHeight;
  const up = room > 1 && box.scrollTop > 1;
  const down = room > 1 && box.scrollTop < room - 1;
  const more = up && down ? "both" : up ? "up" : down ? "down" : "";
  if ((box.dataset.more || "") === more) return;
  if (more) box.dataset.more = more;
  else delete box.dataset.more;
}

let frame = 0;
function markAll() {
  frame = 0;
  root.querySelectorAll(BOXES).forEach(mark);
}
function markSoon() {
  if (!frame) frame = requestAnimationFrame(markAll);
}
new MutationObserver(markSoon).observe(root, { childList: true, subtree: true });
window.addEventListener("resize", markSoon);
// Scrolling doesn't bubble: caught on its way down to the box.
root.addEventListener("scroll", (event) => {
  const box = event.target;
  if (box instanceof Element && box.matches(BOXES)) mark(box);
}, { capture: true, passive: true });
