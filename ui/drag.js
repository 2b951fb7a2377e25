// Dragging a card of the hand, with a finger or a mouse (pointer events): within the hand to put it
// elsewhere (the player's own order), onto one of our melds, a staged meld or the staging area to
// play it with the cards already selected, or onto the pile to discard it. A press that doesn't move
// past SLOP is a tap, handled as before by the page's click listener; after a drag the click that
// follows is swallowed.
// The drop goes to Python as an "hf-drag" event on #app ({act, arg}: ui/browser/input.py checks both).
// A hand that scrolls (its own box, or the dock beside the table in phone landscape) is marked
// data-scrolls: there a finger swiping up or down the cards scrolls it (touch-action: pan-y), and a
// drag starts with a move across (sideways) or after a long press (the card lifts), in any direction.

const SLOP = 10; // px a press moves before it is a drag
const LONG_PRESS = 350; // ms a finger rests on a card of a scrolling hand before it can be dragged anywhere
const root = document.getElementById("app");
let press = null; // {id, card, index, x, y, ghost, over, touch, armed, timer}

// Mark the hand when it (or the dock it sits in) scrolls, before any finger lands: touch-action is
// read when a touch starts.
function scrollBox(el) {
  return el && el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY);
}
function markScrolling() {
  const hand = root.querySelector(".hand");
  if (!hand) return;
  const scrolls = scrollBox(hand) || scrollBox(hand.closest(".dock"));
  if (scrolls !== hand.hasAttribute("data-scrolls")) hand.toggleAttribute("data-scrolls", scrolls);
}
let marking = 0;
function markSoon() {
  if (!marking) marking = requestAnimationFrame(() => { marking = 0; markScrolling(); });
}
new MutationObserver(markSoon).observe(root, { childList: true, subtree: true });
window.addEventListener("resize", markSoon);

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
  clearTimeout(press.timer);
  press.card.classList.remove("drag-armed");
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
  const hand = card.closest(".hand");
  const touch = event.pointerType !== "mouse" && !!hand && hand.hasAttribute("data-scrolls");
  press = { id: event.pointerId, card, index: card.getAttribute("data-arg"), x: event.clientX, y: event.clientY,
    ghost: null, over: null, touch, armed: !touch, timer: 0 };
  if (touch) {
    const held = press;
    press.timer = setTimeout(() => {
      if (press === held && !held.ghost) { held.armed = true; held.card.classList.add("drag-armed"); }
    }, LONG_PRESS);
  }
});

// A long press on a card of a scrolling hand lifts it: from then on the finger drags it, up and down
// too, instead of scrolling the hand (and the press brings up no menu).
root.addEventListener("touchmove", (event) => {
  if (press && (press.ghost || (press.touch && press.armed)) && event.cancelable) event.preventDefault();
}, { passive: false });
root.addEventListener("contextmenu", (event) => {
  if (cardOf(event.target)) event.preventDefault();
});

root.addEventListener("pointermove", (event) => {
  if (!press || event.pointerId !== press.id) return;
  const dx = event.clientX - press.x, dy = event.clientY - press.y;
  if (!press.ghost) {
    if (Math.hypot(dx, dy) < SLOP) return;
    // A swipe up or down a scrolling hand is the browser's to scroll (it cancels this pointer).
    if (!press.armed && Math.abs(dy) >= Math.abs(dx)) return;
    clearTimeout(press.timer);
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
