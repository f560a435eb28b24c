// meridina table: the board zoomed in on a small screen, as board-game apps do on a phone.
// Where a field is drawn smaller than a finger can hit (40 px) and the screen is narrow or
// touched, a first tap zooms the board in around the tap, inside its frame (the page does
// not move); a tap on a field of the zoomed board is then the page's own click. The zoom
// control, a tap outside the board or Escape zoom back out, and so does the page once the
// piece is placed. A finger (or the mouse) dragged over the zoomed board moves it. On a
// large screen with a mouse nothing changes: one click picks a field.
"use strict";

window.boardZoom = (frame, board, control) => {
  const SMALLEST = 40; // px: a field smaller than this is zoomed in on
  const AIM = 44; // px: the size a field is zoomed to, at least twice as large
  const MOST = 4; // times: never more than this
  const narrowOrTouched = window.matchMedia("(max-width: 700px), (pointer: coarse)");
  let scale = 1;
  let left = 0; // px: where the zoomed board's corner is in its frame
  let top = 0;
  let drag = null; // a drag under way: where it started, and where the board was then
  let dragged = false; // the click that ends a drag picks nothing

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

  // The zoomed board's corner at (x, y), but never so far that its edge leaves the frame's.
  function moveTo(x, y) {
    left = Math.min(0, Math.max(frame.clientWidth * (1 - scale), x));
    top = Math.min(0, Math.max(frame.clientHeight * (1 - scale), y));
    board.style.transform = `translate(${left}px, ${top}px) scale(${scale})`;
  }

  function zoomIn(x, y) {
    scale = Math.min(MOST, Math.max(2, AIM / fieldSize()));
    moveTo(frame.clientWidth / 2 - scale * x, frame.clientHeight / 2 - scale * y); // the tap to the middle
    frame.dataset.zoom = "in";
    control.hidden = false;
  }

  function zoomOut() {
    if (scale === 1) return;
    scale = 1;
    drag = null;
    delete frame.dataset.moving;
    board.style.transform = "";
    delete frame.dataset.zoom;
    control.hidden = true;
  }

  frame.addEventListener("pointerdown", (event) => {
    dragged = false; // a touch drag ends with no click: the next tap is a tap
    if (scale === 1 || control.contains(event.target)) return;
    if (drag !== null && drag.id !== event.pointerId) return; // a second finger: not a drag
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY, left, top, moved: false };
  });
  const dropped = (event) => {
    if (drag === null || event.pointerId !== drag.id) return;
    dragged = drag.moved;
    drag = null;
    delete frame.dataset.moving;
  };
  frame.addEventListener("pointermove", (event) => {
    if (drag === null || event.pointerId !== drag.id) return;
    if (event.buttons === 0) { // the mouse let go outside the frame
      dropped(event);
      return;
    }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    drag.moved = drag.moved || Math.hypot(dx, dy) > 8; // a tap wobbles less than that
    if (drag.moved) {
      frame.dataset.moving = "yes"; // no easing while the board follows the finger
      moveTo(drag.left + dx, drag.top + dy);
    }
  });
  frame.addEventListener("pointerup", dropped);
  frame.addEventListener("pointercancel", dropped);

  // Before the page's own listener: the first tap zooms and goes no further, nor does the
  // click that ends a drag.
  frame.addEventListener("click", (event) => {
    if (dragged) {
      dragged = false;
      event.stopPropagation();
      return;
    }
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

  return { out: zoomOut };
};
