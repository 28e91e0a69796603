/**
 * Generates the site's original demo illustrations (no downloaded or hot-linked images).
 *
 * Every picture is drawn as SVG from shared building blocks (sky, sun, clouds, waves,
 * yacht, crew figures, spray, grain) and rendered with sharp into public/images/ as
 * AVIF + WebP at several widths, plus public/images/manifest.json describing them.
 * Also writes public/favicon.svg and public/apple-touch-icon.png.
 *
 *   npx tsx scripts/make-images.ts                    # everything
 *   npx tsx scripts/make-images.ts --only=hero,crew   # a subset (manifest keeps other entries)
 *   npx tsx scripts/make-images.ts --preview=/tmp/p   # also write 1280px PNG previews
 *
 * Output is deterministic: every picture uses its own seeded random generator.
 */
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/* ------------------------------------------------------------------ palette */

const C = {
  navy: "#0b1f33",
  ocean: "#0e4a6e",
  teal: "#1f7a8c",
  foam: "#bfdbf7",
  white: "#ffffff",
  orange: "#f26b38",
} as const;

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, "0")).join("")}`;
}

/** Linear blend of two hex colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/* ------------------------------------------------------------------ basics */

type Rng = () => number;

/** mulberry32: tiny deterministic PRNG. */
function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: Rng, lo: number, hi: number): number => lo + (hi - lo) * r();

type Pt = [number, number];

const n1 = (v: number): string => String(Math.round(v * 10) / 10);
const P = ([x, y]: Pt): string => `${n1(x)},${n1(y)}`;
const polyline = (pts: Pt[]): string => pts.map((p, i) => `${i ? "L" : "M"}${P(p)}`).join("");

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
function smooth(pts: Pt[], closed = false): string {
  const n = pts.length;
  const at = (i: number): Pt => (closed ? pts[(i + n) % n] : pts[Math.max(0, Math.min(n - 1, i))]);
  let d = `M${P(pts[0])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${P(c1)} ${P(c2)} ${P(p2)}`;
  }
  return closed ? `${d}Z` : d;
}

function cubicAt(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
}

const lerpPt = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? n1(v) : v}"`)
    .join("");
}

const el = (tag: string, a: Attrs, inner?: string): string =>
  inner === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${inner}</${tag}>`;

const g = (a: Attrs, ...children: string[]): string => el("g", a, children.join(""));

type Stop = [offset: number, color: string, opacity?: number];

const stopsXml = (stops: Stop[]): string =>
  stops.map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op })).join("");

/** A picture under construction: collects defs and body, hands out unique ids. */
class Scene {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private counter = 0;
  readonly rand: Rng;

  constructor(
    readonly w: number,
    readonly h: number,
    seed: number,
  ) {
    this.rand = makeRng(seed);
  }

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(xml: string): void {
    this.defs.push(xml);
  }

  add(...xml: string[]): void {
    this.body.push(...xml);
  }

  /** Linear gradient; coordinates in user space unless `box` is set. Returns `url(#id)`. */
  linear(stops: Stop[], x1: number, y1: number, x2: number, y2: number, box = false): string {
    const id = this.id("lg");
    this.def(
      el(
        "linearGradient",
        { id, x1, y1, x2, y2, gradientUnits: box ? "objectBoundingBox" : "userSpaceOnUse" },
        stopsXml(stops),
      ),
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx: number, cy: number, r: number, sy = 1): string {
    const id = this.id("rg");
    const transform = sy === 1 ? undefined : `translate(0 ${n1(cy)}) scale(1 ${sy}) translate(0 ${n1(-cy)})`;
    this.def(
      el("radialGradient", { id, cx, cy, r, gradientUnits: "userSpaceOnUse", gradientTransform: transform }, stopsXml(stops)),
    );
    return `url(#${id})`;
  }

  blur(sd: number): string {
    const id = this.id("bl");
    this.def(el("filter", { id, x: "-50%", y: "-50%", width: "200%", height: "200%" }, el("feGaussianBlur", { stdDeviation: sd })));
    return `url(#${id})`;
  }

  clip(inner: string): string {
    const id = this.id("cp");
    this.def(el("clipPath", { id }, inner));
    return `url(#${id})`;
  }

  svg(outWidth: number): string {
    const outHeight = Math.round((outWidth * this.h) / this.w);
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${this.w} ${this.h}">` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

/* ------------------------------------------------------------------ shared pieces */

/** Full-frame sky gradient, top to bottom. */
function sky(s: Scene, stops: Stop[], bottom = s.h): void {
  s.add(el("rect", { width: s.w, height: bottom, fill: s.linear(stops, 0, 0, 0, bottom) }));
}

/** Sun disc with soft glow. */
function sun(s: Scene, cx: number, cy: number, r: number, core: string, glow: string, glowR = r * 6, glowOpacity = 0.55): void {
  s.add(
    el("circle", {
      cx,
      cy,
      r: glowR,
      fill: s.radial([[0, glow, glowOpacity], [0.35, glow, glowOpacity * 0.35], [1, glow, 0]], cx, cy, glowR),
    }),
    el("circle", { cx, cy, r, fill: s.radial([[0, C.white], [0.55, core], [1, core, 0.9]], cx, cy, r) }),
  );
}

/** Puffy cloud made of overlapping ellipses on a flat base, shaded top to bottom. */
function cloud(s: Scene, cx: number, cy: number, w: number, h: number, top: string, bottom: string, opacity = 1): void {
  const r = s.rand;
  const fill = s.linear([[0, top], [1, bottom]], 0, cy - h, 0, cy);
  const parts: string[] = [el("ellipse", { cx, cy: cy - h * 0.18, rx: w / 2, ry: h * 0.2 })];
  const bumps = 4 + Math.floor(r() * 3);
  for (let i = 0; i < bumps; i++) {
    const t = (i + 0.5) / bumps;
    const bx = cx - w / 2 + w * t + between(r, -w * 0.04, w * 0.04);
    const peak = Math.sin(Math.PI * t) * 0.75 + 0.25;
    const br = h * between(r, 0.32, 0.46) * peak + h * 0.12;
    parts.push(el("circle", { cx: bx, cy: cy - br * 0.95 - h * 0.1, r: br }));
  }
  const clipId = s.clip(el("rect", { x: cx - w, y: cy - h * 2, width: w * 2, height: h * 2 }));
  s.add(g({ fill, opacity, "clip-path": clipId }, ...parts));
}

/** Long thin cloud streak (dusk / storm skies). */
function streak(s: Scene, cx: number, cy: number, w: number, h: number, fill: string, opacity: number, blurSd = 6): void {
  s.add(el("ellipse", { cx, cy, rx: w / 2, ry: h / 2, fill, opacity, filter: s.blur(blurSd) }));
}

interface WaveSpec {
  y: number;
  amp: number;
  len: number;
  /** Gerstner steepness 0..0.9 (sharper crests). */
  chop?: number;
  phase?: number;
  /** Secondary ripple amplitude as fraction of amp. */
  detail?: number;
  step?: number;
}

/** Surface line of a wave train across the scene width (Gerstner-style trochoid). */
function waveLine(s: Scene, spec: WaveSpec): Pt[] {
  const r = s.rand;
  const { y, amp, len } = spec;
  const chop = spec.chop ?? 0.5;
  const detail = spec.detail ?? 0.25;
  const comps = [
    { a: amp, k: (2 * Math.PI) / len, ph: spec.phase ?? r() * Math.PI * 2 },
    { a: amp * detail, k: (2 * Math.PI) / (len * 0.43), ph: r() * Math.PI * 2 },
    { a: amp * detail * 0.5, k: (2 * Math.PI) / (len * 0.21), ph: r() * Math.PI * 2 },
  ];
  const qSum = comps.reduce((acc, c) => acc + c.a * c.k, 0);
  const q = qSum > 0 ? chop / qSum : 0;
  const step = spec.step ?? Math.max(3, len / 40);
  const pts: Pt[] = [];
  for (let t = -len; t <= s.w + len; t += step) {
    let x = t;
    let yy = y;
    for (const c of comps) {
      const th = c.k * t + c.ph;
      x -= q * c.a * Math.sin(th);
      yy -= c.a * Math.cos(th);
    }
    pts.push([x, yy]);
  }
  return pts;
}

/** Height of a surface line at x (linear interpolation). */
function surfaceAt(line: Pt[], x: number): number {
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    if ((a[0] <= x && b[0] >= x) || (a[0] >= x && b[0] <= x)) {
      const t = b[0] === a[0] ? 0 : (x - a[0]) / (b[0] - a[0]);
      return a[1] + (b[1] - a[1]) * t;
    }
  }
  return line[line.length - 1][1];
}

interface SeaLayerOpts {
  top: string;
  bottom: string;
  bottomY?: number;
  /** Dashed highlight stroke along the surface. */
  highlight?: string;
  highlightOpacity?: number;
  /** Probability of a whitecap at each crest. */
  caps?: number;
  capColor?: string;
}

/** One filled band of sea under a wave line, with optional crest highlights and whitecaps. */
function seaLayer(s: Scene, line: Pt[], o: SeaLayerOpts): void {
  const r = s.rand;
  const bottomY = o.bottomY ?? s.h;
  const minY = Math.min(...line.map((p) => p[1]));
  const maxY = Math.max(...line.map((p) => p[1]));
  const d = `${polyline(line)}L${n1(line[line.length - 1][0])},${n1(bottomY)}L${n1(line[0][0])},${n1(bottomY)}Z`;
  const fill = s.linear([[0, o.top], [Math.min(0.9, (maxY - minY) / Math.max(1, bottomY - minY) + 0.05), mix(o.top, o.bottom, 0.6)], [1, o.bottom]], 0, minY, 0, bottomY);
  s.add(el("path", { d, fill }));
  if (o.highlight) {
    const dashes: number[] = [];
    for (let i = 0; i < 24; i++) dashes.push(Math.round(between(r, 6, 90)), Math.round(between(r, 20, 160)));
    s.add(
      el("path", {
        d: polyline(line),
        fill: "none",
        stroke: o.highlight,
        "stroke-width": Math.max(1, (maxY - minY) / 40),
        "stroke-opacity": o.highlightOpacity ?? 0.35,
        "stroke-dasharray": dashes.join(" "),
        "stroke-linecap": "round",
      }),
    );
  }
  if (o.caps) {
    const capColor = o.capColor ?? C.white;
    const span = Math.max(3, Math.round(line.length / 60));
    for (let i = 2; i < line.length - 2; i++) {
      const isCrest = line[i][1] < line[i - 1][1] && line[i][1] <= line[i + 1][1];
      if (!isCrest || r() > o.caps) continue;
      const a = Math.max(0, i - span - Math.floor(r() * span));
      const b = Math.min(line.length - 1, i + span + Math.floor(r() * span * 2));
      const thick = (maxY - minY) * between(r, 0.06, 0.14) + 1.5;
      const top = line.slice(a, b + 1);
      const under = top
        .map((p, j): Pt => [p[0] + thick * 0.6, p[1] + thick * Math.sin((Math.PI * j) / (top.length - 1))])
        .reverse();
      s.add(el("path", { d: `${smooth([...top, ...under])}Z`, fill: capColor, opacity: between(r, 0.45, 0.85) }));
    }
  }
}

/** Horizontal glints / reflection column on the water under a light source. */
function glitter(s: Scene, cx: number, top: number, bottom: number, width: number, color: string, count: number, maxOpacity = 0.8): void {
  const r = s.rand;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = Math.pow(r(), 1.4);
    const y = top + (bottom - top) * t;
    const spread = width * (0.25 + t * 0.9);
    const x = cx + (r() - 0.5) * spread * (0.3 + r());
    const len = between(r, 6, 40) * (0.5 + t * 1.8);
    const th = 1 + t * 3;
    parts.push(
      el("rect", {
        x: x - len / 2,
        y,
        width: len,
        height: th,
        rx: th / 2,
        fill: color,
        opacity: maxOpacity * (1 - t * 0.6) * between(r, 0.35, 1),
      }),
    );
  }
  s.add(g({}, ...parts));
}

/** Droplets and mist (spray, bow wave). Angle in degrees: direction the spray flies. */
function spray(s: Scene, x: number, y: number, radius: number, count: number, color = C.white, angle = -60, spreadDeg = 70): void {
  const r = s.rand;
  const mist = el("ellipse", {
    cx: x + Math.cos((angle * Math.PI) / 180) * radius * 0.35,
    cy: y + Math.sin((angle * Math.PI) / 180) * radius * 0.35,
    rx: radius * 0.55,
    ry: radius * 0.35,
    fill: color,
    opacity: 0.22,
    filter: s.blur(radius * 0.12),
  });
  const drops: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = ((angle + (r() - 0.5) * spreadDeg) * Math.PI) / 180;
    const d = radius * Math.pow(r(), 0.7);
    const size = Math.max(0.6, (radius / 70) * between(r, 0.4, 2.2) * (1 - (d / radius) * 0.5));
    drops.push(el("circle", { cx: x + Math.cos(a) * d, cy: y + Math.sin(a) * d, r: size, fill: color, opacity: between(r, 0.35, 0.95) }));
  }
  s.add(mist, g({}, ...drops));
}

