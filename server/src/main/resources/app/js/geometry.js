// Page coordinates (see docs/viewer.md): PDF points have their origin at the bottom-left of the page's user space;
// "displayed points" have theirs at the top-left corner of the displayed page (the CropBox turned clockwise by
// /Rotate), x right, y down. The viewer draws in displayed points.

/** PDF point (x, y) of `page` (a Page of GET .../pages) to displayed points [dx, dy]. */
export function toDisplayed(page, x, y) {
  const c = page.crop_box;
  const w = c.x1 - c.x0;
  const h = c.y1 - c.y0;
  const u = x - c.x0;
  const v = y - c.y0;
  switch (page.rotation) {
    case 90: return [v, u];
    case 180: return [w - u, v];
    case 270: return [h - v, w - u];
    default: return [u, h - v];
  }
}

/** Displayed point [dx, dy] back to PDF points [x, y]. */
export function fromDisplayed(page, dx, dy) {
  const c = page.crop_box;
  const w = c.x1 - c.x0;
  const h = c.y1 - c.y0;
  let u;
  let v;
  switch (page.rotation) {
    case 90: v = dx; u = dy; break;
    case 180: u = w - dx; v = dy; break;
    case 270: v = h - dx; u = w - dy; break;
    default: u = dx; v = h - dy;
  }
  return [u + c.x0, v + c.y0];
}

/** A finding's bbox [x0, y0, x1, y1] (PDF points) as a displayed rectangle {x, y, w, h}. */
export function displayedBox(page, bbox) {
  const [ax, ay] = toDisplayed(page, bbox[0], bbox[1]);
  const [bx, by] = toDisplayed(page, bbox[2], bbox[3]);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), w: Math.abs(bx - ax), h: Math.abs(by - ay) };
}
