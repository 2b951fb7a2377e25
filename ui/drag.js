// Dragging a card of the hand, with a finger or a mouse (pointer events): within the hand to put it
// elsewhere (the player's own order), onto one of our melds, a staged meld or the staging area to
// play it with the cards already selected, or onto the pile to discard it. A press that doesn't move
// past SLOP is a tap, handled as before by the page's click listener; after a drag the click that
// follows is swallowed.
// The drop goes to Python as an "hf-drag" event on #app ({act, arg}: ui/browser/input.py checks both).

const SLOP = 10; // px a press moves before it is a drag
const root = document.getElementById("app");
let press = null; // {id, card, index, x, y, ghost, over}

function cardOf(target) {
  const card = target && target.closest ? target.closest('.hand button.card[data-act="card"]') : null;
  return card && root.contains(card) ? card : null;
}

// Where the pointer is over: a card of the hand, one of our melds, a staged meld, the staging area.
function dropAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el || !root.contains(el)) return null;
  const card = cardOf(el);
  if (card) return { el: card, act: "move-card", to: card.getAttribute("data-arg") };
  const hand = el.closest(".hand");
  if (hand) return { el: hand, act: "move-card", to: String(hand.querySelectorAll("button.card").length - 1) };
  const meld = el.closest('.team.us button[data-act="meld"]');
  if (meld && !meld.disabled) return { el: meld, act: "drop", to: "meld " + meld.getAttribute("data-arg") };
  const staged = el.closest('button[data-act="staged"]');
  if (staged) return { el: staged, act: "drop", to: "staged " + staged.getAttribute("data-arg") };
  const pile = el.closest(".pile");
  if (pile) return { el: pile, act: "drop", to: "discard 0" };
  const area = el.closest(".staging, .staged-preview, .team.us");
  if (area) return { el: area, act: "drop", to: "new-meld 0" };
  return null;
}

function mark(over) {
  if (press.over && press.over.el !== (over && over.el)) press.over.el.classList.remove("drop-over");
  if (over) over.el.classList.add("drop-over");
  press.over = over;
}

function end() {
  if (!press) return;
  if (press.ghost) press.ghost.remove();
  if (press.card) press.card.classList.remove("drag-source");
  if (press.over) press.over.el.classList.remove("drop-over");
  document.body.classList.remove("dragging");
  press = null;
}

root.addEventListener("pointerdown", (event) => {
  if (event.button !== 0 || press) return;
  const card = cardOf(event.target);
  if (!card || card.disabled || root.hasAttribute("inert")) return;
  press = { id: event.pointerId, card, index: card.getAttribute("data-arg"), x: event.clientX, y: event.clientY,
    ghost: null, over: null };
});

root.addEventListener("pointermove", (event) => {
  if (!press || event.pointerId !== press.id) return;
  const dx = event.clientX - press.x, dy = event.clientY - press.y;
  if (!press.ghost) {
    if (Math.hypot(dx, dy) < SLOP) return;
    const r = press.card.getBoundingClientRect();
    const ghost = press.card.cloneNode(true);
    ghost.removeAttribute("data-act");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("drag-ghost");
    ghost.style.width = r.width + "px";
    ghost.style.height = r.height + "px";
    press.dx = press.x - r.left;
    press.dy = press.y - r.top;
    document.body.appendChild(ghost);
    press.ghost = ghost;
    press.card.classList.add("drag-source");
    document.body.classList.add("dragging");
    try { press.card.setPointerCapture(event.pointerId); } catch (e) { /* the card was redrawn */ }
  }
  press.ghost.style.left = event.clientX - press.dx + "px";
  press.ghost.style.top = event.clientY - press.dy + "px";
  mark(dropAt(event.clientX, event.clientY));
  event.preventDefault();
});

root.addEventListener("pointerup", (event) => {
  if (!press || event.pointerId !== press.id) return;
  if (!press.ghost) { press = null; return; } // a tap: the click follows as before
  const over = dropAt(event.clientX, event.clientY);
  const from = press.index;
  end();
  // The click this release makes (it comes before any timer) is not a tap on a card; the drop is
  // handled after it, so a redraw can't lose it, and the next tap is a tap again.
  const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
  window.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => {
    window.removeEventListener("click", swallow, { capture: true });
    if (over && !(over.act === "move-card" && over.to === from)) {
      const arg = over.act === "move-card" ? from + "-" + over.to : from + " " + over.to;
      root.dispatchEvent(new CustomEvent("hf-drag", { detail: { act: over.act, arg } }));
    }
    document.body.dataset.drags = String(Number(document.body.dataset.drags || 0) + 1); // drags done
  }, 0);
});

root.addEventListener("pointercancel", (event) => {
  if (press && event.pointerId === press.id) end();
});