/** Subtle film grain over the whole frame (kept light so files stay small). */
function grain(s: Scene, opacity = 0.05, seed = 7): void {
  const id = s.id("gr");
  s.def(
    el(
      "filter",
      { id, x: 0, y: 0, width: "100%", height: "100%", "color-interpolation-filters": "sRGB" },
      el("feTurbulence", { type: "fractalNoise", baseFrequency: 0.85, numOctaves: 2, seed, stitchTiles: "stitch" }) +
        el("feColorMatrix", { type: "matrix", values: "0.33 0.33 0.33 0 0  0.33 0.33 0.33 0 0  0.33 0.33 0.33 0 0  0 0 0 0 1" }),
    ),
  );
  s.add(el("rect", { width: s.w, height: s.h, filter: `url(#${id})`, opacity, style: "mix-blend-mode:overlay" }));
}

/** Dark edges; `side` darkens one side more (to seat a title). */
function vignette(s: Scene, strength = 0.55, side?: { from: "left" | "right"; opacity: number; reach: number }): void {
  s.add(
    el("rect", {
      width: s.w,
      height: s.h,
      fill: s.radial([[0.55, C.navy, 0], [1, C.navy, strength]], s.w / 2, s.h / 2, Math.hypot(s.w, s.h) / 2, 0.75),
    }),
  );
  if (side) {
    const [x1, x2] = side.from === "left" ? [0, s.w * side.reach] : [s.w, s.w * (1 - side.reach)];
    s.add(
      el("rect", {
        width: s.w,
        height: s.h,
        fill: s.linear([[0, C.navy, side.opacity], [0.55, C.navy, side.opacity * 0.45], [1, C.navy, 0]], x1, 0, x2, 0),
      }),
    );
  }
}

/** Gull silhouette (simple "m" stroke). */
function gull(s: Scene, x: number, y: number, size: number, color: string, opacity = 0.8): void {
  const w = size;
  const d = `M${n1(x - w)},${n1(y - w * 0.15)}Q${n1(x - w * 0.5)},${n1(y - w * 0.55)} ${n1(x)},${n1(y)}Q${n1(x + w * 0.5)},${n1(y - w * 0.55)} ${n1(x + w)},${n1(y - w * 0.15)}`;
  s.add(el("path", { d, fill: "none", stroke: color, "stroke-width": Math.max(1.2, size * 0.14), "stroke-linecap": "round", "stroke-linejoin": "round", opacity }));
}

/* ------------------------------------------------------------------ people */

type Pose = "stand" | "grind" | "helm" | "trim" | "sit" | "cheer" | "wave" | "crouch" | "climb";

interface Skeleton {
  head: Pt;
  neck: Pt;
  hip: Pt;
  knees: [Pt, Pt];
  feet: [Pt, Pt];
  elbows: [Pt, Pt];
  hands: [Pt, Pt];
}

/** Unit skeletons (standing height 1, feet at y=0, facing +x). */
const POSES: Record<Pose, Skeleton> = {
  stand: { head: [0.01, -0.915], neck: [0, -0.81], hip: [0, -0.5], knees: [[0.03, -0.26], [-0.02, -0.26]], feet: [[0.07, 0], [-0.06, 0]], elbows: [[0.06, -0.62], [-0.05, -0.62]], hands: [[0.1, -0.46], [-0.06, -0.45]] },
  grind: { head: [0.3, -0.72], neck: [0.22, -0.66], hip: [-0.04, -0.46], knees: [[0.06, -0.24], [-0.12, -0.23]], feet: [[0.04, 0], [-0.22, 0]], elbows: [[0.33, -0.52], [0.27, -0.56]], hands: [[0.43, -0.5], [0.4, -0.42]] },
  helm: { head: [0.07, -0.9], neck: [0.04, -0.8], hip: [-0.02, -0.5], knees: [[0.06, -0.25], [-0.08, -0.25]], feet: [[0.1, 0], [-0.14, 0]], elbows: [[0.16, -0.62], [0.12, -0.6]], hands: [[0.28, -0.6], [0.27, -0.52]] },
  trim: { head: [0.16, -0.66], neck: [0.11, -0.57], hip: [-0.06, -0.32], knees: [[0.13, -0.22], [-0.09, -0.17]], feet: [[0.07, 0], [-0.2, 0]], elbows: [[0.02, -0.45], [0.2, -0.47]], hands: [[-0.12, -0.44], [0.08, -0.52]] },
  sit: { head: [-0.04, -0.48], neck: [-0.03, -0.38], hip: [0, -0.08], knees: [[0.2, -0.08], [0.17, -0.06]], feet: [[0.22, 0.2], [0.18, 0.22]], elbows: [[0.06, -0.22], [0.03, -0.2]], hands: [[0.17, -0.12], [0.14, -0.1]] },
  cheer: { head: [0, -0.915], neck: [0, -0.81], hip: [0, -0.5], knees: [[0.04, -0.26], [-0.04, -0.26]], feet: [[0.1, 0], [-0.1, 0]], elbows: [[0.14, -0.92], [-0.14, -0.92]], hands: [[0.18, -1.1], [-0.17, -1.1]] },
  wave: { head: [0.01, -0.915], neck: [0, -0.81], hip: [0, -0.5], knees: [[0.03, -0.26], [-0.02, -0.26]], feet: [[0.07, 0], [-0.06, 0]], elbows: [[0.15, -0.9], [-0.05, -0.62]], hands: [[0.16, -1.08], [-0.06, -0.45]] },
  crouch: { head: [0.12, -0.6], neck: [0.08, -0.5], hip: [-0.08, -0.26], knees: [[0.12, -0.2], [0.06, -0.16]], feet: [[0.06, 0], [-0.12, 0]], elbows: [[0.14, -0.34], [0.1, -0.32]], hands: [[0.22, -0.22], [0.2, -0.2]] },
  climb: { head: [0.1, -0.9], neck: [0.08, -0.8], hip: [0.02, -0.5], knees: [[0.12, -0.38], [0.05, -0.22]], feet: [[0.06, -0.22], [0.02, 0]], elbows: [[0.16, -0.72], [0.14, -0.6]], hands: [[0.2, -0.9], [0.2, -0.58]] },
};

interface PersonOpts {
  fill: string;
  /** Optional rim light drawn offset behind the figure. */
  rim?: string;
  rimOffset?: Pt;
  /** Jacket/lifejacket colour over the torso. */
  jacket?: string;
  dir?: 1 | -1;
  helmet?: boolean;
}

/** Silhouette of a person with feet at (x, y), height h. */
function person(x: number, y: number, h: number, pose: Pose, o: PersonOpts): string {
  const sk = POSES[pose];
  const dir = o.dir ?? 1;
  const map = (p: Pt): Pt => [x + p[0] * h * dir, y + p[1] * h];
  const shoulder = lerpPt(sk.neck, sk.hip, 0.12);
  const limb = (pts: Pt[], w: number, color: string): string =>
    el("path", { d: polyline(pts.map(map)), fill: "none", stroke: color, "stroke-width": w * h, "stroke-linecap": "round", "stroke-linejoin": "round" });
  const draw = (color: string, jacket?: string): string => {
    const head = map(sk.head);
    return [
      limb([sk.hip, sk.knees[1], sk.feet[1]], 0.085, color),
      limb([shoulder, sk.elbows[1], sk.hands[1]], 0.06, color),
      limb([sk.neck, lerpPt(sk.neck, sk.hip, 0.55), sk.hip], 0.17, jacket ?? color),
      limb([sk.hip, sk.knees[0], sk.feet[0]], 0.09, color),
      limb([shoulder, sk.elbows[0], sk.hands[0]], 0.065, color),
      el("circle", { cx: head[0], cy: head[1], r: 0.072 * h, fill: color }),
      o.helmet ? el("path", { d: `M${P([head[0] - 0.08 * h, head[1] - 0.005 * h])}A${n1(0.08 * h)},${n1(0.08 * h)} 0 0 1 ${P([head[0] + 0.08 * h, head[1] - 0.005 * h])}Z`, fill: jacket ?? color }) : "",
    ].join("");
  };
  const rim = o.rim ? g({ transform: `translate(${n1((o.rimOffset ?? [-1, -1])[0] * h * 0.012)} ${n1((o.rimOffset ?? [-1, -1])[1] * h * 0.012)})` }, draw(o.rim, o.rim)) : "";
  return rim + draw(o.fill, o.jacket);
}

/* ------------------------------------------------------------------ the yacht */

type Rig = "upwind" | "reefed" | "spinnaker" | "luffing" | "bare" | "reach";

interface CrewSpot {
  at: number; // local x along the deck (0 stern .. 200 bow)
  pose: Pose;
  dir?: 1 | -1;
  jacket?: string;
}

interface YachtOpts {
  /** Position of the waterline at mid-length. */
  x: number;
  y: number;
  /** Pixels per local unit (hull is 200 units ≈ 65 ft long, mast ~300 units). */
  scale: number;
  /** 1: bow to the right, -1: bow to the left. */
  dir?: 1 | -1;
  /** Bow-up pitch in degrees. */
  pitch?: number;
  /** Rig lean in degrees (positive leans the masthead towards the bow). */
  heel?: number;
  rig?: Rig;
  hull?: string;
  deck?: string;
  accent?: string;
  /** Sail shading: luff side, belly, leech side. */
  sail?: [string, string, string];
  spinnaker?: [string, string];
  rigging?: string;
  crew?: CrewSpot[];
  crewColor?: string;
  keel?: boolean;
  /** Opacity of batten/seam lines on the sails. */
  seams?: number;
}

/**
 * Sleek 65 ft ocean racer in side view, local coordinates: stern x=0, bow x=200, waterline y=0.
 * Features a plumb bow with short bowsprit, low doghouse, canting keel with bulb, twin rudders,
 * a tall fractional rig with square-top mainsail.
 */
