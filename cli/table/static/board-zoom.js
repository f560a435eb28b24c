// meridina table: the board zoomed in on a small screen, as board-game apps do on a phone.
// Where a field is drawn smaller than a finger can hit (40 px) and the screen is narrow or
// touched, a first tap zooms the board in around the tap, inside its frame (the page does
// not move); a tap on a field of the zoomed board is then the page's own click. The zoom
// control, a tap outside the board or Escape zoom back out, and so does the page once the
// piece is placed. On a large screen with a mouse nothing changes: one click picks a field.
"use strict";

window.boardZoom = (frame, board, control) => {
  const SMALLEST = 40; // px: a field smaller than this is zoomed in on
  const AIM = 44; // px: the size a field is zoomed to, at least twice as large
  const MOST = 4; // times: never more than this
  const narrowOrTouched = window.matchMedia("(max-width: 700px), (pointer: coarse)");
  let scale = 1;

  // The size of a field as drawn now, unzoomed; null when the board has no field.
  function fieldSize() {
    const field = board.querySelector("[data-target]");
    if (field === null) return null;
    const drawn = field.getBoundingClientRect();
    return Math.min(drawn.width, drawn.height) / scale;
  }

  function wanted() {
    const size = fieldSize();
    return size !== null && size > 0 && size < SMALLEST && narrowOrTouched.matches;
  }

  function zoomIn(x, y) {
    const size = fieldSize();
    scale = Math.min(MOST, Math.max(2, AIM / size));
    const width = frame.clientWidth;
    const height = frame.clientHeight;
    // the tapped point to the frame's middle, but never past the board's edges
    const left = Math.min(0, Math.max(width - scale * width, width / 2 - scale * x));
    const top = Math.min(0, Math.max(height - scale * height, height / 2 - scale * y));
    board.style.transform = `translate(${left}px, ${top}px) scale(${scale})`;
    frame.dataset.zoom = "in";
    control.hidden = false;
  }

  function zoomOut() {
    if (scale === 1) return;
    scale = 1;
    board.style.transform = "";
    delete frame.dataset.zoom;
    control.hidden = true;
  }

  // Before the page's own listener: the first tap zooms and goes no further.
  frame.addEventListener("click", (event) => {
    if (scale !== 1 || control.contains(event.target) || !wanted()) return;
    event.stopPropagation();
    event.preventDefault();
    const at = frame.getBoundingClientRect();
    zoomIn(event.clientX - at.left, event.clientY - at.top);
  }, true);
  document.addEventListener("click", (event) => {
    if (scale !== 1 && !frame.contains(event.target)) zoomOut();
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") zoomOut();
  });
  control.addEventListener("click", () => zoomOut());
  let width = window.innerWidth; // a phone turned round: the frame is another size
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width) zoomOut();
    width = window.innerWidth;
  });
  control.hidden = true;

  return { out: zoomOut, zoomed: () => scale !== 1 };
};
