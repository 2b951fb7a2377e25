// The score pad's fields, as a player taps and types in them (QA in WebKit and Firefox at 390x844).
//
// 1. Redrawn in place: every number taken redraws the pad (its totals change), and a redraw by innerHTML
//    replaced every field, so the field just tapped was gone before it took the focus (a second tap was
//    needed, and a phone's keyboard closed after each number). ui/browser/page.py hands a region holding
//    pad fields to hfMorph instead: elements that are the same tag (and id) in the new HTML are kept and
//    brought up to date; the rest is replaced. The focused field keeps what is typed in it.
// 2. A tapped number is selected whole: tapping "0" and typing 345 entered 3450 (the caret landed before
//    the 0), and 40 then 5 gave 540.

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  return a.nodeType !== Node.ELEMENT_NODE || (a.id || "") === (b.id || "");
}

function update(live, next) {
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
    return;
  }
  for (const { name } of [...live.attributes]) {
    if (!next.hasAttribute(name)) live.removeAttribute(name);
  }
  for (const { name, value } of [...next.attributes]) {
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  const olds = [...live.childNodes];
  const news = [...next.childNodes];
  news.forEach((node, i) => {
    const old = olds[i];
    if (old && sameKind(old, node)) update(old, node);
    else if (old) live.replaceChild(node, old);
    else live.appendChild(node);
  });
  olds.slice(news.length).forEach((node) => node.remove());
  // What the field shows: its new value attribute (the value kept), except in the field being typed in.
  if (live === document.activeElement) return;
  if (live.tagName === "INPUT" || live.tagName === "TEXTAREA") {
    if (live.type === "checkbox" || live.type === "radio") live.checked = live.defaultChecked;
    else if (live.value !== live.defaultValue) live.value = live.defaultValue;
  } else if (live.tagName === "SELECT") {
    for (const option of live.options) option.selected = option.defaultSelected;
  }
}

// The region keeps its own attributes (id, class): only its content comes from the HTML.
window.hfMorph = (element, html) => {
  const next = element.cloneNode(false);
  next.innerHTML = html;
  update(element, next);
};

const NUMBER_FIELD = "input[data-pad][inputmode=numeric]";
const justFocused = new WeakSet();

// Only before the first key: a number being typed is never selected from under the player.
function selectWhole(field) {
  if (!justFocused.has(field) || document.activeElement !== field) return;
  if (field.selectionStart === field.selectionEnd) field.select();
}

document.addEventListener("focusin", (event) => {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || !field.matches(NUMBER_FIELD)) return;
  justFocused.add(field);
  setTimeout(() => selectWhole(field), 0); // reached by Tab, or focused by a tap that is over already
});
// A tap places the caret after the focus (on its mouseup): the click that ends the tap selects again, once.
document.addEventListener("click", (event) => {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || !justFocused.has(field)) return;
  selectWhole(field);
  justFocused.delete(field);
}, true);
for (const type of ["keydown", "input", "focusout"]) {
  document.addEventListener(type, (event) => justFocused.delete(event.target), true);
}