function yacht(s: Scene, o: YachtOpts): string {
  const dir = o.dir ?? 1;
  const rig = o.rig ?? "upwind";
  const hull = o.hull ?? C.navy;
  const deck = o.deck ?? mix(C.navy, C.foam, 0.35);
  const accent = o.accent ?? C.orange;
  const rigging = o.rigging ?? mix(C.navy, C.foam, 0.25);
  const [luffC, bellyC, leechC] = o.sail ?? [C.white, mix(C.foam, C.ocean, 0.25), mix(C.white, C.foam, 0.5)];
  const heel = o.heel ?? 0;
  const parts: string[] = [];

  // Underwater: keel fin + bulb, twin rudders (hidden by the sea in most scenes).
  if (o.keel) {
    parts.push(
      el("path", { d: "M96,7L112,7L109,70L101,70Z", fill: mix(hull, C.foam, 0.1) }),
      el("path", { d: "M84,74C84,68 95,66 106,66C120,66 128,70 128,73C128,77 118,79 106,79C94,79 84,78 84,74Z", fill: hull }),
      el("path", { d: "M14,3L22,3L19,36L14,35Z", fill: mix(hull, C.foam, 0.1) }),
      el("path", { d: "M166,4L171,4L169,30L166,30Z", fill: mix(hull, C.foam, 0.1), opacity: 0.8 }),
    );
  }

  // Hull, deck sliver, sheer stripe, doghouse.
  const hullD = "M0,-15L2,-1C40,7 120,8 172,5C186,3 196,-1 199,-6L201,-19C150,-18 60,-17 0,-15Z";
  const hullFill = s.linear([[0, mix(hull, C.foam, 0.18)], [0.45, hull], [1, mix(hull, "#000000", 0.35)]], 0, -19, 0, 8);
  parts.push(
    el("path", { d: hullD, fill: hullFill }),
    el("path", { d: "M0,-15C60,-21 150,-23 201,-19C150,-18 60,-17 0,-15Z", fill: deck }),
    el("path", { d: "M1,-9.5C60,-11 140,-12.5 200.3,-14.5L200.6,-16.4C140,-15 60,-13.6 0.6,-12.4Z", fill: accent }),
    el("path", { d: "M2.2,-3.6C50,-2 130,-2.5 198.6,-9.2L198.9,-10.3C130,-4.4 50,-3.8 2,-5Z", fill: mix(hull, C.foam, 0.45), opacity: 0.6 }),
    el("path", { d: "M74,-17.6L81,-24.5L118,-25.5L125,-18.8Z", fill: mix(hull, C.foam, 0.12) }),
    el("path", { d: "M84,-21.8L116,-22.6L117.5,-20.6L82,-20.2Z", fill: mix(hull, "#000000", 0.4) }),
    el("path", { d: "M200.5,-19L223,-21", stroke: rigging, "stroke-width": 1.6, "stroke-linecap": "round" }),
  );

  // Rig in its own group so it can lean (skew) independently of the hull.
  const rigParts: string[] = [];
  const mastBase: Pt = [118, -19];
  const mastTop: Pt = [112, -312];
  const stay = (a: Pt, b: Pt, w: number, op = 0.8): string =>
    el("path", { d: `M${P(a)}L${P(b)}`, stroke: rigging, "stroke-width": w, "stroke-opacity": op, fill: "none" });

  if (rig !== "bare") rigParts.push(stay([113, -282], [22, -16], 0.5, 0.45));
  rigParts.push(stay([112.4, -306], [223, -21], 0.45, 0.5), stay([113.5, -272], [200.5, -19], 0.7, 0.7));

  const sailFill = (x1: number, x2: number): string =>
    s.linear([[0, leechC], [0.55, bellyC], [1, luffC]], x1, 0, x2, 0);

  const mainsail = (hoist: number): void => {
    const tackY = -33;
    const headY = tackY - 272 * hoist;
    const mastX = (yy: number): number => mastBase[0] + ((mastTop[0] - mastBase[0]) * (yy - mastBase[1])) / (mastTop[1] - mastBase[1]);
    const headW = 26 * Math.min(1, hoist + 0.1);
    const head: Pt = [mastX(headY) - headW, headY + 4];
    const clew: Pt = [12, -36];
    const c1: Pt = [head[0] - 24 * hoist, head[1] + 70 * hoist];
    const c2: Pt = [6, -36 - 150 * hoist];
    const d = `M${P([mastX(tackY), tackY])}L${P([mastX(headY), headY])}L${P(head)}C${P(c1)} ${P(c2)} ${P(clew)}Z`;
    rigParts.push(el("path", { d, fill: sailFill(10, mastX(tackY)) }));
    // Battens / seams.
    const seamOp = o.seams ?? 0.28;
    for (let i = 1; i <= 5; i++) {
      const t = i / 6;
      const lp = cubicAt(head, c1, c2, clew, t);
      const my = lp[1] - 4;
      rigParts.push(
        el("path", {
          d: `M${P(lp)}Q${P([(lp[0] + mastX(my)) / 2, my - 4])} ${P([mastX(my) - 2, my])}`,
          stroke: mix(bellyC, C.navy, 0.35),
          "stroke-width": 0.7,
          "stroke-opacity": seamOp,
          fill: "none",
        }),
      );
    }
    // Leech line shadow and a brand band near the head.
    const b1 = cubicAt(head, c1, c2, clew, 0.16);
    const b2 = cubicAt(head, c1, c2, clew, 0.2);
    const yb1 = b1[1] - 3;
    const yb2 = b2[1] - 3;
    rigParts.push(el("path", { d: `M${P(b1)}L${P([mastX(yb1) - 1.5, yb1])}L${P([mastX(yb2) - 1.5, yb2])}L${P(b2)}Z`, fill: accent, opacity: 0.9 }));
    if (hoist < 0.95) {
      // Reefed sail bundled along the boom.
      rigParts.push(el("path", { d: `M12,-36Q60,-43 ${n1(mastX(-40))},-41L${n1(mastX(-33))},-33L12,-34Z`, fill: mix(leechC, C.navy, 0.2) }));
    }
  };

  const jib = (tack: Pt, headPt: Pt, clew: Pt, flutter = 0): void => {
    const c1: Pt = lerpPt(headPt, clew, 0.35);
    const c2: Pt = lerpPt(headPt, clew, 0.75);
    c1[0] -= 7;
    c2[0] -= 3;
    let leech = `C${P(c1)} ${P(c2)} ${P(clew)}`;
    if (flutter > 0) {
      const pts: Pt[] = [];
      for (let i = 0; i <= 14; i++) {
        const t = i / 14;
        const p = lerpPt(headPt, clew, t);
        pts.push([p[0] - 6 * Math.sin(Math.PI * t) + (i % 2 ? flutter : -flutter) * Math.sin(Math.PI * t), p[1]]);
      }
      leech = smooth(pts).replace(/^M[^C]*/, "");
    }
    const d = `M${P(tack)}L${P(headPt)}${leech}Q${P([(tack[0] + clew[0]) / 2 + 4, Math.max(tack[1], clew[1]) + 5])} ${P(tack)}Z`;
    rigParts.push(el("path", { d, fill: sailFill(clew[0] - 10, tack[0]) }));
  };

  const spinnaker = (): void => {
    const [sa, sb] = o.spinnaker ?? [accent, mix(accent, C.navy, 0.35)];
    const tack: Pt = [223, -21];
    const headPt: Pt = [112.6, -303];
    const clew: Pt = [128, -52];
    const d = `M${P(tack)}C${P([310, -90])} ${P([262, -286])} ${P(headPt)}Q${P([168, -170])} ${P(clew)}Q${P([178, -18])} ${P(tack)}Z`;
    rigParts.push(
      el("path", { d, fill: s.linear([[0, sb], [0.45, sa], [1, mix(sa, C.white, 0.25)]], 128, 0, 280, 0) }),
      el("path", {
        d: `M${P([150, -252])}C${P([200, -220])} ${P([250, -200])} ${P([272, -196])}L${P([276, -176])}C${P([240, -178])} ${P([190, -198])} ${P([148, -226])}Z`,
        fill: C.white,
        opacity: 0.85,
      }),
      el("path", { d: `M${P(headPt)}Q${P([168, -170])} ${P(clew)}`, stroke: mix(sb, C.navy, 0.3), "stroke-width": 1, fill: "none", opacity: 0.6 }),
    );
  };

  if (rig === "upwind" || rig === "reach") {
    mainsail(1);
    jib([199, -20], [114.2, -266], rig === "reach" ? [134, -34] : [126, -30]);
  } else if (rig === "reefed") {
    mainsail(0.7);
    jib([184, -19], [124, -196], [146, -30]);
  } else if (rig === "spinnaker") {
    mainsail(1);
    spinnaker();
  } else if (rig === "luffing") {
    mainsail(1);
    jib([199, -20], [114.2, -266], [130, -28], 4);
  }

  // Mast (tapered) and boom.
  rigParts.push(
    el("path", { d: `M${P([mastBase[0] - 1.8, mastBase[1]])}L${P([mastTop[0] - 0.9, mastTop[1]])}L${P([mastTop[0] + 0.9, mastTop[1]])}L${P([mastBase[0] + 1.8, mastBase[1]])}Z`, fill: rigging }),
    el("path", { d: "M117,-31L10,-35", stroke: rigging, "stroke-width": 2.4, "stroke-linecap": "round" }),
    el("path", { d: "M114.5,-120L110,-118M113.6,-200L109.6,-198", stroke: rigging, "stroke-width": 1.1 }),
  );

  const skew = heel === 0 ? undefined : `translate(0 -19) skewX(${n1(-heel)}) translate(0 19)`;
  parts.push(g({ transform: skew }, ...rigParts));

  // Crew on deck.
  for (const c of o.crew ?? []) {
    const deckY = -17 - (c.at / 200) * 3.2 - Math.sin((Math.PI * c.at) / 200) * 2.5;
    parts.push(person(c.at, deckY, 17, c.pose, { fill: o.crewColor ?? hull, jacket: c.jacket, dir: c.dir, helmet: true }));
  }

  const transform = `translate(${n1(o.x)} ${n1(o.y)}) scale(${n1(o.scale * dir * 1000) / 1000} ${n1(o.scale * 1000) / 1000}) rotate(${n1(-(o.pitch ?? 0))}) translate(-100 0)`;
  return g({ transform }, ...parts);
}

/** Where a local yacht point lands in the scene (for placing spray, wakes, etc.). */
function yachtPoint(o: YachtOpts, local: Pt): Pt {
  const dir = o.dir ?? 1;
  const a = ((o.pitch ?? 0) * Math.PI) / 180;
  const lx = local[0] - 100;
  const ly = local[1];
  const rx = lx * Math.cos(-a) - ly * Math.sin(-a);
  const ry = lx * Math.sin(-a) + ly * Math.cos(-a);
  return [o.x + rx * o.scale * dir, o.y + ry * o.scale];
}

/** Foam around the hull at the waterline and a wake trailing astern. */
function wake(s: Scene, o: YachtOpts, length: number, color = C.white, opacity = 0.7): void {
  const dir = o.dir ?? 1;
  const bow = yachtPoint(o, [199, 0]);
  const stern = yachtPoint(o, [2, 0]);
  const r = s.rand;
  const sc = o.scale;
  // Bow wave.
  s.add(
    el("path", {
      d: `M${P([bow[0] + dir * 6 * sc, bow[1] + 2 * sc])}Q${P([bow[0] - dir * 20 * sc, bow[1] - 9 * sc])} ${P([bow[0] - dir * 70 * sc, bow[1] + 1 * sc])}Q${P([bow[0] - dir * 30 * sc, bow[1] + 5 * sc])} ${P([bow[0] + dir * 6 * sc, bow[1] + 2 * sc])}Z`,
      fill: color,
      opacity: opacity * 0.9,
    }),
  );
  // Wake streaks.
  for (let i = 0; i < 7; i++) {
    const y0 = stern[1] + between(r, -1, 4) * sc;
    const len = length * between(r, 0.35, 1);
    const x0 = stern[0] + dir * between(r, -10, 30) * sc;
    const x1 = x0 - dir * len;
    s.add(
      el("path", {
        d: `M${P([x0, y0])}Q${P([(x0 + x1) / 2, y0 + between(r, 1, 6) * sc])} ${P([x1, y0 + between(r, 2, 10) * sc])}`,
        stroke: color,
        "stroke-width": between(r, 0.6, 1.8) * sc,
        "stroke-linecap": "round",
        fill: "none",
        opacity: opacity * between(r, 0.25, 0.7),
      }),
    );
  }
}

/** Mirror image of an element in calm water, below waterline y, fading out. */
function reflection(s: Scene, xml: string, waterY: number, opacity = 0.35, blurSd = 2): void {
  const mask = s.id("mk");
  s.def(
    el(
      "mask",
      { id: mask, maskUnits: "userSpaceOnUse", x: 0, y: waterY, width: s.w, height: s.h - waterY },
      el("rect", { x: 0, y: waterY, width: s.w, height: s.h - waterY, fill: s.linear([[0, C.white, 1], [1, C.white, 0]], 0, waterY, 0, waterY + (s.h - waterY) * 0.8) }),
    ),
  );
  s.add(
    g(
      { mask: `url(#${mask})`, opacity },
      g({ transform: `translate(0 ${n1(waterY * 2)}) scale(1 -1)`, filter: s.blur(blurSd) }, xml),
    ),
  );
}

/** Horizontal ripple lines breaking up a reflection. */
function ripples(s: Scene, x0: number, x1: number, y0: number, y1: number, color: string, count: number, opacity = 0.3): void {
  const r = s.rand;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = Math.pow(r(), 1.3);
    const y = y0 + (y1 - y0) * t;
    const len = between(r, 20, 160) * (0.4 + t);
    const x = between(r, x0, x1);
    parts.push(el("rect", { x, y, width: len, height: 0.8 + t * 2.2, rx: 1, fill: color, opacity: opacity * between(r, 0.3, 1) }));
  }
  s.add(g({}, ...parts));
}

/* ------------------------------------------------------------------ pictures */

const W = 1920;
const H = 1080;

function hero(): Scene {
  const s = new Scene(W, H, 101);
  const horizon = 640;
  sky(s, [[0, "#071524"], [0.35, C.navy], [0.62, "#16344f"], [0.8, mix(C.ocean, C.orange, 0.35)], [0.93, mix(C.orange, "#ffb27a", 0.3)], [1, "#ffc48f"]], horizon);
  s.add(el("rect", { width: s.w, height: horizon, fill: s.radial([[0, C.orange, 0.55], [0.4, C.orange, 0.18], [1, C.orange, 0]], 1420, horizon, 900, 0.45) }));
  sun(s, 1480, horizon + 6, 26, "#ffd2a6", C.orange, 320, 0.5);
  const r = s.rand;
  for (let i = 0; i < 60; i++) {
    s.add(el("circle", { cx: between(r, 0, W), cy: between(r, 0, 300) * r(), r: between(r, 0.6, 1.6), fill: C.foam, opacity: between(r, 0.15, 0.6) }));
  }
  streak(s, 1250, 470, 900, 22, mix(C.orange, C.foam, 0.3), 0.35, 5);
  streak(s, 1640, 540, 700, 16, "#ffb07d", 0.45, 4);
  streak(s, 560, 420, 1100, 26, "#2a4b66", 0.5, 8);
  streak(s, 1500, 380, 800, 30, "#2c4964", 0.55, 9);
  streak(s, 900, 575, 1300, 14, mix(C.orange, C.navy, 0.3), 0.5, 4);

  // Distant sea.
  seaLayer(s, waveLine(s, { y: horizon + 10, amp: 4, len: 140, chop: 0.3 }), { top: mix(C.ocean, C.orange, 0.2), bottom: C.navy, highlight: "#ffc48f", highlightOpacity: 0.5 });
  glitter(s, 1480, horizon + 6, horizon + 130, 260, "#ffc48f", 120, 0.75);
  seaLayer(s, waveLine(s, { y: horizon + 55, amp: 12, len: 320, chop: 0.5 }), { top: mix(C.ocean, C.teal, 0.3), bottom: C.navy, highlight: "#ffb07d", highlightOpacity: 0.35 });
  seaLayer(s, waveLine(s, { y: horizon + 120, amp: 22, len: 520, chop: 0.6 }), { top: C.ocean, bottom: "#081a2b", highlight: C.foam, highlightOpacity: 0.25, caps: 0.25 });

  // The swell the boat rides on.
  const swell = waveLine(s, { y: 905, amp: 70, len: 1500, chop: 0.75, phase: 0.4, detail: 0.18 });
  const bx = 1290;
  const boat: YachtOpts = {
    x: bx,
    y: surfaceAt(swell, bx) - 2,
    scale: 2.55,
    dir: -1,
    pitch: 5,
    heel: -9,
    rig: "upwind",
    hull: "#0a1a2b",
    deck: "#3a5770",
    sail: ["#ffe3cc", "#8fa9bf", "#f4f7fb"],
    rigging: "#152a3f",
    crew: [
      { at: 40, pose: "helm", dir: 1 },
      { at: 70, pose: "grind", dir: 1 },
      { at: 150, pose: "crouch", dir: 1 },
    ],
    crewColor: "#07111c",
    seams: 0.35,
  };
  // Soft glow behind the sails from the low sun.
  s.add(el("ellipse", { cx: bx - 40, cy: 560, rx: 360, ry: 300, fill: s.radial([[0, "#ffb27a", 0.28], [1, "#ffb27a", 0]], bx - 40, 560, 360) }));
  s.add(yacht(s, boat));
  wake(s, boat, 520, C.foam, 0.65);
  seaLayer(s, swell, { top: mix(C.ocean, C.teal, 0.25), bottom: "#06121f", highlight: "#ffd6b3", highlightOpacity: 0.45, caps: 0.5 });
  const bow = yachtPoint(boat, [200, -4]);
  spray(s, bow[0] - 6, bow[1] + 8, 120, 140, C.white, -125, 70);
  seaLayer(s, waveLine(s, { y: 1040, amp: 34, len: 700, chop: 0.7 }), { top: "#0c2d45", bottom: "#040d17", highlight: C.foam, highlightOpacity: 0.3, caps: 0.45 });

  vignette(s, 0.6, { from: "left", opacity: 0.85, reach: 0.62 });
  grain(s, 0.05);
  return s;
}

