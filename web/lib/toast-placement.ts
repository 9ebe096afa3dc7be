/**
 * Where a toast goes: the first spot, in order of preference, where it hides none of the controls on
 * screen. No one spot is free on every page (issue 12): at the top right it covers the header's search
 * and menu buttons; at the bottom the gate's Continue, the facts' links and the panels' last rows;
 * directly below the phone's header the script page's Get Script. So the choice is made per toast,
 * from the page as it is when the toast appears. Loaded with sonner, on the first toast.
 */

export type ToastPosition = 'top-center' | 'bottom-center' | 'top-right' | 'bottom-right' | 'top-left' | 'bottom-left';

export interface Placement {
  position: ToastPosition;
  /** Distance of a top toast from the viewport's top: below the sticky site header, if there is one. */
  top: number;
}

/** Space between a toast and the viewport's edge or the header. */
export const EDGE = 16;
/** sonner's layout (sonner 2): toast width, offsets from the sides, phone breakpoint, text metrics. */
const TOAST_WIDTH = 356;
const SIDE_OFFSET = 24;
const PHONE_SIDE_OFFSET = 16;
const PHONE_QUERY = '(max-width: 600px)';
const FONT = '500 13px ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const LINE_HEIGHT = 19.5;
/** Border, padding, icon and gap around the text, across and down. */
const CHROME_WIDTH = 57;
const CHROME_HEIGHT = 34;
/** Room kept around the estimated box; more at the top left, where the close button pokes out. */
const MARGIN = 4;
const CLOSE_BUTTON_OUTSET = 8;

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
const TOASTER = '[data-sonner-toaster]';

const PHONE_ORDER: ToastPosition[] = ['top-center', 'bottom-center'];
const WIDE_ORDER: ToastPosition[] = ['top-center', 'bottom-center', 'top-right', 'bottom-right', 'top-left', 'bottom-left'];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The bottom of the sticky (or fixed) header pinned to the viewport's top; 0 without one. */
function headerBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    const { position } = getComputedStyle(header);
    if (position !== 'sticky' && position !== 'fixed') continue;
    const box = header.getBoundingClientRect();
    if (box.top <= 0 && box.bottom > bottom) bottom = box.bottom;
  }
  return Math.ceil(bottom);
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** The toast's height for this message at this width: one line of text or more. */
function toastHeight(message: string, width: number): number {
  canvas ??= document.createElement('canvas').getContext('2d');
  let textWidth = message.length * 7;
  if (canvas) {
    canvas.font = FONT;
    textWidth = canvas.measureText(message).width;
  }
  // Wrapping at word boundaries wastes part of each line.
  const lines = Math.max(1, Math.ceil((textWidth * 1.1) / (width - CHROME_WIDTH)));
  return CHROME_HEIGHT + lines * LINE_HEIGHT;
}

/** The box a toast of this height would take at this position (as sonner's stylesheet lays it out). */
function boxAt(position: ToastPosition, top: number, height: number, phone: boolean): Box {
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = document.documentElement.clientHeight;
  const [y, x] = position.split('-');
  let left: number;
  let right: number;
  if (phone) {
    left = PHONE_SIDE_OFFSET;
    right = viewportWidth - PHONE_SIDE_OFFSET;
  } else {
    left = x === 'left' ? SIDE_OFFSET : x === 'right' ? viewportWidth - SIDE_OFFSET - TOAST_WIDTH : viewportWidth / 2 - TOAST_WIDTH / 2;
    right = left + TOAST_WIDTH;
  }
  const bottomOffset = phone ? PHONE_SIDE_OFFSET : SIDE_OFFSET;
  const boxTop = y === 'top' ? top : viewportHeight - bottomOffset - height;
  return { left: left - CLOSE_BUTTON_OUTSET, right: right + MARGIN, top: boxTop - CLOSE_BUTTON_OUTSET, bottom: boxTop + height + MARGIN };
}

/** The topmost element at a point, toasts left out (a toast on screen is about to go). */
function topmostAt(x: number, y: number): Element | undefined {
  return document.elementsFromPoint(x, y).find((element) => !element.closest(TOASTER));
}

/**
 * How many controls the box would hide: controls with a visible part inside it. Points of the overlap
 * are hit-tested, so a control under a modal's overlay or scrolled under the header does not count.
 */
export function hiddenControls(box: Box): number {
  let hidden = 0;
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (control.closest(TOASTER)) continue;
    const rect = control.getBoundingClientRect();
    const left = Math.max(rect.left, box.left, 0);
    const right = Math.min(rect.right, box.right, document.documentElement.clientWidth);
    const top = Math.max(rect.top, box.top, 0);
    const bottom = Math.min(rect.bottom, box.bottom, document.documentElement.clientHeight);
    if (right - left < 1 || bottom - top < 1) continue;
    const points = [0.1, 0.5, 0.9].flatMap((fx) => [0.1, 0.5, 0.9].map((fy) => [left + (right - left) * fx, top + (bottom - top) * fy] as const));
    if (points.some(([x, y]) => control.contains(topmostAt(x, y) ?? null))) hidden += 1;
  }
  return hidden;
}

/** The first position, in order of preference, where a toast with this message hides no control. */
export function choosePlacement(message: string): Placement {
  const phone = window.matchMedia(PHONE_QUERY).matches;
  const top = headerBottom() + EDGE;
  const width = phone ? document.documentElement.clientWidth - 2 * PHONE_SIDE_OFFSET : TOAST_WIDTH;
  const height = toastHeight(message, width);
  let best: { position: ToastPosition; hidden: number } | undefined;
  for (const position of phone ? PHONE_ORDER : WIDE_ORDER) {
    const hidden = hiddenControls(boxAt(position, top, height, phone));
    if (hidden === 0) return { position, top };
    if (!best || hidden < best.hidden) best = { position, hidden };
  }
  return { position: best?.position ?? 'top-center', top };
}
