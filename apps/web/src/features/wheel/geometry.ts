/**
 * Where the wheel stops. Segment i spans [i·s, (i+1)·s) degrees clockwise from the pointer at the top
 * (s = 360 / n); a rotation of r degrees (clockwise) puts the disc's angle −r under the pointer.
 */
export const segmentDegrees = (n: number) => 360 / n;

const mod360 = (deg: number) => ((deg % 360) + 360) % 360;

/** The rotation (0 ≤ r < 360) that puts the middle of segment `index` under the pointer. */
export function restingRotation(index: number, n: number): number {
  return mod360(-(index + 0.5) * segmentDegrees(n));
}

/** A rotation past `current` by at least `turns` whole turns that stops on segment `index`. */
export function nextRotation(current: number, index: number, n: number, turns = 6): number {
  const target = restingRotation(index, n);
  const base = current - mod360(current) + turns * 360;
  return base + target;
}

/** The segment under the pointer at rotation `rotation`. */
export function indexUnderPointer(rotation: number, n: number): number {
  return Math.floor(mod360(-rotation) / segmentDegrees(n)) % n;
}

/** A point at `radius` on the ray `deg` degrees clockwise from the top (SVG coordinates, y down). */
export function polar(deg: number, radius: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [radius * Math.sin(rad), -radius * Math.cos(rad)];
}

/** The SVG path of segment `index` of `n` on a disc of `radius` centred at 0,0. */
export function segmentPath(index: number, n: number, radius: number): string {
  const s = segmentDegrees(n);
  const [x0, y0] = polar(index * s, radius);
  const [x1, y1] = polar((index + 1) * s, radius);
  const large = s > 180 ? 1 : 0;
  const f = (v: number) => v.toFixed(3);
  return `M0 0L${f(x0)} ${f(y0)}A${radius} ${radius} 0 ${large} 1 ${f(x1)} ${f(y1)}Z`;
}