function og(): Scene {
  const s = new Scene(1200, 630, 111);
  const horizon = 380;
  sky(s, [[0, "#071524"], [0.45, C.navy], [0.75, "#173652"], [0.92, mix(C.ocean, C.orange, 0.45)], [1, "#ffb27a"]], horizon);
  s.add(el("rect", { width: s.w, height: horizon, fill: s.radial([[0, C.orange, 0.5], [1, C.orange, 0]], 900, horizon, 560, 0.4) }));
  sun(s, 940, horizon + 4, 16, "#ffd2a6", C.orange, 200, 0.45);
  streak(s, 820, 300, 600, 14, "#ffb07d", 0.35, 4);
  streak(s, 380, 260, 700, 18, "#2a4b66", 0.5, 6);
  seaLayer(s, waveLine(s, { y: horizon + 6, amp: 3, len: 100, chop: 0.3 }), { top: mix(C.ocean, C.orange, 0.2), bottom: C.navy, highlight: "#ffc48f", highlightOpacity: 0.5 });
  glitter(s, 940, horizon + 4, horizon + 90, 180, "#ffc48f", 80, 0.7);
  seaLayer(s, waveLine(s, { y: horizon + 50, amp: 10, len: 260, chop: 0.5 }), { top: C.ocean, bottom: C.navy, highlight: "#ffb07d", highlightOpacity: 0.3 });
  const swell = waveLine(s, { y: 560, amp: 38, len: 900, chop: 0.7, phase: 0.6, detail: 0.2 });
  const bx = 860;
  const boat: YachtOpts = { x: bx, y: surfaceAt(swell, bx) - 1, scale: 1.5, dir: -1, pitch: 4, heel: -9, hull: "#0a1a2b", deck: "#3a5770", sail: ["#ffe3cc", "#8fa9bf", "#f4f7fb"], rigging: "#152a3f", seams: 0.35 };
  s.add(yacht(s, boat));
  wake(s, boat, 300, C.foam, 0.6);
  seaLayer(s, swell, { top: mix(C.ocean, C.teal, 0.25), bottom: "#06121f", highlight: "#ffd6b3", highlightOpacity: 0.45, caps: 0.5 });
  const bow = yachtPoint(boat, [200, -4]);
  spray(s, bow[0] - 4, bow[1] + 5, 70, 80, C.white, -125, 70);
  vignette(s, 0.6, { from: "left", opacity: 0.9, reach: 0.6 });
  grain(s, 0.04);
  return s;
}

function crew(): Scene {
  const s = new Scene(W, H, 202);
  // Tilted horizon: the boat is heeling.
  sky(s, [[0, "#3f7fa6"], [0.5, "#8cbbd9"], [1, C.foam]]);
  sun(s, 1540, 170, 46, "#fff6e8", "#fff1dc", 520, 0.6);
  cloud(s, 420, 300, 520, 120, C.white, "#a9c9e0", 0.9);
  cloud(s, 980, 230, 360, 80, C.white, "#b5d1e6", 0.75);
  const tilt = -7;
  const sea = g(
    { transform: `rotate(${tilt} 960 540)` },
    el("rect", { x: -400, y: 560, width: 2800, height: 900, fill: s.linear([[0, mix(C.teal, C.foam, 0.25)], [0.3, C.ocean], [1, C.navy]], 0, 560, 0, 1200) }),
  );
  s.add(sea);
  // Sea texture (drawn rotated with the horizon).
  const r = s.rand;
  const chops: string[] = [];
  for (let i = 0; i < 140; i++) {
    const y = 570 + Math.pow(r(), 1.2) * 600;
    const x = between(r, -300, 2300);
    const len = (y - 540) * between(r, 0.1, 0.5);
    chops.push(el("path", { d: `M${n1(x)},${n1(y)}q${n1(len / 2)},${n1(-len * 0.08)} ${n1(len)},0`, stroke: C.white, "stroke-width": 1 + (y - 560) / 160, "stroke-linecap": "round", fill: "none", opacity: between(r, 0.15, 0.5) }));
  }
  s.add(g({ transform: `rotate(${tilt} 960 540)` }, ...chops));

  // Mainsail foot and boom overhead (top left).
  const sail = s.linear([[0, "#f5f9fd"], [0.6, "#cfe0ee"], [1, "#9fbbd2"]], 0, 0, 0, 420);
  s.add(
    el("path", { d: "M-40,-20L1180,-20C1150,80 1120,200 1090,300L-40,410Z", fill: sail }),
    el("path", { d: "M-40,300L1120,240", stroke: "#9bb6cc", "stroke-width": 2, opacity: 0.5 }),
    el("path", { d: "M-40,160L1160,120", stroke: "#9bb6cc", "stroke-width": 2, opacity: 0.4 }),
    el("path", { d: "M-40,60L1170,40", stroke: C.orange, "stroke-width": 22, opacity: 0.9 }),
    el("path", { d: "M-60,430L1110,318", stroke: "#0e1d2c", "stroke-width": 30, "stroke-linecap": "round" }),
  );

  // Deck: a heeled plane filling the bottom of the frame.
  const deckTop = (x: number): number => 790 + (x - 960) * Math.tan((tilt * Math.PI) / 180) * -0.6;
  const deckD = `M-20,${n1(deckTop(-20))}L1940,${n1(deckTop(1940))}L1940,1100L-20,1100Z`;
  s.add(el("path", { d: deckD, fill: s.linear([[0, "#2b4257"], [0.25, "#1a2c3e"], [1, "#0a1520"]], 0, 700, 0, 1080) }));
  // Non-slip texture lines and cockpit edge.
  s.add(
    el("path", { d: `M-20,${n1(deckTop(-20) + 60)}L1940,${n1(deckTop(1940) + 40)}`, stroke: "#32506a", "stroke-width": 3, opacity: 0.6 }),
    el("path", { d: `M-20,${n1(deckTop(-20) + 140)}L1940,${n1(deckTop(1940) + 110)}`, stroke: C.orange, "stroke-width": 6, opacity: 0.85 }),
  );
  // Lifelines and stanchions along the edge.
  const lifeline: string[] = [];
  for (let x = 60; x < 1920; x += 260) {
    const y = deckTop(x);
    lifeline.push(el("path", { d: `M${x},${n1(y)}L${x + 4},${n1(y - 120)}`, stroke: "#0e1d2c", "stroke-width": 7, "stroke-linecap": "round" }));
  }
  s.add(
    ...lifeline,
    el("path", { d: `M-20,${n1(deckTop(-20) - 118)}L1940,${n1(deckTop(1940) - 118)}`, stroke: "#0e1d2c", "stroke-width": 3 }),
    el("path", { d: `M-20,${n1(deckTop(-20) - 60)}L1940,${n1(deckTop(1940) - 60)}`, stroke: "#0e1d2c", "stroke-width": 3 }),
  );

  // Pedestal grinder with two crew facing each other, a trimmer, and the helm.
  const pedX = 760;
  const pedY = deckTop(pedX) + 130;
  const crewH = 400;
  const fig = (x: number, pose: Pose, dir: 1 | -1, jacket: string, dy = 0): string =>
    person(x, deckTop(x) + 150 + dy, crewH, pose, { fill: "#0a1724", jacket, dir, rim: "#ffe9d2", rimOffset: [-1.2, -1], helmet: true });
  s.add(
    el("path", { d: `M${pedX - 16},${n1(pedY)}L${pedX - 10},${n1(pedY - 190)}L${pedX + 10},${n1(pedY - 190)}L${pedX + 16},${n1(pedY)}Z`, fill: "#0e1d2c" }),
    el("circle", { cx: pedX, cy: pedY - 200, r: 22, fill: "#22384d" }),
    el("path", { d: `M${pedX - 80},${n1(pedY - 230)}L${pedX + 80},${n1(pedY - 170)}`, stroke: "#0e1d2c", "stroke-width": 10, "stroke-linecap": "round" }),
    fig(pedX - 175, "grind", 1, C.orange),
    fig(pedX + 175, "grind", -1, "#e9eef3"),
  );
  // Winch drum on the coaming with a sheet running up to the sail.
  s.add(
    el("path", { d: `M1150,${n1(deckTop(1150) + 10)}L1160,${n1(deckTop(1150) - 40)}L1210,${n1(deckTop(1150) - 40)}L1220,${n1(deckTop(1150) + 10)}Z`, fill: "#27445c" }),
    el("path", { d: `M1185,${n1(deckTop(1150) - 40)}L1040,330`, stroke: "#e7ecf0", "stroke-width": 4, opacity: 0.9 }),
    fig(1330, "trim", -1, C.orange, 20),
  );
  // Helmsman at a wheel, right.
  const wx = 1700;
  const wy = deckTop(wx) + 10;
  s.add(
    el("circle", { cx: wx - 110, cy: wy - 120, r: 120, fill: "none", stroke: "#0e1d2c", "stroke-width": 12 }),
    el("path", { d: `M${wx - 110},${n1(wy - 120)}L${wx - 110},${n1(wy + 50)}`, stroke: "#0e1d2c", "stroke-width": 14 }),
    fig(wx + 20, "helm", -1, "#e9eef3"),
  );
  spray(s, 260, 700, 420, 260, C.white, -20, 70);
  spray(s, 1000, 640, 220, 90, C.white, -10, 50);
  vignette(s, 0.45);
  grain(s, 0.04);
  return s;
}

function harbour(): Scene {
  const s = new Scene(W, H, 303);
  const water = 700;
  sky(s, [[0, "#0a1c30"], [0.35, "#1b3553"], [0.6, "#4a4f6e"], [0.8, mix(C.orange, "#6b4a6a", 0.45)], [1, "#f3a46e"]], water);
  sun(s, 520, water - 20, 24, "#ffd9b3", C.orange, 300, 0.45);
  streak(s, 600, 520, 900, 18, "#f7a27a", 0.4, 5);
  streak(s, 1300, 430, 1000, 26, "#55506f", 0.6, 8);
  streak(s, 350, 610, 600, 12, "#ffc296", 0.45, 3);
  const r = s.rand;
  for (let i = 0; i < 40; i++) s.add(el("circle", { cx: between(r, 0, W), cy: between(r, 0, 260), r: between(r, 0.6, 1.4), fill: C.foam, opacity: between(r, 0.2, 0.6) }));

  // Skyline: the boulevard with a ferris wheel on the pier, far right.
  const skyline: string[] = [];
  let x = 820;
  while (x < 1960) {
    const bw = between(r, 40, 110);
    const bh = between(r, 30, 150) * (x > 1300 && x < 1500 ? 1.6 : 1);
    skyline.push(el("rect", { x, y: water - 40 - bh, width: bw + 1, height: bh + 40, fill: "#1a2233" }));
    for (let wy = water - 30 - bh; wy < water - 50; wy += 14) {
      for (let wx = x + 6; wx < x + bw - 8; wx += 12) {
        if (r() < 0.28) skyline.push(el("rect", { x: wx, y: wy, width: 5, height: 6, fill: "#ffc77a", opacity: between(r, 0.5, 0.95) }));
      }
    }
    x += bw;
  }
  // Kurhaus-like dome.
  skyline.push(el("path", { d: `M1000,${water - 110}Q1060,${water - 210} 1120,${water - 110}Z`, fill: "#1a2233" }));
  const wheelX = 1760;
  const wheelY = water - 200;
  const spokes: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    spokes.push(`M${wheelX},${wheelY}L${n1(wheelX + Math.cos(a) * 120)},${n1(wheelY + Math.sin(a) * 120)}`);
  }
  skyline.push(
    el("circle", { cx: wheelX, cy: wheelY, r: 120, fill: "none", stroke: "#2a3550", "stroke-width": 5 }),
    el("path", { d: spokes.join(""), stroke: "#2a3550", "stroke-width": 1.5 }),
    el("path", { d: `M${wheelX - 70},${water - 30}L${wheelX},${wheelY}L${wheelX + 70},${water - 30}`, stroke: "#2a3550", "stroke-width": 6, fill: "none" }),
  );
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    skyline.push(el("circle", { cx: wheelX + Math.cos(a) * 120, cy: wheelY + Math.sin(a) * 120, r: 3.5, fill: "#ffd39a" }));
  }
  s.add(g({ opacity: 0.95 }, ...skyline));
  s.add(el("rect", { x: 0, y: water - 40, width: W, height: 40, fill: s.linear([[0, "#1a2233", 0], [1, "#121a28", 1]], 0, water - 40, 0, water) }));

  // Lighthouse on the harbour head (left).
  const lx = 300;
  const lighthouse = g(
    {},
    el("path", { d: `M${lx - 30},${water - 30}L${lx - 16},${water - 430}L${lx + 16},${water - 430}L${lx + 30},${water - 30}Z`, fill: s.linear([[0, "#e9eef2"], [0.6, "#b9c7d3"], [1, "#6d8092"]], lx - 30, 0, lx + 30, 0) }),
    el("path", { d: `M${lx - 27},${water - 130}L${lx + 27},${water - 130}L${lx + 26},${water - 170}L${lx - 26},${water - 170}ZM${lx - 22},${water - 290}L${lx + 22},${water - 290}L${lx + 21},${water - 330}L${lx - 21},${water - 330}Z`, fill: "#c7402a" }),
    el("rect", { x: lx - 26, y: water - 438, width: 52, height: 10, fill: "#2a3550" }),
    el("rect", { x: lx - 14, y: water - 472, width: 28, height: 34, fill: "#ffe2a8" }),
    el("path", { d: `M${lx - 18},${water - 472}Q${lx},${water - 500} ${lx + 18},${water - 472}Z`, fill: "#2a3550" }),
    el("path", { d: `M${lx - 40},${water - 30}L${lx + 40},${water - 30}L${lx + 36},${water - 10}L${lx - 36},${water - 10}Z`, fill: "#1a2233" }),
  );
  s.add(
    el("path", { d: `M${lx},${water - 455}L${lx + 1400},${water - 620}L${lx + 1400},${water - 420}Z`, fill: s.linear([[0, "#ffe2a8", 0.35], [1, "#ffe2a8", 0]], lx, 0, lx + 1400, 0) }),
    el("circle", { cx: lx, cy: water - 455, r: 60, fill: s.radial([[0, "#fff1c8", 0.9], [1, "#ffe2a8", 0]], lx, water - 455, 60) }),
  );
  const pier = el("path", { d: `M-20,${water - 14}L560,${water - 14}L560,${water + 6}L-20,${water + 6}Z`, fill: "#121a28" });
  s.add(lighthouse, pier);

  // Masts of other boats in the marina.
  const masts: string[] = [];
  for (let i = 0; i < 14; i++) {
    const mx = between(r, 620, 1000) + i * 8;
    masts.push(el("path", { d: `M${n1(mx)},${water - 6}L${n1(mx)},${n1(water - between(r, 110, 230))}`, stroke: "#2a3550", "stroke-width": 2 }));
  }
  s.add(...masts);

  // Water.
  s.add(el("rect", { x: 0, y: water, width: W, height: H - water, fill: s.linear([[0, "#3e4766"], [0.15, "#1d3350"], [1, "#07131f"]], 0, water, 0, H) }));
  glitter(s, 520, water + 4, H, 200, "#ffbf8a", 160, 0.7);
  for (let i = 0; i < 40; i++) {
    const lx2 = between(r, 840, 1900);
    s.add(el("rect", { x: lx2, y: water + between(r, 4, 60), width: 2.5, height: between(r, 12, 60), fill: "#ffc77a", opacity: between(r, 0.1, 0.4) }));
  }

  // The yacht moored alongside a pontoon, sails down.
  const boat: YachtOpts = { x: 1150, y: 905, scale: 2.15, dir: 1, rig: "bare", hull: "#0c1c2d", deck: "#4a6278", rigging: "#1a2a3d", crew: [{ at: 60, pose: "stand", dir: 1 }, { at: 150, pose: "sit", dir: -1 }], crewColor: "#0a1622" };
  const boatXml = yacht(s, boat);
  reflection(s, boatXml, 905, 0.4, 3);
  s.add(boatXml);
  // Furled mainsail on the boom.
  const b1 = yachtPoint(boat, [14, -37]);
  const b2 = yachtPoint(boat, [116, -35]);
  s.add(el("path", { d: `M${P(b1)}L${P(b2)}`, stroke: "#dfe7ee", "stroke-width": 9, "stroke-linecap": "round" }));
  // Pontoon and mooring lines.
  s.add(
    el("path", { d: "M700,915L1920,915L1920,960L700,960Z", fill: "#2a3446" }),
    el("path", { d: "M700,915L1920,915", stroke: "#59667c", "stroke-width": 3 }),
    el("path", { d: "M890,890Q930,930 960,915M1410,890Q1440,930 1480,915", stroke: "#cfd8e0", "stroke-width": 2.5, fill: "none" }),
  );
  for (let px = 760; px < 1920; px += 220) {
    s.add(el("rect", { x: px, y: 880, width: 14, height: 110, fill: "#1a2233" }), el("circle", { cx: px + 7, cy: 875, r: 5, fill: "#ffd39a" }), el("circle", { cx: px + 7, cy: 875, r: 26, fill: s.radial([[0, "#ffd39a", 0.45], [1, "#ffd39a", 0]], px + 7, 875, 26) }));
  }
  ripples(s, 0, W, water + 10, H, "#9fb4c8", 120, 0.25);
  vignette(s, 0.55);
  grain(s, 0.045);
  return s;
}

function atlantic(): Scene {
  const s = new Scene(W, H, 404);
  const horizon = 600;
  sky(s, [[0, "#1a5f8a"], [0.55, "#4f9cc8"], [1, "#cde4f5"]], horizon);
  sun(s, 1520, 150, 52, "#fffaf0", "#fff3d6", 480, 0.6);
  // Trade-wind cumulus in rows, shrinking with distance.
  const r = s.rand;
  const rows = [
    { y: 560, n: 9, w: 150, h: 34 },
    { y: 500, n: 6, w: 260, h: 60 },
    { y: 400, n: 4, w: 420, h: 110 },
  ];
  for (const row of rows) {
    for (let i = 0; i < row.n; i++) {
      const cx = (i + 0.3 + r() * 0.4) * (W / row.n);
      cloud(s, cx, row.y + between(r, -15, 15), row.w * between(r, 0.7, 1.2), row.h * between(r, 0.8, 1.2), C.white, "#9fc3dc", 0.95);
    }
  }
  seaLayer(s, waveLine(s, { y: horizon + 8, amp: 3, len: 110, chop: 0.3 }), { top: "#2d7aa6", bottom: C.ocean, highlight: C.white, highlightOpacity: 0.45 });
  glitter(s, 1520, horizon + 6, horizon + 200, 300, C.white, 140, 0.8);
  seaLayer(s, waveLine(s, { y: horizon + 60, amp: 10, len: 260, chop: 0.6 }), { top: "#1f6f99", bottom: C.ocean, highlight: C.white, highlightOpacity: 0.35, caps: 0.35 });
  seaLayer(s, waveLine(s, { y: horizon + 140, amp: 18, len: 420, chop: 0.7 }), { top: "#1a6690", bottom: "#0b3d5c", highlight: C.white, highlightOpacity: 0.3, caps: 0.45 });
  const swell = waveLine(s, { y: 900, amp: 40, len: 1100, chop: 0.7, phase: 2.6, detail: 0.22 });
  const bx = 820;
  const boat: YachtOpts = {
    x: bx,
    y: surfaceAt(swell, bx) - 1,
    scale: 2.2,
    dir: 1,
    pitch: -3,
    heel: 6,
    rig: "spinnaker",
    hull: "#0b1f33",
    sail: ["#ffffff", "#c7d9ea", "#f1f6fb"],
    spinnaker: [C.orange, "#c24a22"],
    rigging: "#1b2e42",
    crew: [
      { at: 30, pose: "helm", dir: 1, jacket: C.orange },
      { at: 62, pose: "trim", dir: 1 },
      { at: 168, pose: "crouch", dir: 1, jacket: "#e9eef3" },
    ],
  };
  s.add(yacht(s, boat));
  wake(s, boat, 640, C.white, 0.8);
  seaLayer(s, swell, { top: "#1f78a3", bottom: "#072f4a", highlight: C.white, highlightOpacity: 0.5, caps: 0.55 });
  const bow = yachtPoint(boat, [205, -2]);
  spray(s, bow[0] + 10, bow[1] + 6, 110, 110, C.white, -40, 60);
  seaLayer(s, waveLine(s, { y: 1050, amp: 26, len: 640, chop: 0.7 }), { top: "#155f88", bottom: "#06243a", highlight: C.white, highlightOpacity: 0.35, caps: 0.5 });

  // Flying fish gliding over the waves, with splash trails.
  const fish = (fx: number, fy: number, size: number, angle: number): void => {
    const body = `M${-size},0Q${-size * 0.2},${-size * 0.22} ${size * 0.9},${-size * 0.04}Q${size},0 ${size * 0.9},${size * 0.05}Q${-size * 0.2},${size * 0.16} ${-size},0Z`;
    const wing = `M${size * 0.3},${-size * 0.05}L${-size * 0.55},${-size * 0.75}L${-size * 0.2},${-size * 0.02}Z`;
    const wing2 = `M${size * 0.3},${size * 0.03}L${-size * 0.4},${size * 0.55}L${-size * 0.1},${size * 0.06}Z`;
    const tail = `M${-size * 0.9},0L${-size * 1.35},${-size * 0.3}L${-size * 1.15},0L${-size * 1.35},${size * 0.35}Z`;
    s.add(
      g(
        { transform: `translate(${n1(fx)} ${n1(fy)}) rotate(${angle})` },
        el("path", { d: wing, fill: "#cfe5f5", opacity: 0.85 }),
        el("path", { d: `${body}${tail}`, fill: "#0d3550" }),
        el("path", { d: wing2, fill: "#a9cde6", opacity: 0.8 }),
      ),
    );
    s.add(el("path", { d: `M${n1(fx - size * 1.4)},${n1(fy + size * 0.3)}Q${n1(fx - size * 5)},${n1(fy + size * 1.8)} ${n1(fx - size * 9)},${n1(fy + size * 3.2)}`, stroke: C.white, "stroke-width": 2, "stroke-dasharray": "2 9", "stroke-linecap": "round", fill: "none", opacity: 0.7 }));
  };
  fish(1380, 860, 30, -8);
  fish(1490, 905, 24, -4);
  fish(1290, 930, 20, -12);
  vignette(s, 0.35);
  grain(s, 0.035);
  return s;
}

function northSea(): Scene {
  const s = new Scene(W, H, 505);
  const horizon = 590;
  const grey = "#5d6f70";
  const greenGrey = mix(C.teal, "#4f5f5c", 0.6);
  sky(s, [[0, "#1b2629"], [0.4, "#334346"], [0.75, "#6d7f7d"], [1, "#9fb0aa"]], horizon);
  // Break in the clouds with light rays.
  s.add(el("ellipse", { cx: 1350, cy: 330, rx: 320, ry: 90, fill: s.radial([[0, "#e8f0ea", 0.85], [1, "#c9d6cf", 0]], 1350, 330, 320, 0.35) }));
  const rays: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x0 = 1240 + i * 45;
    const x1 = 900 + i * 190;
    rays.push(el("path", { d: `M${x0},330L${x0 + 30},330L${x1 + 90},${horizon}L${x1},${horizon}Z`, fill: "#dfe9e3", opacity: 0.07 + (i % 2) * 0.05 }));
  }
  s.add(g({ filter: s.blur(6) }, ...rays));
  const r = s.rand;
  for (let i = 0; i < 9; i++) streak(s, between(r, 0, W), between(r, 60, 420), between(r, 400, 1100), between(r, 40, 110), mix("#1b2629", grey, r()), between(r, 0.5, 0.85), 18);
  // Rain curtain.
  const rain: string[] = [];
  for (let i = 0; i < 110; i++) {
    const x = between(r, 200, 900);
    const y = between(r, 300, 560);
    rain.push(el("path", { d: `M${n1(x)},${n1(y)}l-14,60`, stroke: "#b8c6c2", "stroke-width": 1.2, opacity: between(r, 0.1, 0.3) }));
  }
  s.add(...rain);
  // Offshore wind farm on the horizon.
  for (let i = 0; i < 9; i++) {
    const tx = 120 + i * 95 + between(r, -12, 12);
    const th = between(r, 55, 70);
    const hy = horizon - th;
    const a = r() * 120;
    const blades = [0, 120, 240]
      .map((b) => {
        const ang = ((a + b) * Math.PI) / 180;
        return `M${n1(tx)},${n1(hy)}L${n1(tx + Math.cos(ang) * th * 0.45)},${n1(hy + Math.sin(ang) * th * 0.45)}`;
      })
      .join("");
    s.add(el("path", { d: `M${n1(tx)},${horizon}L${n1(tx)},${n1(hy)}${blades}`, stroke: "#a7b4b0", "stroke-width": 1.6, opacity: 0.75, fill: "none" }));
  }
  seaLayer(s, waveLine(s, { y: horizon + 6, amp: 4, len: 80, chop: 0.6 }), { top: "#7f928d", bottom: greenGrey, highlight: "#e6eee8", highlightOpacity: 0.5 });
  glitter(s, 1350, horizon + 6, horizon + 140, 420, "#e6eee8", 90, 0.5);
  seaLayer(s, waveLine(s, { y: horizon + 50, amp: 12, len: 180, chop: 0.8 }), { top: mix(greenGrey, "#9fb0aa", 0.2), bottom: "#22302f", highlight: C.white, highlightOpacity: 0.4, caps: 0.5 });
  seaLayer(s, waveLine(s, { y: horizon + 120, amp: 22, len: 300, chop: 0.85 }), { top: greenGrey, bottom: "#1b2726", highlight: C.white, highlightOpacity: 0.35, caps: 0.6 });
  const chop = waveLine(s, { y: 905, amp: 52, len: 700, chop: 0.85, phase: 3.4, detail: 0.3 });
  const bx = 1000;
  const boat: YachtOpts = {
    x: bx,
    y: surfaceAt(chop, bx) + 4,
    scale: 2.2,
    dir: 1,
    pitch: 7,
    heel: -14,
    rig: "reefed",
    hull: "#101b22",
    deck: "#56656a",
    sail: ["#eef2ef", "#8c9c98", "#cfd9d4"],
    rigging: "#1d2a30",
    crew: [
      { at: 32, pose: "helm", dir: 1, jacket: C.orange },
      { at: 120, pose: "sit", dir: 1, jacket: C.orange },
      { at: 140, pose: "sit", dir: 1 },
      { at: 160, pose: "sit", dir: 1, jacket: C.orange },
    ],
    crewColor: "#0d161b",
  };
  s.add(yacht(s, boat));
  wake(s, boat, 500, "#e9f0ec", 0.7);
  seaLayer(s, chop, { top: mix(greenGrey, "#7f928d", 0.35), bottom: "#121b1b", highlight: C.white, highlightOpacity: 0.5, caps: 0.7 });
  const bow = yachtPoint(boat, [200, -6]);
  spray(s, bow[0], bow[1] + 10, 200, 240, "#f1f5f2", -110, 90);
  seaLayer(s, waveLine(s, { y: 1050, amp: 36, len: 420, chop: 0.85 }), { top: "#3b4b49", bottom: "#0b1212", highlight: C.white, highlightOpacity: 0.35, caps: 0.65 });
  // Driving rain/spray streaks across the frame.
  const streaks: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = between(r, 0, W);
    const y = between(r, 0, H);
    streaks.push(el("path", { d: `M${n1(x)},${n1(y)}l-30,${n1(between(r, 8, 14))}`, stroke: C.white, "stroke-width": 1.3, opacity: between(r, 0.08, 0.22), "stroke-linecap": "round" }));
  }
  s.add(...streaks);
  vignette(s, 0.65);
  grain(s, 0.05);
  return s;
}

function corporate(): Scene {
  const s = new Scene(W, H, 606);
  const horizon = 560;
  sky(s, [[0, "#2f86b8"], [0.6, "#86c1e3"], [1, "#e3f0fa"]], horizon);
  sun(s, 380, 140, 50, "#fffdf5", "#fff6df", 460, 0.65);
  cloud(s, 1320, 260, 420, 90, C.white, "#cfe3f1", 0.9);
  cloud(s, 1700, 330, 260, 60, C.white, "#d5e7f3", 0.85);
  cloud(s, 820, 380, 300, 50, C.white, "#d5e7f3", 0.7);
  // Low Dutch coastline with dunes and a church tower.
  const r = s.rand;
  const dunes: Pt[] = [];
  for (let x = -20; x <= 1100; x += 40) dunes.push([x, horizon - 10 - Math.sin(x / 120) * 6 - r() * 6]);
  dunes.push([1100, horizon], [-20, horizon]);
  s.add(el("path", { d: `${smooth(dunes.slice(0, -2))}L1100,${horizon}L-20,${horizon}Z`, fill: "#8fb3a8", opacity: 0.7 }));
  s.add(el("path", { d: `M640,${horizon - 14}L640,${horizon - 48}L646,${horizon - 62}L652,${horizon - 48}L652,${horizon - 14}Z`, fill: "#7a9f96" }));
  seaLayer(s, waveLine(s, { y: horizon + 4, amp: 2, len: 90, chop: 0.2 }), { top: "#5eaccb", bottom: "#2d8fb0", highlight: C.white, highlightOpacity: 0.5 });
  glitter(s, 380, horizon + 4, H, 380, C.white, 260, 0.85);
  seaLayer(s, waveLine(s, { y: horizon + 90, amp: 6, len: 260, chop: 0.4 }), { top: "#2f98b8", bottom: C.teal, highlight: C.white, highlightOpacity: 0.35 });
  const water = waveLine(s, { y: 880, amp: 12, len: 700, chop: 0.5, phase: 1.2 });
  const bx = 1120;
  const boat: YachtOpts = {
    x: bx,
    y: surfaceAt(water, bx) - 1,
    scale: 2.3,
    dir: -1,
    pitch: 1,
    heel: -4,
    rig: "reach",
    hull: "#0b1f33",
    sail: ["#ffffff", "#c5d8e8", "#f3f8fc"],
    rigging: "#22364a",
    crew: [
      { at: 26, pose: "helm", dir: 1, jacket: C.orange },
      { at: 48, pose: "wave", dir: -1, jacket: "#f3f6f9" },
      { at: 66, pose: "stand", dir: -1, jacket: C.orange },
      { at: 84, pose: "sit", dir: -1, jacket: "#2f98b8" },
      { at: 132, pose: "sit", dir: -1, jacket: C.orange },
      { at: 150, pose: "stand", dir: 1, jacket: "#f3f6f9" },
      { at: 172, pose: "sit", dir: -1, jacket: "#2f98b8" },
    ],
  };
  s.add(yacht(s, boat));
  wake(s, boat, 420, C.white, 0.7);
  seaLayer(s, water, { top: "#2592b2", bottom: "#0b5a7a", highlight: C.white, highlightOpacity: 0.5, caps: 0.15 });
  ripples(s, 0, W, 900, H, C.white, 120, 0.35);
  gull(s, 1560, 180, 18, "#2d4a60");
  gull(s, 1610, 215, 13, "#2d4a60");
  gull(s, 1500, 240, 10, "#2d4a60", 0.6);
  vignette(s, 0.3);
  grain(s, 0.03);
  return s;
}

function training(): Scene {
  const s = new Scene(W, H, 707);
  const horizon = 520;
  sky(s, [[0, "#5a8fb3"], [0.7, "#a7c9e0"], [1, "#dbe9f4"]], horizon);
  sun(s, 1650, 120, 40, "#ffffff", "#eef6ff", 360, 0.5);
  cloud(s, 500, 330, 600, 110, C.white, "#b7cfe2", 0.85);
  cloud(s, 1200, 420, 400, 70, C.white, "#c3d8e8", 0.8);
  streak(s, 1500, 300, 600, 30, C.white, 0.5, 10);
  seaLayer(s, waveLine(s, { y: horizon + 4, amp: 3, len: 100, chop: 0.3 }), { top: "#4d8fa8", bottom: C.teal, highlight: C.white, highlightOpacity: 0.4 });
  // A coach RIB in the distance.
  s.add(
    el("path", { d: `M300,${horizon + 40}L380,${horizon + 40}L372,${horizon + 50}L306,${horizon + 50}Z`, fill: "#2a3b48" }),
    el("path", { d: `M340,${horizon + 40}L346,${horizon + 28}L356,${horizon + 28}L358,${horizon + 40}Z`, fill: "#2a3b48" }),
    el("path", { d: `M300,${horizon + 51}L230,${horizon + 54}`, stroke: C.white, "stroke-width": 2, opacity: 0.6 }),
  );
  seaLayer(s, waveLine(s, { y: horizon + 70, amp: 8, len: 240, chop: 0.5 }), { top: "#3a8aa3", bottom: "#17627a", highlight: C.white, highlightOpacity: 0.35, caps: 0.2 });
  const water = waveLine(s, { y: 850, amp: 16, len: 600, chop: 0.6, phase: 0.2 });
  // Curving wake of the tack.
  const bx = 860;
  const boat: YachtOpts = {
    x: bx,
    y: surfaceAt(water, bx) - 1,
    scale: 2.1,
    dir: 1,
    pitch: 1,
    heel: 2,
    rig: "luffing",
    hull: "#0b1f33",
    sail: ["#ffffff", "#b9cfe1", "#eef4f9"],
    rigging: "#22364a",
    crew: [
      { at: 28, pose: "helm", dir: 1, jacket: C.orange },
      { at: 60, pose: "grind", dir: 1 },
      { at: 92, pose: "grind", dir: -1, jacket: C.orange },
      { at: 126, pose: "trim", dir: 1 },
      { at: 178, pose: "crouch", dir: 1, jacket: C.orange },
    ],
  };
  const stern = yachtPoint(boat, [0, 2]);
  s.add(
    el("path", { d: `M${P(stern)}C${n1(stern[0] - 260)},${n1(stern[1] + 10)} ${n1(stern[0] - 430)},${n1(stern[1] + 150)} ${n1(stern[0] - 280)},${n1(stern[1] + 260)}`, stroke: C.white, "stroke-width": 16, fill: "none", opacity: 0.25, "stroke-linecap": "round" }),
    el("path", { d: `M${P(stern)}C${n1(stern[0] - 260)},${n1(stern[1] + 10)} ${n1(stern[0] - 430)},${n1(stern[1] + 150)} ${n1(stern[0] - 280)},${n1(stern[1] + 260)}`, stroke: C.white, "stroke-width": 4, fill: "none", opacity: 0.55, "stroke-dasharray": "30 18 8 18", "stroke-linecap": "round" }),
  );
  s.add(yacht(s, boat));
  wake(s, boat, 200, C.white, 0.7);
  seaLayer(s, water, { top: "#2b8aa5", bottom: "#0c5068", highlight: C.white, highlightOpacity: 0.45, caps: 0.25 });
  // Orange racing mark in the foreground.
  const mx = 1520;
  const my = 965;
  s.add(
    el("ellipse", { cx: mx, cy: my + 8, rx: 120, ry: 18, fill: "#0b3b50", opacity: 0.5 }),
    el("path", { d: `M${mx - 80},${my}L${mx - 62},${my - 260}Q${mx},${my - 285} ${mx + 62},${my - 260}L${mx + 80},${my}Q${mx},${my + 22} ${mx - 80},${my}Z`, fill: s.linear([[0, "#ffa27a"], [0.45, C.orange], [1, "#b8431c"]], mx - 80, 0, mx + 80, 0) }),
    el("path", { d: `M${mx - 66},${my - 190}Q${mx},${my - 206} ${mx + 66},${my - 190}L${mx + 70},${my - 150}Q${mx},${my - 166} ${mx - 70},${my - 150}Z`, fill: C.white, opacity: 0.9 }),
    el("ellipse", { cx: mx, cy: my - 262, rx: 62, ry: 12, fill: "#ffb38f" }),
    el("path", { d: `M${mx - 140},${my + 6}Q${mx},${my + 40} ${mx + 150},${my + 4}`, stroke: C.white, "stroke-width": 5, fill: "none", opacity: 0.6, "stroke-linecap": "round" }),
  );
  reflection(s, el("path", { d: `M${mx - 80},${my}L${mx - 62},${my - 260}L${mx + 62},${my - 260}L${mx + 80},${my}Z`, fill: C.orange }), my + 10, 0.3, 6);
  seaLayer(s, waveLine(s, { y: 1060, amp: 14, len: 500, chop: 0.6 }), { top: "#1a7590", bottom: "#083a4d", highlight: C.white, highlightOpacity: 0.35, caps: 0.3 });
  gull(s, 1180, 210, 16, "#36556b");
  gull(s, 1230, 240, 11, "#36556b", 0.7);
  vignette(s, 0.35);
  grain(s, 0.03);
  return s;
}

function evening(): Scene {
  const s = new Scene(W, H, 808);
  const horizon = 660;
  sky(s, [[0, "#14213a"], [0.3, "#3b3a5c"], [0.55, "#a2546a"], [0.78, "#ef7d4c"], [0.92, "#fbb36a"], [1, "#ffd79a"]], horizon);
  sun(s, 980, horizon - 40, 70, "#ffe2a8", "#ff9a55", 700, 0.55);
  streak(s, 700, 520, 900, 16, "#ffb07a", 0.55, 4);
  streak(s, 1320, 470, 1000, 20, "#d9687a", 0.5, 6);
  streak(s, 1100, 600, 1200, 10, "#ffd2a0", 0.5, 3);
  streak(s, 400, 380, 700, 24, "#6c4a6e", 0.5, 8);
  // Water: flat, reflecting the sky.
  s.add(el("rect", { x: 0, y: horizon, width: W, height: H - horizon, fill: s.linear([[0, "#f39a62"], [0.12, "#b8607a"], [0.45, "#3b3a5c"], [1, "#0f1a2e"]], 0, horizon, 0, H) }));
  glitter(s, 980, horizon + 2, H, 340, "#ffe0a8", 320, 0.9);
  // Distant Scheveningen pier silhouette.
  s.add(
    el("path", { d: `M120,${horizon - 8}L560,${horizon - 8}L560,${horizon - 2}L120,${horizon - 2}Z`, fill: "#3b2a44", opacity: 0.8 }),
    el("path", { d: `M300,${horizon - 8}L300,${horizon - 34}L340,${horizon - 34}L340,${horizon - 8}Z`, fill: "#3b2a44", opacity: 0.8 }),
    el("circle", { cx: 470, cy: horizon - 46, r: 38, fill: "none", stroke: "#3b2a44", "stroke-width": 3, opacity: 0.8 }),
  );
  const bx = 1320;
  const wl = 820;
  const boat: YachtOpts = {
    x: bx,
    y: wl,
    scale: 1.9,
    dir: -1,
    heel: -3,
    rig: "reach",
    hull: "#1a1426",
    deck: "#3a2e45",
    sail: ["#3a2a40", "#2a2035", "#4a3348"],
    accent: "#d8552a",
    rigging: "#1a1426",
    crew: [
      { at: 26, pose: "helm", dir: 1 },
      { at: 56, pose: "sit", dir: -1 },
      { at: 74, pose: "sit", dir: -1 },
      { at: 120, pose: "sit", dir: -1 },
      { at: 140, pose: "stand", dir: -1 },
    ],
    crewColor: "#1a1426",
    seams: 0.12,
  };
  const boatXml = yacht(s, boat);
  reflection(s, boatXml, wl + 4, 0.5, 2.5);
  s.add(boatXml);
  wake(s, boat, 380, "#ffd6a6", 0.55);
  ripples(s, 0, W, horizon + 8, H, "#ffd2a0", 160, 0.3);
  gull(s, 640, 300, 16, "#2a1f33");
  gull(s, 700, 330, 11, "#2a1f33", 0.7);
  vignette(s, 0.5);
  grain(s, 0.04);
  return s;
}

function podium(): Scene {
  const s = new Scene(W, H, 909);
  const horizon = 640;
  sky(s, [[0, "#050d18"], [0.5, C.navy], [0.85, "#1c3552"], [1, mix(C.ocean, C.orange, 0.3)]], horizon);
  // City lights of the finish port.
  const r = s.rand;
  const lights: string[] = [];
  for (let x = 0; x < W; x += between(r, 30, 80)) {
    const bh = between(r, 20, 80);
    lights.push(el("rect", { x, y: horizon - bh, width: between(r, 28, 70), height: bh, fill: "#0f2237" }));
    for (let i = 0; i < 4; i++) if (r() < 0.7) lights.push(el("rect", { x: x + between(r, 4, 24), y: horizon - between(r, 6, bh - 4), width: 3, height: 4, fill: "#ffcf8a", opacity: between(r, 0.5, 1) }));
  }
  s.add(...lights);
  // Fireworks.
  const burst = (cx: number, cy: number, radius: number, color: string, rays: number): void => {
    const parts: string[] = [el("circle", { cx, cy, r: radius * 1.2, fill: s.radial([[0, color, 0.35], [1, color, 0]], cx, cy, radius * 1.2) })];
    for (let i = 0; i < rays; i++) {
      const a = (i / rays) * Math.PI * 2 + r() * 0.1;
      const len = radius * between(r, 0.75, 1);
      const x1 = cx + Math.cos(a) * len * 0.25;
      const y1 = cy + Math.sin(a) * len * 0.25;
      const x2 = cx + Math.cos(a) * len;
      const y2 = cy + Math.sin(a) * len + len * 0.08;
      parts.push(
        el("path", { d: `M${n1(x1)},${n1(y1)}Q${n1((x1 + x2) / 2)},${n1((y1 + y2) / 2 - 4)} ${n1(x2)},${n1(y2)}`, stroke: color, "stroke-width": 2.2, "stroke-linecap": "round", fill: "none", opacity: 0.8 }),
        el("circle", { cx: x2, cy: y2, r: 3.2, fill: C.white }),
      );
    }
    s.add(g({}, ...parts));
  };
  burst(520, 220, 150, C.orange, 36);
  burst(1040, 140, 110, C.foam, 30);
  burst(1500, 260, 170, "#ffcf8a", 40);
  burst(820, 360, 80, "#58b6c8", 24);
  burst(1780, 120, 90, C.orange, 26);
  s.add(el("rect", { x: 0, y: horizon, width: W, height: H - horizon, fill: s.linear([[0, "#1d3a56"], [0.2, "#0c2338"], [1, "#040c16"]], 0, horizon, 0, H) }));
  glitter(s, 520, horizon + 4, H - 120, 260, C.orange, 90, 0.55);
  glitter(s, 1500, horizon + 4, H - 120, 260, "#ffcf8a", 90, 0.55);
  glitter(s, 1040, horizon + 4, H - 200, 160, C.foam, 50, 0.45);
  // Committee boat with a string of flags (right) and the pin buoy (left) — the finish line.
  const cbx = 1620;
  const cby = 870;
  const flags: string[] = [];
  const flagCols = [C.orange, C.white, C.teal, "#f4c542", C.ocean, C.orange, C.white, "#c7402a"];
  for (let i = 0; i < 8; i++) {
    const t = (i + 0.5) / 8;
    const fx = cbx - 40 + t * 260;
    const fy = cby - 300 + t * 200 + Math.sin(Math.PI * t) * 30;
    flags.push(el("path", { d: `M${n1(fx)},${n1(fy)}l26,4l-4,30l-24,-4Z`, fill: flagCols[i] }));
  }
  s.add(
    el("path", { d: `M${cbx - 120},${cby - 40}L${cbx + 240},${cby - 40}L${cbx + 220},${cby}L${cbx - 100},${cby}Z`, fill: "#0e1a28" }),
    el("path", { d: `M${cbx - 40},${cby - 40}L${cbx - 30},${cby - 90}L${cbx + 120},${cby - 90}L${cbx + 130},${cby - 40}Z`, fill: "#162536" }),
    el("path", { d: `M${cbx - 40},${cby - 90}L${cbx - 40},${cby - 310}`, stroke: "#162536", "stroke-width": 5 }),
    el("path", { d: `M${cbx - 40},${cby - 300}Q${cbx + 90},${cby - 170} ${cbx + 220},${cby - 40}`, stroke: "#8ea4b8", "stroke-width": 1.5, fill: "none" }),
    ...flags,
    el("rect", { x: cbx - 60, y: cby - 330, width: 60, height: 40, fill: "#0b6b3a" }),
    el("rect", { x: cbx - 48, y: cby - 324, width: 36, height: 28, fill: C.white, opacity: 0.9 }),
  );
  // Finish line laser / glow on the water.
  s.add(el("path", { d: `M380,${cby + 6}L${cbx - 110},${cby - 2}`, stroke: "#ffcf8a", "stroke-width": 3, "stroke-dasharray": "18 14", opacity: 0.55 }));
  s.add(
    el("path", { d: `M360,${cby + 10}L372,${cby - 60}L388,${cby - 60}L400,${cby + 10}Z`, fill: C.orange }),
    el("path", { d: `M380,${cby - 60}L380,${cby - 120}`, stroke: "#d9e2ea", "stroke-width": 3 }),
    el("path", { d: `M380,${cby - 120}l34,8l-34,10Z`, fill: "#c7402a" }),
  );
  // The yacht crossing the line, crew celebrating with flares.
  const bx = 1000;
  const boat: YachtOpts = {
    x: bx,
    y: 905,
    scale: 2.1,
    dir: -1,
    pitch: 2,
    heel: -6,
    rig: "upwind",
    hull: "#07121d",
    deck: "#2c4258",
    sail: ["#ffd9b8", "#6d879e", "#e9eff6"],
    rigging: "#0e1d2c",
    crew: [
      { at: 26, pose: "cheer", dir: 1 },
      { at: 52, pose: "cheer", dir: -1, jacket: C.orange },
      { at: 78, pose: "wave", dir: -1 },
      { at: 140, pose: "cheer", dir: 1, jacket: C.orange },
      { at: 170, pose: "wave", dir: -1 },
    ],
    crewColor: "#050d16",
  };
  const boatXml = yacht(s, boat);
  reflection(s, boatXml, 910, 0.35, 3);
  s.add(boatXml);
  // Red hand flares held aloft, with glow and smoke.
  for (const at of [52, 140]) {
    const hand = yachtPoint(boat, [at, -38]);
    s.add(
      el("circle", { cx: hand[0], cy: hand[1] - 20, r: 160, fill: s.radial([[0, "#ff5a3a", 0.55], [0.3, "#ff5a3a", 0.2], [1, "#ff5a3a", 0]], hand[0], hand[1] - 20, 160) }),
      el("ellipse", { cx: hand[0] + 90, cy: hand[1] - 130, rx: 120, ry: 50, fill: "#c9a0a0", opacity: 0.2, filter: s.blur(20) }),
      el("circle", { cx: hand[0], cy: hand[1] - 20, r: 7, fill: "#fff0d0" }),
    );
  }
  wake(s, boat, 480, "#ffd6b0", 0.55);
  ripples(s, 0, W, horizon + 10, H, "#ffcf8a", 110, 0.25);
  vignette(s, 0.55);
  grain(s, 0.04);
  return s;
}

function boatYard(): Scene {
  const s = new Scene(W, H, 1010);
  const ground = 860;
  sky(s, [[0, "#24435e"], [0.6, "#6a93b3"], [1, "#d9e6ef"]], ground);
  sun(s, 1660, 180, 40, "#fff6e8", "#ffe9c9", 380, 0.45);
  cloud(s, 1200, 220, 520, 90, "#f4f8fb", "#b9cddd", 0.75);
  // Shed with big doors and floodlights.
  s.add(
    el("path", { d: `M60,${ground}L60,360L420,250L780,360L780,${ground}Z`, fill: "#2a3d4f" }),
    el("path", { d: `M160,${ground}L160,470L680,470L680,${ground}Z`, fill: "#15222f" }),
    el("path", { d: `M160,470L680,470L680,500L160,500Z`, fill: C.orange, opacity: 0.9 }),
    el("circle", { cx: 420, cy: 420, r: 18, fill: "#fff1c8" }),
    el("circle", { cx: 420, cy: 420, r: 90, fill: s.radial([[0, "#fff1c8", 0.6], [1, "#fff1c8", 0]], 420, 420, 90) }),
  );
  // Corrugated wall lines.
  const ribs: string[] = [];
  for (let x = 80; x < 780; x += 26) ribs.push(`M${x},${x < 420 ? n1(360 - ((x - 60) * 110) / 360) : n1(250 + ((x - 420) * 110) / 360)}L${x},470`);
  s.add(el("path", { d: ribs.join(""), stroke: "#35506a", "stroke-width": 2, opacity: 0.6 }));
  // Travel lift in the background.
  s.add(
    el("path", { d: `M1380,${ground}L1400,380L1420,380L1420,${ground}ZM1820,${ground}L1800,380L1780,380L1780,${ground}ZM1390,380L1810,380L1810,410L1390,410Z`, fill: C.teal }),
    el("path", { d: `M1380,${ground}L1440,${ground}M1760,${ground}L1830,${ground}`, stroke: "#15222f", "stroke-width": 18 }),
  );
  // Ground.
  s.add(el("rect", { x: 0, y: ground, width: W, height: H - ground, fill: s.linear([[0, "#7c8c98"], [1, "#3b4854"]], 0, ground, 0, H) }));
  const r = s.rand;
  const cracks: string[] = [];
  for (let i = 0; i < 14; i++) {
    const y = ground + Math.pow(r(), 1.5) * (H - ground);
    cracks.push(el("path", { d: `M0,${n1(y)}L${W},${n1(y + between(r, -4, 4))}`, stroke: "#5a6a76", "stroke-width": 1 + (y - ground) / 90, opacity: 0.35 }));
  }
  s.add(...cracks);
  // The yacht on its cradle, keel and rudders visible.
  const bx = 1040;
  const by = 690;
  const boat: YachtOpts = {
    x: bx,
    y: by,
    scale: 2.05,
    dir: 1,
    rig: "bare",
    hull: "#0b1f33",
    deck: "#4b667f",
    rigging: "#22364a",
    keel: true,
    crew: [{ at: 150, pose: "crouch", dir: 1, jacket: C.orange }],
  };
  s.add(el("ellipse", { cx: bx, cy: ground + 10, rx: 520, ry: 26, fill: "#1c2630", opacity: 0.45, filter: s.blur(10) }));
  // Cradle stands.
  const stand = (lx: number): string => {
    const top = yachtPoint(boat, [lx, 6]);
    return el("path", { d: `M${n1(top[0] - 8)},${n1(top[1])}L${n1(top[0] - 40)},${ground + 4}M${n1(top[0] + 8)},${n1(top[1])}L${n1(top[0] + 40)},${ground + 4}`, stroke: C.orange, "stroke-width": 8, "stroke-linecap": "round" });
  };
  s.add(stand(40), stand(150));
  // Keel block under the bulb.
  const bulb = yachtPoint(boat, [106, 79]);
  s.add(el("rect", { x: bulb[0] - 70, y: bulb[1], width: 140, height: ground - bulb[1] + 4, fill: "#5b4636" }));
  s.add(yacht(s, boat));
  // Fresh antifoul band being painted (lighter stripe), ladder and a worker.
  const ladTop = yachtPoint(boat, [60, -17]);
  const ladX = ladTop[0] - 60;
  s.add(
    el("path", { d: `M${n1(ladX)},${ground}L${n1(ladTop[0] - 6)},${n1(ladTop[1])}M${n1(ladX + 34)},${ground}L${n1(ladTop[0] + 26)},${n1(ladTop[1])}`, stroke: "#c9d3da", "stroke-width": 5 }),
  );
  const rungs: string[] = [];
  for (let i = 1; i < 10; i++) {
    const t = i / 10;
    const a = lerpPt([ladX, ground], [ladTop[0] - 6, ladTop[1]], t);
    const b = lerpPt([ladX + 34, ground], [ladTop[0] + 26, ladTop[1]], t);
    rungs.push(`M${P(a)}L${P(b)}`);
  }
  s.add(el("path", { d: rungs.join(""), stroke: "#c9d3da", "stroke-width": 3 }));
  s.add(person(1330, ground + 2, 150, "stand", { fill: "#15222f", jacket: C.orange, dir: -1, helmet: true }));
  s.add(person(1420, ground + 2, 146, "crouch", { fill: "#15222f", jacket: "#e9eef3", dir: -1, helmet: true }));
  const mid = lerpPt([ladX, ground], [ladTop[0] - 6, ladTop[1]], 0.45);
  s.add(person(mid[0] + 18, mid[1] + 10, 150, "climb", { fill: "#15222f", jacket: C.orange, dir: 1, helmet: true }));
  // Scaffold around the bow.
  const sc = yachtPoint(boat, [205, -10]);
  s.add(
    el("path", { d: `M${n1(sc[0] + 30)},${ground}L${n1(sc[0] + 30)},${n1(sc[1] - 20)}M${n1(sc[0] + 130)},${ground}L${n1(sc[0] + 130)},${n1(sc[1] - 20)}M${n1(sc[0] + 30)},${n1(sc[1] + 10)}L${n1(sc[0] + 130)},${n1(sc[1] + 10)}M${n1(sc[0] + 30)},${n1((sc[1] + ground) / 2)}L${n1(sc[0] + 130)},${n1((sc[1] + ground) / 2)}M${n1(sc[0] + 30)},${ground}L${n1(sc[0] + 130)},${n1(sc[1] + 10)}`, stroke: "#9aa9b5", "stroke-width": 5, fill: "none" }),
    el("rect", { x: sc[0] + 20, y: sc[1] + 4, width: 120, height: 10, fill: "#6d5a44" }),
  );
  // Stack of fenders / gear boxes.
  s.add(
    el("rect", { x: 120, y: ground + 40, width: 130, height: 70, rx: 4, fill: "#22364a" }),
    el("rect", { x: 150, y: ground - 10, width: 90, height: 50, rx: 4, fill: C.teal }),
    el("rect", { x: 260, y: ground + 60, width: 80, height: 50, rx: 4, fill: C.orange, opacity: 0.9 }),
  );
  vignette(s, 0.45);
  grain(s, 0.035);
  return s;
}

/* ------------------------------------------------------------------ catalogue */

interface Picture {
  name: string;
  draw: () => Scene;
  widths: number[];
  alt: { en: string; nl: string };
  /** Dominant colour, handy as a placeholder background. */
  color: string;
}

const PICTURES: Picture[] = [
  {
    name: "hero",
    draw: hero,
    widths: [640, 1280, 1920],
    color: C.navy,
    alt: {
      en: "Illustration of a 65-foot ocean racing yacht heeling over in a big ocean swell at dusk, spray flying off the bow.",
      nl: "Illustratie van een 65-voets oceaanraceboot die in de schemering schuin door een hoge oceaandeining vaart, met opspattend water bij de boeg.",
    },
  },
  {
    name: "crew",
    draw: crew,
    widths: [640, 1280],
    color: "#1a2c3e",
    alt: {
      en: "Illustration of crew silhouettes on the heeling deck of a racing yacht, grinding the winches under the mainsail.",
      nl: "Illustratie van bemanningsleden als silhouet op het schuine dek van een raceboot, draaiend aan de lieren onder het grootzeil.",
    },
  },
  {
    name: "harbour",
    draw: harbour,
    widths: [640, 1280],
    color: "#1d3350",
    alt: {
      en: "Illustration of Scheveningen harbour at evening with the racing yacht moored at the pontoon, the lighthouse and the pier's ferris wheel.",
      nl: "Illustratie van de haven van Scheveningen in de avond met de raceboot aangemeerd aan de steiger, de vuurtoren en het reuzenrad op de pier.",
    },
  },
  {
    name: "atlantic",
    draw: atlantic,
    widths: [640, 1280],
    color: C.ocean,
    alt: {
      en: "Illustration of a trade-wind Atlantic crossing: the yacht surfing under an orange spinnaker, with flying fish and sunshine.",
      nl: "Illustratie van een oversteek van de Atlantische Oceaan op de passaatwind: de boot surft onder een oranje spinnaker, met vliegende vissen en zon.",
    },
  },
  {
    name: "north-sea",
    draw: northSea,
    widths: [640, 1280],
    color: "#334346",
    alt: {
      en: "Illustration of the yacht with a reefed mainsail beating through a grey-green North Sea in storm light, wind turbines on the horizon.",
      nl: "Illustratie van de boot met gereefd grootzeil op een grijsgroene Noordzee in stormlicht, met windturbines aan de horizon.",
    },
  },
  {
    name: "corporate",
    draw: corporate,
    widths: [640, 1280],
    color: "#2f98b8",
    alt: {
      en: "Illustration of a corporate sailing day: guests and crew on deck of the yacht on calm, sunny water off the Dutch coast.",
      nl: "Illustratie van een zakelijke zeildag: gasten en bemanning aan dek van de boot op kalm, zonnig water voor de Nederlandse kust.",
    },
  },
  {
    name: "training",
    draw: training,
    widths: [640, 1280],
    color: C.teal,
    alt: {
      en: "Illustration of a training session: the crew tacking the yacht next to an orange racing buoy.",
      nl: "Illustratie van een training: de bemanning laat de boot overstag gaan naast een oranje wedstrijdboei.",
    },
  },
  {
    name: "evening",
    draw: evening,
    widths: [640, 1280],
    color: "#a2546a",
    alt: {
      en: "Illustration of a summer evening sail: the yacht silhouetted against an orange sunset over flat water off Scheveningen.",
      nl: "Illustratie van zomeravondzeilen: de boot als silhouet tegen een oranje zonsondergang boven vlak water voor Scheveningen.",
    },
  },
  {
    name: "podium",
    draw: podium,
    widths: [640, 1280],
    color: C.navy,
    alt: {
      en: "Illustration of a race finish at night: the yacht crossing the finish line with flares lit and fireworks overhead.",
      nl: "Illustratie van een finish bij nacht: de boot komt over de finishlijn met brandende fakkels en vuurwerk in de lucht.",
    },
  },
  {
    name: "boat-yard",
    draw: boatYard,
    widths: [640, 1280],
    color: "#6a93b3",
    alt: {
      en: "Illustration of the yacht on the hard in a boatyard, supported on stands with keel and rudders visible, crew preparing her for the season.",
      nl: "Illustratie van de boot op de kant in een werf, op bokken met zichtbare kiel en roeren, terwijl de ploeg haar klaarmaakt voor het seizoen.",
    },
  },
  {
    name: "og",
    draw: og,
    widths: [1200],
    color: C.navy,
    alt: {
      en: "Illustration of a 65-foot ocean racing yacht heeling in the swell at dusk.",
      nl: "Illustratie van een 65-voets oceaanraceboot die in de schemering schuin door de deining vaart.",
    },
  },
];

/* ------------------------------------------------------------------ favicon */

function faviconSvg(size: number, rounded: boolean): string {
  const bg = rounded ? el("rect", { width: 64, height: 64, rx: 14, fill: C.navy }) : el("rect", { width: 64, height: 64, fill: C.navy });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    bg +
    el("path", { d: "M33,9C25,21 20,35 17,46L33,46Z", fill: C.orange }) +
    el("path", { d: "M37,17L37,46L50,46C47,36 43,26 37,17Z", fill: C.foam }) +
    el("path", { d: "M12,52C20,49 28,55 36,52C42,50 47,50 52,52", fill: "none", stroke: C.teal, "stroke-width": 3.2, "stroke-linecap": "round" }) +
    "</svg>"
  );
}

/* ------------------------------------------------------------------ output */

interface Variant {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  src: string;
  bytes: number;
}

interface ManifestEntry {
  name: string;
  alt: { en: string; nl: string };
  width: number;
  height: number;
  aspectRatio: string;
  color: string;
  variants: Variant[];
}

interface Manifest {
  generatedBy: string;
  images: Record<string, ManifestEntry>;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const outDir = path.join(publicDir, "images");

function quality(name: string, width: number): { webp: number; avif: number } {
  if (width >= 1600) return { webp: 70, avif: 46 };
  if (name === "og") return { webp: 78, avif: 52 };
  return width <= 640 ? { webp: 76, avif: 52 } : { webp: 72, avif: 48 };
}

async function renderPicture(pic: Picture, previewDir?: string): Promise<ManifestEntry> {
  const scene = pic.draw();
  const maxW = Math.max(...pic.widths);
  const variants: Variant[] = [];
  for (const width of pic.widths) {
    const png = await sharp(Buffer.from(scene.svg(width))).png().toBuffer();
    const height = Math.round((width * scene.h) / scene.w);
    const q = quality(pic.name, width);
    const outputs: Array<[Variant["format"], Promise<Buffer>]> = [
      ["avif", sharp(png).avif({ quality: q.avif, effort: 7, chromaSubsampling: "4:2:0" }).toBuffer()],
      ["webp", sharp(png).webp({ quality: q.webp, effort: 6, smartSubsample: true }).toBuffer()],
    ];
    if (pic.name === "og") outputs.push(["jpeg", sharp(png).jpeg({ quality: 80, mozjpeg: true }).toBuffer()]);
    for (const [format, pending] of outputs) {
      const buf = await pending;
      const file = `${pic.name}-${width}.${format === "jpeg" ? "jpg" : format}`;
      await writeFile(path.join(outDir, file), buf);
      variants.push({ format, width, height, src: `/images/${file}`, bytes: buf.length });
    }
    if (previewDir && width === (pic.widths.includes(1280) ? 1280 : maxW)) {
      await writeFile(path.join(previewDir, `${pic.name}.png`), png);
    }
  }
  const height = Math.round((maxW * scene.h) / scene.w);
  const d = gcd(scene.w, scene.h);
  return {
    name: pic.name,
    alt: pic.alt,
    width: maxW,
    height,
    aspectRatio: `${scene.w / d}/${scene.h / d}`,
    color: pic.color,
    variants,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.find((a) => a.startsWith("--only="))?.slice(7).split(",");
  const previewDir = args.find((a) => a.startsWith("--preview="))?.slice(10);
  await mkdir(outDir, { recursive: true });
  if (previewDir) await mkdir(previewDir, { recursive: true });

  const manifestPath = path.join(outDir, "manifest.json");
  let previous: Manifest | undefined;
  try {
    previous = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
  } catch {
    previous = undefined;
  }

  const images: Record<string, ManifestEntry> = {};
  for (const pic of PICTURES) {
    const prev = previous?.images[pic.name];
    if (only && !only.includes(pic.name) && prev) {
      images[pic.name] = prev;
      continue;
    }
    const started = Date.now();
    const entry = await renderPicture(pic, previewDir);
    images[pic.name] = entry;
    const sizes = entry.variants.map((v) => `${v.width}.${v.format} ${(v.bytes / 1024).toFixed(0)}K`).join(", ");
    console.log(`${pic.name.padEnd(10)} ${sizes} (${Date.now() - started} ms)`);
  }
  const manifest: Manifest = { generatedBy: "scripts/make-images.ts", images };
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  await writeFile(path.join(publicDir, "favicon.svg"), `${faviconSvg(64, true)}\n`);
  const touch = await sharp(Buffer.from(faviconSvg(180, false))).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(publicDir, "apple-touch-icon.png"), touch);
  if (previewDir) await writeFile(path.join(previewDir, "favicon.png"), await sharp(Buffer.from(faviconSvg(256, true))).png().toBuffer());

  const total = Object.values(images)
    .flatMap((e) => e.variants)
    .reduce((acc, v) => acc + v.bytes, 0);
  const fav = await stat(path.join(publicDir, "favicon.svg"));
  console.log(`images total ${(total / 1024).toFixed(0)} KB; favicon.svg ${fav.size} B; apple-touch-icon.png ${touch.length} B`);
}

await main();
