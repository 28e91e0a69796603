/**
 * Generates the site's original demo illustrations (no downloaded or hot-linked images).
 *
 * Every picture is drawn as SVG from shared building blocks (sky, sun, clouds, waves,
 * yacht, crew figures, spray, grain) and rendered with sharp into public/images/ as
 * AVIF + WebP at several widths, plus public/images/manifest.json describing them.
 * Also writes public/favicon.svg and public/apple-touch-icon.png.
 *
 *   npx tsx tools/demo-assets/make-images.ts                    # everything
 *   npx tsx tools/demo-assets/make-images.ts --only=hero,crew   # a subset (manifest keeps other entries)
 *   npx tsx tools/demo-assets/make-images.ts --preview=/tmp/p   # also write 1280px PNG previews
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

/** Cumulus cloud: overlapping puffs on a flat base, lit from above, shadowed underneath. */
function cloud(s: Scene, cx: number, cy: number, w: number, h: number, top: string, bottom: string, opacity = 1): void {
  const r = s.rand;
  const fill = s.linear([[0, top], [0.55, mix(top, bottom, 0.35)], [1, bottom]], 0, cy - h, 0, cy);
  const puffs: string[] = [];
  const n = 7 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const profile = Math.pow(Math.sin(Math.PI * (0.08 + t * 0.84)), 0.8);
    const pr = h * (0.22 + 0.38 * profile) * between(r, 0.8, 1.15);
    const px = cx - w / 2 + pr * 0.8 + (w - pr * 1.6) * t + between(r, -0.03, 0.03) * w;
    const py = cy - pr * between(r, 0.55, 0.8) - h * 0.45 * profile * between(r, 0.6, 1);
    puffs.push(el("circle", { cx: px, cy: py, r: pr }));
    if (profile > 0.5 && r() < 0.7) {
      const sr = pr * between(r, 0.45, 0.7);
      puffs.push(el("circle", { cx: px + between(r, -0.4, 0.4) * pr, cy: py - pr * 0.55, r: sr }));
    }
  }
  puffs.push(el("rect", { x: cx - w / 2 + h * 0.5, y: cy - h * 0.35, width: Math.max(0, w - h), height: h * 0.35, rx: h * 0.17 }));
  const clipId = s.clip(el("rect", { x: cx - w, y: cy - h * 3, width: w * 2, height: h * 3 }));
  s.add(
    g({ opacity, "clip-path": clipId }, g({ fill }, ...puffs), el("ellipse", { cx, cy: cy - h * 0.05, rx: w * 0.45, ry: h * 0.12, fill: bottom, opacity: 0.5, filter: s.blur(h * 0.06) })),
  );
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
  /** Put a crest of the main wave at this x (overrides phase). */
  crestAt?: number;
}

/** Surface line of a wave train across the scene width (Gerstner-style trochoid). */
function waveLine(s: Scene, spec: WaveSpec): Pt[] {
  const r = s.rand;
  const { y, amp, len } = spec;
  const chop = spec.chop ?? 0.5;
  const detail = spec.detail ?? 0.25;
  const comps = [
    { a: amp, k: (2 * Math.PI) / len, ph: spec.crestAt !== undefined ? (-2 * Math.PI * spec.crestAt) / len : (spec.phase ?? r() * Math.PI * 2) },
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

/** One filled band of sea under a wave line, with a lit rim along the surface, crest streaks and whitecaps. */
function seaLayer(s: Scene, line: Pt[], o: SeaLayerOpts): void {
  const r = s.rand;
  const bottomY = o.bottomY ?? s.h;
  const minY = Math.min(...line.map((p) => p[1]));
  const maxY = Math.max(...line.map((p) => p[1]));
  const waveH = Math.max(2, maxY - minY);
  const d = `${polyline(line)}L${n1(line[line.length - 1][0])},${n1(bottomY)}L${n1(line[0][0])},${n1(bottomY)}Z`;
  const fill = s.linear([[0, o.top], [Math.min(0.9, waveH / Math.max(1, bottomY - minY) + 0.05), mix(o.top, o.bottom, 0.55)], [1, o.bottom]], 0, minY, 0, bottomY);
  s.add(el("path", { d, fill }));
  if (o.highlight) {
    const op = o.highlightOpacity ?? 0.35;
    // Lit rim: a ribbon just under the surface line.
    const thick = Math.max(1.5, waveH * 0.12);
    const under = line.map((p): Pt => [p[0], p[1] + thick]).reverse();
    s.add(el("path", { d: `${polyline(line)}L${polyline(under).slice(1)}Z`, fill: s.linear([[0, o.highlight, op * 0.35], [1, o.highlight, 0]], 0, minY, 0, minY + waveH + thick), }));
    // Brighter streaks on the crests.
    const streaks: string[] = [];
    for (let i = 2; i < line.length - 2; i++) {
      const isCrest = line[i][1] < line[i - 1][1] && line[i][1] <= line[i + 1][1];
      if (!isCrest) continue;
      const a = Math.max(0, i - 1 - Math.floor(r() * 3));
      const b = Math.min(line.length - 1, i + 1 + Math.floor(r() * 5));
      streaks.push(el("path", { d: polyline(line.slice(a, b + 1)), opacity: between(r, 0.4, 1) }));
    }
    s.add(g({ fill: "none", stroke: o.highlight, "stroke-width": Math.max(1, waveH / 30), "stroke-linecap": "round", "stroke-opacity": op }, ...streaks));
  }
  if (o.caps) {
    const capColor = o.capColor ?? C.white;
    const span = Math.max(2, Math.round(line.length / 70));
    for (let i = 2; i < line.length - 2; i++) {
      const isCrest = line[i][1] < line[i - 1][1] && line[i][1] <= line[i + 1][1];
      if (!isCrest || r() > o.caps) continue;
      const a = Math.max(0, i - span - Math.floor(r() * span));
      const b = Math.min(line.length - 1, i + span + Math.floor(r() * span * 2));
      const thick = waveH * between(r, 0.1, 0.22) + 2;
      const top = line.slice(a, b + 1);
      const m = top.length - 1;
      const under = top
        .map((p, j): Pt => {
          const t = j / m;
          const ragged = 0.55 + 0.45 * Math.sin(j * 2.3 + i) * (j % 2 ? 1 : 0.4);
          return [p[0] + thick * 0.5, p[1] + thick * Math.pow(Math.sin(Math.PI * t), 0.7) * ragged];
        })
        .reverse();
      s.add(el("path", { d: `${smooth([...top, ...under])}Z`, fill: capColor, opacity: between(r, 0.5, 0.85) }));
      // Foam lace trailing down the face.
      for (let k = 0; k < 3; k++) {
        const p = top[Math.floor(r() * top.length)];
        s.add(el("ellipse", { cx: p[0] + between(r, -4, 10), cy: p[1] + thick * between(r, 1.1, 2), rx: thick * between(r, 0.25, 0.7), ry: Math.max(0.6, thick * 0.08), fill: capColor, opacity: between(r, 0.2, 0.4) }));
      }
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

/** Spray: soft mist plumes, fine droplets and a few streaks. Angle in degrees: direction the spray flies. */
function spray(s: Scene, x: number, y: number, radius: number, count: number, color: string = C.white, angle = -60, spreadDeg = 70): void {
  const r = s.rand;
  const rad = (deg: number): number => (deg * Math.PI) / 180;
  const parts: string[] = [];
  const blur = s.blur(radius * 0.08);
  const mist: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = rad(angle + (r() - 0.5) * spreadDeg * 0.6);
    const d = radius * between(r, 0.1, 0.6);
    mist.push(
      el("ellipse", {
        cx: x + Math.cos(a) * d,
        cy: y + Math.sin(a) * d,
        rx: radius * between(r, 0.2, 0.4),
        ry: radius * between(r, 0.1, 0.2),
        transform: `rotate(${n1(angle + (r() - 0.5) * 30)} ${n1(x + Math.cos(a) * d)} ${n1(y + Math.sin(a) * d)})`,
        opacity: between(r, 0.12, 0.3),
      }),
    );
  }
  const unit = radius / 120;
  for (let i = 0; i < count; i++) {
    const a = rad(angle + (r() - 0.5) * spreadDeg);
    const d = radius * Math.pow(r(), 0.6);
    const px = x + Math.cos(a) * d;
    const py = y + Math.sin(a) * d;
    const fade = 1 - (d / radius) * 0.6;
    if (r() < 0.25) {
      const len = unit * between(r, 4, 14);
      parts.push(el("path", { d: `M${n1(px)},${n1(py)}l${n1(Math.cos(a) * len)},${n1(Math.sin(a) * len)}`, stroke: color, "stroke-width": Math.max(0.6, unit * 1.2), "stroke-linecap": "round", opacity: 0.6 * fade }));
    } else {
      parts.push(el("circle", { cx: px, cy: py, r: Math.max(0.5, unit * between(r, 0.6, 2.4) * fade), opacity: between(r, 0.4, 0.95) * fade }));
    }
  }
  s.add(g({ fill: color, filter: blur }, ...mist), g({ fill: color }, ...parts));
}

/** Subtle film grain: light and dark specks from one noise field (also dithers gradient banding). */
function grain(s: Scene, opacity = 0.05, seed = 7): void {
  const noise = el("feTurbulence", { type: "fractalNoise", baseFrequency: 0.8, numOctaves: 2, seed, stitchTiles: "stitch", result: "n" });
  const specks = (id: string, rgb: number, sign: 1 | -1): void => {
    const k = 1.2;
    const alpha = sign > 0 ? `${k} 0 0 0 ${-k / 2}` : `${-k} 0 0 0 ${k / 2}`;
    s.def(
      el(
        "filter",
        { id, x: 0, y: 0, width: "100%", height: "100%", "color-interpolation-filters": "sRGB" },
        noise + el("feColorMatrix", { in: "n", type: "matrix", values: `0 0 0 0 ${rgb}  0 0 0 0 ${rgb}  0 0 0 0 ${rgb}  ${alpha}` }),
      ),
    );
    s.add(el("rect", { width: s.w, height: s.h, filter: `url(#${id})`, opacity }));
  };
  specks(s.id("gl"), 1, 1);
  specks(s.id("gd"), 0, -1);
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
  helmetColor?: string;
}

/** Tapered capsule between two points (a limb segment), as a closed path. */
function capsule(a: Pt, b: Pt, ra: number, rb: number): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1e-6;
  const nx = -dy / len;
  const ny = dx / len;
  const a1: Pt = [a[0] + nx * ra, a[1] + ny * ra];
  const a2: Pt = [a[0] - nx * ra, a[1] - ny * ra];
  const b1: Pt = [b[0] + nx * rb, b[1] + ny * rb];
  const b2: Pt = [b[0] - nx * rb, b[1] - ny * rb];
  return `M${P(a1)}L${P(b1)}A${n1(rb)},${n1(rb)} 0 0 0 ${P(b2)}L${P(a2)}A${n1(ra)},${n1(ra)} 0 0 0 ${P(a1)}Z`;
}

/** Silhouette of a person in foul-weather gear with feet at (x, y), height h. */
function person(x: number, y: number, h: number, pose: Pose, o: PersonOpts): string {
  const sk = POSES[pose];
  const dir = o.dir ?? 1;
  const map = (p: Pt): Pt => [x + p[0] * h * dir, y + p[1] * h];
  const shoulder = map(lerpPt(sk.neck, sk.hip, 0.14));
  const hip = map(sk.hip);
  const chest = map(lerpPt(sk.neck, sk.hip, 0.3));
  const head = map(sk.head);
  const neck = map(sk.neck);
  const leg = (i: 0 | 1): string => {
    const knee = map(sk.knees[i]);
    const foot = map(sk.feet[i]);
    return capsule(hip, knee, 0.062 * h, 0.047 * h) + capsule(knee, foot, 0.047 * h, 0.036 * h) + capsule(foot, [foot[0] + 0.06 * h * dir, foot[1] - 0.004 * h], 0.034 * h, 0.028 * h);
  };
  const arm = (i: 0 | 1): string => {
    const elbow = map(sk.elbows[i]);
    const hand = map(sk.hands[i]);
    return capsule(shoulder, elbow, 0.046 * h, 0.037 * h) + capsule(elbow, hand, 0.037 * h, 0.03 * h);
  };
  const torso = capsule(hip, chest, 0.08 * h, 0.1 * h) + capsule(chest, neck, 0.1 * h, 0.06 * h);
  const draw = (skin: string, jacket: string, helmetColor: string): string => {
    const hr = 0.07 * h;
    const helmet = o.helmet
      ? el("path", { d: `M${P([head[0] - hr * 1.08, head[1] + hr * 0.15])}A${n1(hr * 1.08)},${n1(hr * 1.1)} 0 0 1 ${P([head[0] + hr * 1.08, head[1] + hr * 0.15])}L${P([head[0] + hr * 1.5 * dir, head[1] + hr * 0.25])}Z`, fill: helmetColor })
      : "";
    return [
      el("path", { d: leg(1) + arm(1), fill: skin }),
      el("path", { d: torso, fill: jacket }),
      el("path", { d: leg(0), fill: skin }),
      el("path", { d: arm(0), fill: jacket }),
      el("circle", { cx: head[0], cy: head[1], r: hr, fill: skin }),
      helmet,
    ].join("");
  };
  const off = o.rimOffset ?? [-1, -1];
  const rim = o.rim ? g({ transform: `translate(${n1(off[0] * h * 0.01)} ${n1(off[1] * h * 0.01)})` }, draw(o.rim, o.rim, o.rim)) : "";
  return rim + draw(o.fill, o.jacket ?? o.fill, o.helmetColor ?? o.jacket ?? o.fill);
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
  /** Local units of hull drawn below the waterline (ignored when the keel is shown). */
  sink?: number;
  /** Local units the water surface sits above the hull's y=0 line (set by ride()). */
  draft?: number;
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

  const hullParts: string[] = [];
  // Underwater: keel fin + bulb, twin rudders (only drawn when the boat is out of the water).
  if (o.keel) {
    hullParts.push(
      el("path", { d: "M96,7L112,7L109,70L101,70Z", fill: mix(hull, C.foam, 0.1) }),
      el("path", { d: "M84,74C84,68 95,66 106,66C120,66 128,70 128,73C128,77 118,79 106,79C94,79 84,78 84,74Z", fill: hull }),
      el("path", { d: "M14,3L22,3L19,36L14,35Z", fill: mix(hull, C.foam, 0.1) }),
      el("path", { d: "M166,4L171,4L169,30L166,30Z", fill: mix(hull, C.foam, 0.1), opacity: 0.8 }),
    );
  }

  // Hull, deck sliver, sheer stripe, doghouse.
  const hullD = "M0,-15L2,-1C40,7 120,8 172,5C186,3 196,-1 199,-6L201,-19C150,-18 60,-17 0,-15Z";
  const hullFill = s.linear([[0, mix(hull, C.foam, 0.18)], [0.45, hull], [1, mix(hull, "#000000", 0.35)]], 0, -19, 0, 8);
  hullParts.push(
    el("path", { d: hullD, fill: hullFill }),
    el("path", { d: "M1,-9.5C60,-11 140,-12.5 200.3,-14.5L200.6,-16.4C140,-15 60,-13.6 0.6,-12.4Z", fill: accent }),
    el("path", { d: "M2.2,-3.6C50,-2 130,-2.5 198.6,-9.2L198.9,-10.3C130,-4.4 50,-3.8 2,-5Z", fill: mix(hull, C.foam, 0.45), opacity: 0.6 }),
  );
  const cut = o.keel ? undefined : s.clip(el("rect", { x: -20, y: -60, width: 260, height: 60 + (o.sink ?? 1.5) }));
  parts.push(
    g({ "clip-path": cut }, ...hullParts),
    el("path", { d: "M0,-15C60,-21 150,-23 201,-19C150,-18 60,-17 0,-15Z", fill: deck }),
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
    const clew: Pt = [132, -50];
    const luffC1: Pt = [318, -80];
    const luffC2: Pt = [276, -292];
    const d = `M${P(tack)}C${P(luffC1)} ${P(luffC2)} ${P(headPt)}Q${P([118, -170])} ${P(clew)}Q${P([180, -14])} ${P(tack)}Z`;
    const clipId = s.clip(el("path", { d }));
    const seams: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const lp = cubicAt(tack, luffC1, luffC2, headPt, i / 7);
      const fp = lerpPt(clew, tack, i / 7);
      seams.push(`M${P(lp)}Q${P(lerpPt(lp, fp, 0.5).map((v, k) => v + (k === 0 ? 14 : 0)) as Pt)} ${P(fp)}`);
    }
    rigParts.push(
      el("path", { d, fill: s.linear([[0, sb], [0.4, sa], [0.8, mix(sa, C.white, 0.15)], [1, sb]], 128, 0, 290, 0) }),
      g(
        { "clip-path": clipId },
        el("path", { d: "M100,-250C170,-215 240,-196 320,-190L320,-168C240,-172 170,-190 100,-222Z", fill: C.white, opacity: 0.9 }),
        el("path", { d: seams.join(""), stroke: mix(sb, C.navy, 0.3), "stroke-width": 0.6, fill: "none", opacity: 0.35 }),
        el("path", { d: `M${P(headPt)}Q${P([118, -170])} ${P(clew)}`, stroke: mix(sb, C.navy, 0.4), "stroke-width": 6, fill: "none", opacity: 0.25 }),
      ),
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

  const transform = `translate(${n1(o.x)} ${n1(o.y)}) scale(${Math.round(o.scale * dir * 1000) / 1000} ${Math.round(o.scale * 1000) / 1000}) rotate(${n1(-(o.pitch ?? 0))}) translate(-100 0)`;
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

/** Sit a boat on a wave line: waterline height and bow-up pitch for a hull centred at x. */
function ride(line: Pt[], x: number, scale: number, dir: 1 | -1, sink = 0): { x: number; y: number; pitch: number; dir: 1 | -1; scale: number; draft: number } {
  const half = 95 * scale;
  const stern = surfaceAt(line, x - dir * half);
  const bow = surfaceAt(line, x + dir * half);
  const mid = surfaceAt(line, x);
  const pitch = Math.max(-6, Math.min(6, (Math.atan2(stern - bow, 2 * half) * 180) / Math.PI));
  return { x, y: mid + sink * scale, pitch, dir, scale, draft: sink };
}

/** Foam hugging the hull at the water surface, a splash at the stem and a wake trailing astern.
 * With `line`, the foam follows that wave surface; otherwise it sits at the boat's waterline. */
function wake(s: Scene, o: YachtOpts, length: number, color: string = C.white, opacity = 0.7, line?: Pt[]): void {
  const dir = o.dir ?? 1;
  const wl = -(o.draft ?? 0);
  const r = s.rand;
  const sc = o.scale;
  const top: Pt[] = [];
  const bottom: Pt[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    const lx = 201 - t * 130;
    const rise = 5.5 * Math.pow(1 - t, 1.6) + 0.8 * Math.sin(t * 14);
    if (line) {
      const px = yachtPoint(o, [lx, 0])[0];
      const sy = Math.min(surfaceAt(line, px), yachtPoint(o, [lx, 6])[1]);
      top.push([px, sy - rise * sc]);
      bottom.push([px + dir * 4 * sc, sy + (1.8 + t * 0.5) * sc]);
    } else {
      top.push(yachtPoint(o, [lx, wl - rise]));
      bottom.push(yachtPoint(o, [lx + 4, wl + 1.8 + t * 0.5]));
    }
  }
  s.add(el("path", { d: `${smooth([...top, ...bottom.reverse()])}Z`, fill: color, opacity: opacity * 0.9 }));
  const sternWl = yachtPoint(o, [2, wl]);
  const stern: Pt = line ? [sternWl[0], Math.min(surfaceAt(line, sternWl[0]), yachtPoint(o, [2, 6])[1])] : sternWl;
  const streaks: string[] = [];
  for (let i = 0; i < 8; i++) {
    const y0 = stern[1] + between(r, -0.5, 3) * sc;
    const len = length * between(r, 0.35, 1);
    const x0 = stern[0] + dir * between(r, -4, 24) * sc;
    const x1 = x0 - dir * len;
    streaks.push(
      el("path", {
        d: `M${P([x0, y0])}Q${P([(x0 + x1) / 2, y0 + between(r, 1, 5) * sc])} ${P([x1, y0 + between(r, 2, 9) * sc])}`,
        "stroke-width": between(r, 0.5, 1.6) * sc,
        opacity: opacity * between(r, 0.25, 0.7),
      }),
    );
  }
  s.add(g({ stroke: color, "stroke-linecap": "round", fill: "none" }, ...streaks));
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

interface SeaPalette {
  far: string;
  near: string;
  deep: string;
  light: string;
  lightOpacity?: number;
  caps?: number;
  chop?: number;
}

/** Layers of waves from the horizon down to `bottom`, growing with perspective. k scales sizes. */
function farSea(s: Scene, horizon: number, bottom: number, layers: number, pal: SeaPalette, k = 1): void {
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const y = horizon + 4 * k + (bottom - horizon) * Math.pow(t, 1.5);
    seaLayer(s, waveLine(s, { y, amp: (2 + 22 * Math.pow(t, 1.4)) * k, len: (70 + 560 * Math.pow(t, 1.3)) * k, chop: (pal.chop ?? 0.6) * (0.5 + t * 0.5) }), {
      top: mix(pal.far, pal.near, t),
      bottom: pal.deep,
      highlight: pal.light,
      highlightOpacity: (pal.lightOpacity ?? 0.35) * (1 - t * 0.3),
      caps: (pal.caps ?? 0) * t,
    });
  }
}

/** The signature scene: the yacht heeled in a big swell at dusk, dark on the left. */
function duskRace(s: Scene, boatX: number, sunX: number, boatScale: number): void {
  const k = s.h / 1080;
  const horizon = 630 * k;
  const r = s.rand;
  sky(s, [[0, "#06121f"], [0.35, C.navy], [0.62, "#173551"], [0.8, mix(C.ocean, C.orange, 0.4)], [0.93, mix(C.orange, "#ffb27a", 0.35)], [1, "#ffc893"]], horizon);
  s.add(el("rect", { width: s.w, height: horizon, fill: s.radial([[0, C.orange, 0.6], [0.4, C.orange, 0.2], [1, C.orange, 0]], sunX, horizon, 900 * k, 0.45) }));
  sun(s, sunX, horizon + 10 * k, 30 * k, "#ffe0bd", C.orange, 340 * k, 0.55);
  for (let i = 0; i < 70; i++) {
    s.add(el("circle", { cx: between(r, 0, s.w), cy: between(r, 0, 330 * k) * r(), r: between(r, 0.6, 1.6) * Math.max(k, 0.7), fill: C.foam, opacity: between(r, 0.12, 0.55) }));
  }
  streak(s, sunX - 380 * k, horizon - 150 * k, 900 * k, 20 * k, mix(C.orange, C.foam, 0.3), 0.3, 5 * k);
  streak(s, sunX - 60 * k, horizon - 80 * k, 700 * k, 14 * k, "#ffb07d", 0.45, 4 * k);
  streak(s, s.w * 0.3, horizon - 230 * k, 1100 * k, 26 * k, "#2a4b66", 0.5, 8 * k);
  streak(s, sunX - 200 * k, horizon - 270 * k, 800 * k, 30 * k, "#2c4964", 0.55, 9 * k);
  streak(s, s.w * 0.5, horizon - 50 * k, 1300 * k, 12 * k, mix(C.orange, C.navy, 0.3), 0.5, 4 * k);

  farSea(s, horizon, horizon + 210 * k, 6, { far: mix(C.ocean, C.orange, 0.25), near: C.ocean, deep: "#081a2b", light: "#ffc08a", lightOpacity: 0.5, caps: 0.3, chop: 0.7 }, k);
  glitter(s, sunX, horizon + 8 * k, horizon + 170 * k, 300 * k, "#ffd2a6", 140, 0.8);

  const swell = waveLine(s, { y: 900 * k, amp: 70 * k, len: 1500 * k, chop: 0.75, crestAt: boatX + 60 * k, detail: 0.18 });
  const boat: YachtOpts = {
    ...ride(swell, boatX, boatScale, -1, 3),
    sink: 9,
    heel: -9,
    rig: "upwind",
    hull: "#0a1a2b",
    deck: "#3a5770",
    sail: ["#dfe8f1", "#8ea6bc", "#ffd9bd"],
    rigging: "#152a3f",
    crew: [
      { at: 36, pose: "helm", dir: 1 },
      { at: 64, pose: "grind", dir: 1 },
      { at: 150, pose: "crouch", dir: 1 },
    ],
    crewColor: "#07111c",
    seams: 0.35,
  };
  s.add(el("rect", { width: s.w, height: horizon + 200 * k, fill: s.radial([[0, "#ffb27a", 0.22], [1, "#ffb27a", 0]], boatX, horizon - 60 * k, 420 * k, 0.9) }));
  s.add(yacht(s, boat));
  seaLayer(s, swell, { top: mix(C.ocean, C.teal, 0.25), bottom: "#06121f", highlight: "#ffd6b3", highlightOpacity: 0.45, caps: 0.45 });
  wake(s, boat, 520 * k, C.foam, 0.7, swell);
  const bow = yachtPoint(boat, [200, -2]);
  spray(s, bow[0] - 10 * k, bow[1], 150 * k, 200, C.white, -140, 60);
  seaLayer(s, waveLine(s, { y: 1045 * k, amp: 34 * k, len: 700 * k, chop: 0.7 }), { top: "#0c2d45", bottom: "#040d17", highlight: C.foam, highlightOpacity: 0.3, caps: 0.4 });
  vignette(s, 0.6, { from: "left", opacity: 0.85, reach: 0.6 });
  grain(s, 0.06);
}

function hero(): Scene {
  const s = new Scene(W, H, 101);
  duskRace(s, 1290, 1720, 2.55);
  return s;
}

function og(): Scene {
  const s = new Scene(1200, 630, 111);
  duskRace(s, 860, 1080, 1.32);
  return s;
}

function crew(): Scene {
  const s = new Scene(W, H, 202);
  const r = s.rand;
  // Camera on the heeling boat: the deck stays level, the horizon tilts.
  const tilt = -9;
  sky(s, [[0, "#3a7aa3"], [0.5, "#86b8d8"], [1, "#dcebf7"]]);
  sun(s, 1560, 150, 46, "#fff6e8", "#fff1dc", 560, 0.6);
  cloud(s, 1240, 330, 380, 90, C.white, "#b5d1e6", 0.8);
  const rot = `rotate(${tilt} 960 540)`;
  const chops: string[] = [];
  for (let i = 0; i < 150; i++) {
    const y = 585 + Math.pow(r(), 1.3) * 620;
    const x = between(r, -300, 2300);
    const len = (y - 560) * between(r, 0.1, 0.45);
    chops.push(el("path", { d: `M${n1(x)},${n1(y)}q${n1(len / 2)},${n1(-len * 0.08)} ${n1(len)},0`, "stroke-width": 1 + (y - 570) / 170, opacity: between(r, 0.15, 0.5) }));
  }
  s.add(
    g(
      { transform: rot },
      el("rect", { x: -400, y: 570, width: 2800, height: 900, fill: s.linear([[0, mix(C.teal, C.foam, 0.3)], [0.25, C.ocean], [1, C.navy]], 0, 570, 0, 1300) }),
      el("rect", { x: -400, y: 540, width: 2800, height: 40, fill: s.linear([[0, C.foam, 0], [0.75, C.foam, 0.8], [1, C.foam, 0]], 0, 540, 0, 580) }),
      g({ stroke: C.white, "stroke-linecap": "round", fill: "none" }, ...chops),
    ),
  );
  spray(s, 230, 640, 460, 220, C.white, -15, 60);

  // Mainsail foot and boom overhead.
  s.add(
    el("path", { d: "M-40,-20L1190,-20C1160,90 1125,200 1090,292L-40,384Z", fill: s.linear([[0, "#f7fafd"], [0.6, "#d3e3ef"], [1, "#a3bfd5"]], 0, 0, 0, 400) }),
    el("path", { d: "M-40,270L1105,210M-40,150L1148,110", stroke: "#93afc6", "stroke-width": 2, opacity: 0.5 }),
    el("path", { d: "M-40,55L1172,38", stroke: C.orange, "stroke-width": 22, opacity: 0.92 }),
    el("path", { d: "M-60,400L1100,306", stroke: "#0d1c2b", "stroke-width": 30, "stroke-linecap": "round" }),
    el("path", { d: "M1040,318L1195,720", stroke: "#e7ecf0", "stroke-width": 4, opacity: 0.9 }),
  );

  // Deck, coaming and lifelines (level; slight perspective).
  const deckY = (x: number): number => 735 + x * 0.02;
  s.add(
    el("path", { d: `M-20,${n1(deckY(-20))}L1940,${n1(deckY(1940))}L1940,1100L-20,1100Z`, fill: s.linear([[0, "#2d4558"], [0.2, "#1b2d3f"], [1, "#09131d"]], 0, 720, 0, 1080) }),
    el("path", { d: `M-20,${n1(deckY(-20) + 6)}L1940,${n1(deckY(1940) + 6)}`, stroke: "#4c6a82", "stroke-width": 3, opacity: 0.8 }),
    el("path", { d: `M-20,${n1(deckY(-20) + 170)}L1940,${n1(deckY(1940) + 150)}`, stroke: C.orange, "stroke-width": 7, opacity: 0.85 }),
  );
  const stanchions: string[] = [];
  for (let x = 40; x < 1920; x += 300) stanchions.push(`M${x},${n1(deckY(x))}L${x + 5},${n1(deckY(x) - 130)}`);
  s.add(
    el("path", { d: stanchions.join(""), stroke: "#0d1c2b", "stroke-width": 8, "stroke-linecap": "round" }),
    el("path", { d: `M-20,${n1(deckY(-20) - 126)}L1940,${n1(deckY(1940) - 126)}M-20,${n1(deckY(-20) - 66)}L1940,${n1(deckY(1940) - 66)}`, stroke: "#0d1c2b", "stroke-width": 3 }),
  );

  // Pedestal grinder with two crew facing each other, a trimmer on the winch, and the helm.
  const crewH = 400;
  const feet = (x: number): number => deckY(x) + 175;
  const fig = (x: number, pose: Pose, dir: 1 | -1, jacket: string, dy = 0): string =>
    person(x, feet(x) + dy, crewH, pose, { fill: "#0a1724", jacket, dir, rim: "#fff0dc", rimOffset: [0.9, -0.8], helmet: true, helmetColor: "#0d1c2b" });
  const pedX = 760;
  const handY = feet(pedX) - 0.46 * crewH;
  s.add(
    el("path", { d: `M${pedX - 18},${n1(feet(pedX) - 10)}L${pedX - 11},${n1(handY)}L${pedX + 11},${n1(handY)}L${pedX + 18},${n1(feet(pedX) - 10)}Z`, fill: "#0d1c2b" }),
    el("path", { d: `M${pedX - 40},${n1(handY - 26)}L${pedX + 40},${n1(handY + 22)}`, stroke: "#33506a", "stroke-width": 10, "stroke-linecap": "round" }),
    fig(pedX - 172, "grind", 1, C.orange),
    fig(pedX + 172, "grind", -1, "#d9e4ee"),
  );
  const wx = 1195;
  s.add(
    el("path", { d: `M${wx - 38},${n1(deckY(wx) + 8)}L${wx - 30},${n1(deckY(wx) - 36)}L${wx + 30},${n1(deckY(wx) - 36)}L${wx + 38},${n1(deckY(wx) + 8)}Z`, fill: "#3a5a74" }),
    el("ellipse", { cx: wx, cy: deckY(wx) - 36, rx: 30, ry: 7, fill: "#6f8ea6" }),
    fig(1340, "trim", -1, C.orange, 10),
  );
  const hx = 1640;
  s.add(
    el("circle", { cx: hx, cy: feet(hx) - 250, r: 125, fill: "none", stroke: "#0d1c2b", "stroke-width": 12 }),
    el("path", { d: `M${hx},${n1(feet(hx) - 250)}L${hx},${n1(feet(hx) - 40)}`, stroke: "#0d1c2b", "stroke-width": 16 }),
    el("circle", { cx: hx, cy: feet(hx) - 250, r: 14, fill: "#33506a" }),
    fig(hx + 130, "helm", -1, "#d9e4ee"),
  );
  spray(s, 980, 600, 200, 70, C.white, -10, 40);
  vignette(s, 0.45);
  grain(s, 0.04);
  return s;
}

/** Ferris wheel silhouette (the pier at Scheveningen). */
function ferrisWheel(cx: number, cy: number, radius: number, color: string, lights?: string): string {
  const spokes: string[] = [];
  const bulbs: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const px = cx + Math.cos(a) * radius;
    const py = cy + Math.sin(a) * radius;
    spokes.push(`M${n1(cx)},${n1(cy)}L${n1(px)},${n1(py)}`);
    if (lights) bulbs.push(el("circle", { cx: px, cy: py, r: Math.max(1.2, radius * 0.03), fill: lights }));
  }
  const base = cy + radius * 1.25;
  return g(
    {},
    el("circle", { cx, cy, r: radius, fill: "none", stroke: color, "stroke-width": Math.max(1.5, radius * 0.04) }),
    el("path", { d: spokes.join(""), stroke: color, "stroke-width": Math.max(0.8, radius * 0.012) }),
    el("path", { d: `M${n1(cx - radius * 0.6)},${n1(base)}L${n1(cx)},${n1(cy)}L${n1(cx + radius * 0.6)},${n1(base)}`, stroke: color, "stroke-width": Math.max(1.5, radius * 0.05), fill: "none" }),
    ...bulbs,
  );
}

/** Pennant flags strung along a line, as when a ship is dressed overall. */
function bunting(from: Pt, to: Pt, size: number, colors: readonly string[], offset = 0): string {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const n = Math.max(2, Math.floor(len / (size * 1.5)));
  const flags: string[] = [el("path", { d: `M${P(from)}L${P(to)}`, stroke: "#2a3550", "stroke-width": Math.max(1, size * 0.08), opacity: 0.8 })];
  for (let i = 0; i < n; i++) {
    const a = lerpPt(from, to, (i + 0.15) / n);
    const b = lerpPt(from, to, (i + 0.85) / n);
    const tip: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + size];
    flags.push(el("path", { d: `M${P(a)}L${P(b)}L${P(tip)}Z`, fill: colors[(i + offset) % colors.length] }));
  }
  return g({}, ...flags);
}

const FLAG_COLORS = [C.orange, C.white, C.teal, "#f2c14e", "#c7402a", "#1d4e89"] as const;

/** A three-masted tall ship moored with her sails furled on the yards, dressed with flags. */
function tallShip(x: number, wl: number, k: number, color: string, furl: string, flags: boolean): string {
  const parts: string[] = [];
  const deckY = wl - 34 * k;
  parts.push(el("path", { d: `M${n1(x)},${n1(wl - 30 * k)}L${n1(x + 360 * k)},${n1(deckY - 6 * k)}L${n1(x + 335 * k)},${n1(wl)}L${n1(x + 22 * k)},${n1(wl)}Z`, fill: color }));
  const bowsprit: Pt = [x + 450 * k, deckY - 40 * k];
  const rig: string[] = [`M${n1(x + 350 * k)},${n1(deckY - 4 * k)}L${P(bowsprit)}`];
  const masts: Array<[number, number]> = [[x + 95 * k, 215 * k], [x + 190 * k, 250 * k], [x + 280 * k, 225 * k]];
  const yards: string[] = [];
  const tops: Pt[] = [];
  for (const [mx, mh] of masts) {
    const top: Pt = [mx, deckY - mh];
    tops.push(top);
    rig.push(`M${n1(mx)},${n1(deckY)}L${P(top)}`);
    for (const [f, w] of [[0.32, 120], [0.52, 100], [0.7, 80], [0.86, 58]] as const) {
      const y = deckY - mh * f;
      yards.push(`M${n1(mx - (w / 2) * k)},${n1(y)}L${n1(mx + (w / 2) * k)},${n1(y)}`);
    }
  }
  rig.push(`M${P(tops[2])}L${P(bowsprit)}M${P(tops[0])}L${n1(x + 10 * k)},${n1(wl - 30 * k)}M${P(tops[1])}L${P(tops[2])}M${P(tops[0])}L${P(tops[1])}`);
  parts.push(el("path", { d: rig.join(""), stroke: color, "stroke-width": Math.max(1, 2.2 * k), fill: "none" }));
  parts.push(el("path", { d: yards.join(""), stroke: furl, "stroke-width": Math.max(1.5, 6 * k), "stroke-linecap": "round" }));
  parts.push(el("path", { d: yards.join(""), stroke: color, "stroke-width": Math.max(0.8, 1.6 * k), transform: `translate(0 ${n1(-3 * k)})` }));
  for (const top of tops) parts.push(el("path", { d: `M${P(top)}l0,${n1(-16 * k)}l${n1(26 * k)},${n1(5 * k)}l${n1(-26 * k)},${n1(5 * k)}`, fill: C.orange, stroke: color, "stroke-width": Math.max(0.6, k) }));
  if (flags) {
    parts.push(bunting(bowsprit, tops[2], 11 * k, FLAG_COLORS), bunting(tops[2], tops[1], 11 * k, FLAG_COLORS, 2), bunting(tops[1], tops[0], 11 * k, FLAG_COLORS, 4), bunting(tops[0], [x + 10 * k, wl - 30 * k], 11 * k, FLAG_COLORS, 1));
  }
  return g({}, ...parts);
}

/**
 * The yacht moored in harbour. Looks change the light (evening, festival day, misty morning),
 * the skyline and what lies around her (Scheveningen's lighthouse and ferris wheel, or the
 * tall ships and flags of SAIL Amsterdam), so each harbour event has its own picture.
 */
type HarbourLook = {
  seed: number;
  sky: Stop[];
  glow: [x: number, color: string, opacity: number];
  streaks: [string, string, string];
  stars: number;
  clouds: boolean;
  building: string;
  quay: string;
  windowsLit: number;
  scheveningen: boolean;
  tallShips: boolean;
  water: Stop[];
  glitter: string;
  lamps: boolean;
  mist: number;
  ripple: string;
  vignette: number;
};

const HARBOUR_LOOKS: Record<string, HarbourLook> = {
  evening: {
    seed: 303,
    sky: [[0, "#0a1c30"], [0.35, "#1b3553"], [0.6, "#4a4f6e"], [0.82, mix(C.orange, "#6b4a6a", 0.45)], [1, "#f3a46e"]],
    glow: [560, "#ffb27a", 0.55], streaks: ["#f7a27a", "#55506f", "#ffc296"], stars: 40, clouds: false,
    building: "#1a2233", quay: "#121a28", windowsLit: 0.28, scheveningen: true, tallShips: false,
    water: [[0, "#3e4766"], [0.15, "#1d3350"], [1, "#07131f"]], glitter: "#ffbf8a", lamps: true, mist: 0, ripple: "#9fb4c8", vignette: 0.55,
  },
  festival: {
    seed: 313,
    sky: [[0, "#2c7fb8"], [0.55, "#7db8de"], [1, "#dbeefa"]],
    glow: [300, "#fff6df", 0.5], streaks: [C.white, "#c9def0", C.white], stars: 0, clouds: true,
    building: "#5d6f86", quay: "#44546a", windowsLit: 0, scheveningen: false, tallShips: true,
    water: [[0, "#8fb4cf"], [0.12, "#3f7598"], [1, "#0d2d48"]], glitter: C.white, lamps: false, mist: 0, ripple: C.white, vignette: 0.35,
  },
  morning: {
    seed: 323,
    sky: [[0, "#3d5d86"], [0.45, "#93a9c4"], [0.8, "#e9c3b4"], [1, "#fbe1c6"]],
    glow: [1450, "#ffe3bf", 0.6], streaks: ["#ffd9c0", "#b59fb3", "#fff0dc"], stars: 0, clouds: false,
    building: "#6e7a93", quay: "#56627a", windowsLit: 0.06, scheveningen: false, tallShips: true,
    water: [[0, "#d8c2bd"], [0.14, "#7f8fab"], [1, "#1b2b44"]], glitter: "#fff0d8", lamps: true, mist: 0.55, ripple: "#f3e3d6", vignette: 0.4,
  },
};

function harbour(look: HarbourLook = HARBOUR_LOOKS.evening): Scene {
  const s = new Scene(W, H, look.seed);
  const water = 690;
  const r = s.rand;
  sky(s, look.sky, water);
  s.add(el("rect", { width: W, height: water, fill: s.radial([[0, look.glow[1], look.glow[2]], [1, look.glow[1], 0]], look.glow[0], water, 700, 0.4) }));
  streak(s, 620, 530, 900, 18, look.streaks[0], 0.4, 5);
  streak(s, 1300, 430, 1000, 26, look.streaks[1], 0.6, 8);
  streak(s, 380, 610, 600, 12, look.streaks[2], 0.45, 3);
  for (let i = 0; i < look.stars; i++) s.add(el("circle", { cx: between(r, 0, W), cy: between(r, 0, 260), r: between(r, 0.6, 1.4), fill: C.foam, opacity: between(r, 0.2, 0.6) }));
  if (look.clouds) {
    cloud(s, 560, 250, 420, 95, C.white, "#b9d3e6", 0.92);
    cloud(s, 1380, 190, 340, 70, C.white, "#c3dbeb", 0.85);
    cloud(s, 1700, 420, 260, 55, C.white, "#cfe2ef", 0.8);
  }

  // Skyline with lit windows; in Scheveningen a domed hotel and the pier's ferris wheel.
  const skyline: string[] = [];
  let x = 780;
  while (x < 1960) {
    const bw = between(r, 40, 110);
    const bh = between(r, 30, 150) * (x > 1250 && x < 1450 ? 1.6 : 1);
    skyline.push(el("rect", { x, y: water - 40 - bh, width: bw + 1, height: bh + 40, fill: look.building }));
    if (!look.scheveningen) {
      // Amsterdam gables: a stepped or pointed top on each house.
      skyline.push(el("path", { d: `M${n1(x + bw * 0.2)},${n1(water - 40 - bh)}L${n1(x + bw * 0.5)},${n1(water - 40 - bh - bw * 0.35)}L${n1(x + bw * 0.8)},${n1(water - 40 - bh)}Z`, fill: look.building }));
    }
    for (let wy = water - 30 - bh; wy < water - 50; wy += 14) {
      for (let wx = x + 6; wx < x + bw - 8; wx += 12) {
        if (r() < look.windowsLit) skyline.push(el("rect", { x: wx, y: wy, width: 5, height: 6, fill: "#ffc77a", opacity: between(r, 0.5, 0.95) }));
      }
    }
    x += bw;
  }
  if (look.scheveningen) {
    skyline.push(el("path", { d: `M980,${water - 100}Q1040,${water - 205} 1100,${water - 100}Z`, fill: look.building }), el("rect", { x: 1037, y: water - 170, width: 6, height: 22, fill: look.building }));
    skyline.push(ferrisWheel(1760, water - 190, 115, "#2a3550", "#ffd39a"));
  }
  s.add(g({}, ...skyline));
  s.add(el("rect", { x: 0, y: water - 40, width: W, height: 40, fill: s.linear([[0, look.building, 0], [1, look.quay, 1]], 0, water - 40, 0, water) }));

  const lx = 300;
  const tower = g(
    {},
    el("path", { d: `M${lx - 30},${water - 30}L${lx - 16},${water - 430}L${lx + 16},${water - 430}L${lx + 30},${water - 30}Z`, fill: s.linear([[0, "#e9eef2"], [0.6, "#b9c7d3"], [1, "#6d8092"]], lx - 30, 0, lx + 30, 0) }),
    el("path", { d: `M${lx - 27},${water - 130}L${lx + 27},${water - 130}L${lx + 26},${water - 170}L${lx - 26},${water - 170}ZM${lx - 22},${water - 290}L${lx + 22},${water - 290}L${lx + 21},${water - 330}L${lx - 21},${water - 330}Z`, fill: "#c7402a" }),
    el("rect", { x: lx - 26, y: water - 438, width: 52, height: 10, fill: "#2a3550" }),
    el("rect", { x: lx - 14, y: water - 472, width: 28, height: 34, fill: "#ffe2a8" }),
    el("path", { d: `M${lx - 18},${water - 472}Q${lx},${water - 500} ${lx + 18},${water - 472}Z`, fill: "#2a3550" }),
    el("path", { d: `M-20,${water - 30}L620,${water - 30}L620,${water + 4}L-20,${water + 4}Z`, fill: "#121a28" }),
    el("circle", { cx: 600, cy: water - 44, r: 6, fill: "#5fd38a" }),
  );
  let ships = "";
  if (look.scheveningen) {
    // Lighthouse on the harbour head with its beam.
    s.add(
      el("path", { d: `M${lx},${water - 455}L${lx + 1500},${water - 640}L${lx + 1500},${water - 430}Z`, fill: s.linear([[0, "#ffe2a8", 0.35], [1, "#ffe2a8", 0]], lx, 0, lx + 1500, 0) }),
      el("circle", { cx: lx, cy: water - 455, r: 70, fill: s.radial([[0, "#fff1c8", 0.9], [1, "#ffe2a8", 0]], lx, water - 455, 70) }),
    );
    s.add(tower);
  }

  // Masts of other boats in the marina.
  const masts: string[] = [];
  for (let i = 0; i < 14; i++) {
    const mx = between(r, 640, 960) + i * 8;
    masts.push(`M${n1(mx)},${water - 4}L${n1(mx)},${n1(water - between(r, 110, 230))}`);
  }
  s.add(el("path", { d: masts.join(""), stroke: look.scheveningen ? "#2a3550" : mix(look.building, "#1a2233", 0.5), "stroke-width": 2 }));
  if (look.tallShips) {
    // Tall ships moored along the quay for the festival, dressed with flags.
    const hullC = mix("#1a2233", look.building, 0.25);
    ships = g({}, tallShip(-70, water + 2, 1.25, hullC, "#efe6d2", true), tallShip(470, water - 2, 0.72, mix(hullC, look.building, 0.4), "#e3dccb", true));
    s.add(ships);
  }
  if (look.mist > 0) {
    s.add(el("rect", { x: 0, y: water - 160, width: W, height: 200, fill: s.linear([[0, "#fdf1e6", 0], [0.75, "#fdf1e6", look.mist], [1, "#fdf1e6", look.mist * 0.6]], 0, water - 160, 0, water + 40) }));
  }

  // Water with reflections.
  s.add(el("rect", { x: 0, y: water, width: W, height: H - water, fill: s.linear(look.water, 0, water, 0, H) }));
  if (look.scheveningen) reflection(s, tower, water + 2, 0.35, 4);
  if (ships) reflection(s, ships, water + 2, 0.3, 4);
  glitter(s, look.glow[0], water + 4, H, 220, look.glitter, 150, 0.6);
  if (look.windowsLit > 0.1) {
    const lightsRefl: string[] = [];
    for (let i = 0; i < 46; i++) lightsRefl.push(el("rect", { x: between(r, 800, 1900), y: water + between(r, 4, 70), width: 2.5, height: between(r, 12, 70), opacity: between(r, 0.1, 0.4) }));
    s.add(g({ fill: "#ffc77a" }, ...lightsRefl));
  }

  // The yacht moored alongside the pontoon, sails furled.
  const wl = 918;
  const boat: YachtOpts = {
    x: 1160,
    y: wl,
    scale: 2.6,
    rig: "bare",
    hull: "#0c1c2d",
    deck: "#4a6278",
    rigging: "#1a2a3d",
    crew: [
      { at: 44, pose: "stand", dir: 1 },
      { at: 150, pose: "sit", dir: -1 },
    ],
    crewColor: "#0a1622",
  };
  const boatXml = yacht(s, boat);
  reflection(s, boatXml, wl + 2, 0.45, 3);
  s.add(boatXml);
  const b1 = yachtPoint(boat, [14, -38]);
  const b2 = yachtPoint(boat, [114, -35]);
  s.add(el("path", { d: `M${P(b1)}L${P(b2)}`, stroke: "#dfe7ee", "stroke-width": 10, "stroke-linecap": "round" }));
  if (look.tallShips) {
    // Dressed overall for the festival: flags from stern to masthead to bow.
    const top = yachtPoint(boat, [112, -300]);
    s.add(bunting(yachtPoint(boat, [2, -17]), top, 16, FLAG_COLORS), bunting(top, yachtPoint(boat, [204, -20]), 16, FLAG_COLORS, 3));
  }
  // Pontoon in the foreground with mooring lines and lamp posts.
  const pontoonY = 985;
  s.add(
    el("path", { d: `M${n1(yachtPoint(boat, [30, -14])[0])},${n1(yachtPoint(boat, [30, -14])[1])}Q880,${pontoonY - 10} 840,${pontoonY}M${n1(yachtPoint(boat, [190, -17])[0])},${n1(yachtPoint(boat, [190, -17])[1])}Q1500,${pontoonY - 12} 1560,${pontoonY}`, stroke: "#cfd8e0", "stroke-width": 2.5, fill: "none" }),
    el("path", { d: `M560,${pontoonY}L1920,${pontoonY}L1920,${pontoonY + 36}L560,${pontoonY + 36}Z`, fill: "#2a3446" }),
    el("path", { d: `M560,${pontoonY}L1920,${pontoonY}`, stroke: "#6b7890", "stroke-width": 3 }),
  );
  for (const px of [620, 1880]) {
    s.add(
      el("rect", { x: px - 6, y: pontoonY - 70, width: 12, height: 70, fill: "#1a2233" }),
      el("circle", { cx: px, cy: pontoonY - 76, r: 6, fill: look.lamps ? "#ffd39a" : "#c9d3dc" }),
    );
    if (look.lamps) s.add(el("circle", { cx: px, cy: pontoonY - 76, r: 40, fill: s.radial([[0, "#ffd39a", 0.5], [1, "#ffd39a", 0]], px, pontoonY - 76, 40) }));
  }
  ripples(s, 0, W, water + 10, H, look.ripple, 130, 0.22);
  vignette(s, look.vignette);
  grain(s, 0.045);
  return s;
}

/** Flying fish gliding with wings spread, trailing drops where it left the water. */
function flyingFish(s: Scene, fx: number, fy: number, size: number, angle: number): void {
  const z = size;
  const body = `M${-z},0C${-z * 0.4},${-z * 0.2} ${z * 0.5},${-z * 0.2} ${z},${-z * 0.02}C${z * 0.5},${z * 0.14} ${-z * 0.4},${z * 0.14} ${-z},0Z`;
  const tail = `M${-z * 0.92},0L${-z * 1.45},${-z * 0.32}L${-z * 1.2},${z * 0.02}L${-z * 1.5},${z * 0.38}Z`;
  const wingFar = `M${z * 0.35},${-z * 0.08}C${z * 0.1},${-z * 0.6} ${-z * 0.4},${-z * 0.9} ${-z * 0.75},${-z * 0.85}C${-z * 0.45},${-z * 0.5} ${-z * 0.2},${-z * 0.15} ${z * 0.05},${-z * 0.05}Z`;
  const wingNear = `M${z * 0.35},${z * 0.02}C${z * 0.05},${z * 0.45} ${-z * 0.35},${z * 0.7} ${-z * 0.7},${z * 0.72}C${-z * 0.45},${z * 0.4} ${-z * 0.2},${z * 0.12} ${z * 0.05},${z * 0.06}Z`;
  s.add(
    el("path", { d: `M${n1(fx - z * 1.6)},${n1(fy + z * 0.2)}Q${n1(fx - z * 3)},${n1(fy + z * 0.7)} ${n1(fx - z * 4.2)},${n1(fy + z * 1.5)}`, stroke: C.white, "stroke-width": Math.max(1.5, z * 0.07), "stroke-dasharray": `${n1(z * 0.06)} ${n1(z * 0.3)}`, "stroke-linecap": "round", fill: "none", opacity: 0.6 }),
    g(
      { transform: `translate(${n1(fx)} ${n1(fy)}) rotate(${angle})` },
      el("path", { d: wingFar, fill: "#9cc6e3", opacity: 0.9 }),
      el("path", { d: tail, fill: "#0c3a58" }),
      el("path", { d: body, fill: s.linear([[0, "#2f6f99"], [0.5, "#0f3f60"], [1, "#c9dceb"]], 0, -z * 0.2, 0, z * 0.14) }),
      el("circle", { cx: z * 0.72, cy: -z * 0.04, r: z * 0.045, fill: C.navy }),
      el("path", { d: wingNear, fill: "#cfe5f5", opacity: 0.92 }),
    ),
  );
}

/**
 * An ocean passage. Looks change the light (trade-wind day or a moonlit night), the sail plan
 * and the boat's heading, so each ocean leg in the demo has its own picture.
 */
type AtlanticLook = {
  seed: number;
  sky: Stop[];
  /** Sun or moon: position, radius, core, glow, glow radius, glow opacity. */
  light: [x: number, y: number, r: number, core: string, glow: string, glowR: number, glowOpacity: number];
  cloudTop: string;
  cloudBottom: string;
  cloudOpacity: number;
  stars: number;
  sea: SeaPalette;
  glitter: string;
  swell: [top: string, bottom: string, highlight: string];
  front: [top: string, bottom: string];
  boatX: number;
  dir: 1 | -1;
  rig: Rig;
  hull: string;
  sail: [string, string, string];
  spinnaker: [string, string];
  crewColor?: string;
  flyingFish: boolean;
  vignette: number;
};

const ATLANTIC_LOOKS: Record<string, AtlanticLook> = {
  trades: {
    seed: 404,
    sky: [[0, "#175a85"], [0.55, "#4f9cc8"], [1, "#d3e8f6"]],
    light: [1520, 150, 52, "#fffaf0", "#fff3d6", 500, 0.6],
    cloudTop: C.white, cloudBottom: "#9fc3dc", cloudOpacity: 0.95, stars: 0,
    sea: { far: "#3484b0", near: "#1a6690", deep: "#0b3d5c", light: C.white, lightOpacity: 0.45, caps: 0.45, chop: 0.7 },
    glitter: C.white,
    swell: ["#1f78a3", "#072f4a", C.white],
    front: ["#155f88", "#06243a"],
    boatX: 800, dir: 1, rig: "spinnaker", hull: "#0b1f33",
    sail: ["#ffffff", "#c7d9ea", "#f1f6fb"], spinnaker: [C.orange, "#c24a22"],
    flyingFish: true, vignette: 0.35,
  },
  night: {
    seed: 414,
    sky: [[0, "#030a16"], [0.5, "#0b1f38"], [0.85, "#1d3a5c"], [1, "#37597a"]],
    light: [520, 170, 34, "#f4f1e4", "#b9cde0", 420, 0.45],
    cloudTop: "#5d7896", cloudBottom: "#14273d", cloudOpacity: 0.8, stars: 260,
    sea: { far: "#1e3c5a", near: "#0f2a44", deep: "#040d1a", light: "#cfdcea", lightOpacity: 0.35, caps: 0.3, chop: 0.7 },
    glitter: "#e3ecf5",
    swell: ["#133552", "#030b16", "#d6e2ee"],
    front: ["#0c2438", "#02070f"],
    boatX: 1180, dir: -1, rig: "reach", hull: "#050d18",
    sail: ["#c9d6e3", "#6d849b", "#a3b6c9"], spinnaker: [C.orange, "#c24a22"],
    crewColor: "#050b14",
    flyingFish: false, vignette: 0.55,
  },
};

function atlantic(look: AtlanticLook = ATLANTIC_LOOKS.trades): Scene {
  const s = new Scene(W, H, look.seed);
  const horizon = 600;
  const r = s.rand;
  sky(s, look.sky, horizon);
  if (look.stars > 0) {
    const sr = makeRng(look.seed + 1);
    const stars: string[] = [];
    for (let i = 0; i < look.stars; i++) {
      stars.push(el("circle", { cx: between(sr, 0, W), cy: Math.pow(sr(), 1.4) * (horizon - 120), r: between(sr, 0.6, 1.9), opacity: between(sr, 0.2, 0.85) }));
    }
    s.add(g({ fill: "#eaf2ff" }, ...stars));
  }
  const [lx, ly, lr, core, glow, glowR, glowOp] = look.light;
  sun(s, lx, ly, lr, core, glow, glowR, glowOp);
  // Trade-wind cumulus in rows, shrinking with distance.
  const rows = [
    { y: 575, n: 10, w: 130, h: 30 },
    { y: 520, n: 7, w: 220, h: 50 },
    { y: 430, n: 4, w: 400, h: 100 },
  ];
  for (const row of rows) {
    for (let i = 0; i < row.n; i++) {
      const cx = (i + 0.2 + r() * 0.6) * (W / row.n);
      cloud(s, cx, row.y + between(r, -15, 15), row.w * between(r, 0.7, 1.25), row.h * between(r, 0.75, 1.25), look.cloudTop, look.cloudBottom, look.cloudOpacity);
    }
  }
  farSea(s, horizon, horizon + 200, 5, look.sea);
  glitter(s, lx, horizon + 6, horizon + 220, 320, look.glitter, 150, 0.85);
  const swell = waveLine(s, { y: 905, amp: 42, len: 1100, chop: 0.7, crestAt: look.boatX - 60 * look.dir, detail: 0.22 });
  const boat: YachtOpts = {
    ...ride(swell, look.boatX, 2.2, look.dir, 3),
    sink: 9,
    heel: 6,
    rig: look.rig,
    hull: look.hull,
    sail: look.sail,
    spinnaker: look.spinnaker,
    rigging: "#1b2e42",
    crew: [
      { at: 30, pose: "helm", dir: 1, jacket: C.orange },
      { at: 62, pose: "trim", dir: 1 },
      { at: 168, pose: "crouch", dir: 1, jacket: "#e9eef3" },
    ],
    crewColor: look.crewColor,
  };
  s.add(yacht(s, boat));
  seaLayer(s, swell, { top: look.swell[0], bottom: look.swell[1], highlight: look.swell[2], highlightOpacity: 0.5, caps: 0.5 });
  wake(s, boat, 640, look.glitter, 0.85, swell);
  const bow = yachtPoint(boat, [203, -4]);
  spray(s, bow[0] + 6 * look.dir, bow[1], 130, 150, look.glitter, look.dir === 1 ? -35 : -145, 60);
  seaLayer(s, waveLine(s, { y: 1050, amp: 26, len: 640, chop: 0.7 }), { top: look.front[0], bottom: look.front[1], highlight: look.swell[2], highlightOpacity: 0.35, caps: 0.45 });
  if (look.flyingFish) {
    flyingFish(s, 1440, 840, 66, -8);
    flyingFish(s, 1640, 900, 52, -4);
    flyingFish(s, 1330, 960, 42, -12);
  }
  vignette(s, look.vignette);
  grain(s, 0.035);
  return s;
}

/** Offshore wind turbines standing on the horizon. */
function windFarm(s: Scene, x0: number, x1: number, horizon: number, count: number, height: number, color: string, opacity: number): void {
  const r = s.rand;
  const d: string[] = [];
  for (let i = 0; i < count; i++) {
    const tx = x0 + ((x1 - x0) * (i + 0.5)) / count + between(r, -12, 12);
    const th = height * between(r, 0.85, 1.1);
    const hy = horizon - th;
    const a = r() * 120;
    d.push(`M${n1(tx)},${n1(horizon)}L${n1(tx)},${n1(hy)}`);
    for (const b of [0, 120, 240]) {
      const ang = ((a + b) * Math.PI) / 180;
      d.push(`M${n1(tx)},${n1(hy)}L${n1(tx + Math.cos(ang) * th * 0.45)},${n1(hy + Math.sin(ang) * th * 0.45)}`);
    }
  }
  s.add(el("path", { d: d.join(""), stroke: color, "stroke-width": Math.max(1.2, height / 40), "stroke-linecap": "round", opacity, fill: "none" }));
}

/**
 * The yacht at sea off the Dutch coast. Looks change the weather (storm light with rain, a calm
 * clear day by the wind farm, a pink dawn), the sail plan and the sea state.
 */
type NorthSeaLook = {
  seed: number;
  sky: Stop[];
  /** Where the light breaks through: x, y, colour; rays only in the storm. */
  light: [x: number, y: number, color: string, halo: string];
  rays: boolean;
  sun?: [r: number, core: string, glow: string, glowR: number];
  clouds: [dark: string, light: string, count: number, lo: number, hi: number];
  rain: boolean;
  farm: [x0: number, x1: number, count: number, height: number, color: string, opacity: number];
  farmLights: boolean;
  sea: SeaPalette;
  glitter: string;
  chop: [amp: number, top: string, bottom: string, caps: number];
  front: [top: string, bottom: string];
  boatX: number;
  rig: Rig;
  heel: number;
  sail: [string, string, string];
  hull: string;
  spray: number;
  windStreaks: boolean;
  vignette: number;
};

const NORTH_SEA_LOOKS: Record<string, NorthSeaLook> = {
  storm: {
    seed: 505,
    sky: [[0, "#172124"], [0.4, "#2f3f42"], [0.75, "#667875"], [1, "#9fb0aa"]],
    light: [1330, 300, "#eef4ef", "#c9d6cf"], rays: true,
    clouds: ["#172124", "#5d6f70", 12, 0.55, 0.9], rain: true,
    farm: [100, 1000, 9, 64, "#a7b4b0", 0.7], farmLights: false,
    sea: { far: "#80938e", near: mix(C.teal, "#4f5f5c", 0.6), deep: "#1b2726", light: "#e6eee8", lightOpacity: 0.45, caps: 0.7, chop: 0.85 },
    glitter: "#e6eee8",
    chop: [44, mix(mix(C.teal, "#4f5f5c", 0.6), "#7f928d", 0.35), "#121b1b", 0.7],
    front: ["#3b4b49", "#0b1212"],
    boatX: 1000, rig: "reefed", heel: -14, sail: ["#eef2ef", "#8c9c98", "#cfd9d4"], hull: "#101b22",
    spray: 230, windStreaks: true, vignette: 0.65,
  },
  calm: {
    seed: 515,
    sky: [[0, "#3f6f93"], [0.5, "#8fb0c8"], [0.85, "#cfdde6"], [1, "#e4ebee"]],
    light: [560, 170, "#fffaf0", "#e8eef2"], rays: false, sun: [44, "#fffaf0", "#fff3da", 460],
    clouds: ["#c3d3de", "#f2f6f8", 7, 0.35, 0.6], rain: false,
    farm: [880, 1880, 13, 92, "#eef3f5", 0.85], farmLights: false,
    sea: { far: "#9bb4c0", near: "#4f8197", deep: "#1d4256", light: C.white, lightOpacity: 0.4, caps: 0.15, chop: 0.5 },
    glitter: C.white,
    chop: [16, "#3f7890", "#143447", 0.15],
    front: ["#2d6177", "#0c2433"],
    boatX: 760, rig: "upwind", heel: -7, sail: ["#ffffff", "#b9cbd8", "#eef3f7"], hull: "#0b1f33",
    spray: 90, windStreaks: false, vignette: 0.35,
  },
  dawn: {
    seed: 525,
    sky: [[0, "#16203d"], [0.4, "#3c4a72"], [0.72, "#b3788a"], [0.9, "#f0a27a"], [1, "#ffd1a0"]],
    light: [420, 560, "#ffd7a8", "#f0a27a"], rays: false, sun: [40, "#fff0d0", "#ff9f6a", 520],
    clouds: ["#2b3152", "#7d6a86", 9, 0.45, 0.8], rain: false,
    farm: [1050, 1900, 11, 70, "#3a3f5c", 0.8], farmLights: true,
    sea: { far: "#c7908f", near: "#4a5a7c", deep: "#111a30", light: "#ffd0a6", lightOpacity: 0.5, caps: 0.35, chop: 0.7 },
    glitter: "#ffd3a8",
    chop: [30, "#3d4d70", "#0e1529", 0.4],
    front: ["#27314f", "#070b18"],
    boatX: 1140, rig: "upwind", heel: -11, sail: ["#f3e6e4", "#8d8aa6", "#d9c3c6"], hull: "#0c1222",
    spray: 160, windStreaks: false, vignette: 0.5,
  },
};

function northSea(look: NorthSeaLook = NORTH_SEA_LOOKS.storm): Scene {
  const s = new Scene(W, H, look.seed);
  const horizon = 590;
  const r = s.rand;
  const [lightX, lightY, lightC, halo] = look.light;
  sky(s, look.sky, horizon);
  if (look.rays) {
    // A break in the clouds with light rays falling on the sea.
    const rays: string[] = [];
    for (let i = 0; i < 7; i++) {
      const x0 = lightX - 100 + i * 40;
      const x1 = lightX - 350 + i * 150;
      rays.push(el("path", { d: `M${x0},${lightY}L${x0 + 18},${lightY}L${x1 + 60},${horizon + 40}L${x1},${horizon + 40}Z`, opacity: 0.06 + (i % 3) * 0.04 }));
    }
    s.add(g({ fill: "#e3ece6", filter: s.blur(8) }, ...rays));
  }
  s.add(el("rect", { width: W, height: horizon, fill: s.radial([[0, lightC, 0.7], [0.5, halo, 0.2], [1, halo, 0]], lightX, lightY, 420, 0.3) }));
  if (look.sun) sun(s, lightX, lightY, look.sun[0], look.sun[1], look.sun[2], look.sun[3], 0.55);
  const [cDark, cLight, cCount, cLo, cHi] = look.clouds;
  for (let i = 0; i < cCount; i++) {
    streak(s, between(r, -100, W + 100), between(r, 40, 430), between(r, 500, 1200), between(r, 50, 120), mix(cDark, cLight, r()), between(r, cLo, cHi), 16);
  }
  if (look.rain) {
    // Rain curtain on the left.
    const rain: string[] = [];
    for (let i = 0; i < 130; i++) {
      const x = between(r, 150, 900);
      const y = between(r, 280, 560);
      rain.push(el("path", { d: `M${n1(x)},${n1(y)}l-14,60`, opacity: between(r, 0.08, 0.28) }));
    }
    s.add(g({ stroke: "#b8c6c2", "stroke-width": 1.2 }, ...rain));
  }
  const [f0, f1, fCount, fHeight, fColor, fOpacity] = look.farm;
  windFarm(s, f0, f1, horizon, fCount, fHeight, fColor, fOpacity);
  if (look.farmLights) {
    const lights: string[] = [];
    for (let i = 0; i < fCount; i++) {
      const tx = f0 + ((f1 - f0) * (i + 0.5)) / fCount;
      lights.push(el("circle", { cx: tx, cy: horizon - fHeight - 1, r: 2.6, fill: "#ff5a4a" }), el("circle", { cx: tx, cy: horizon - fHeight - 1, r: 9, fill: "#ff5a4a", opacity: 0.25 }));
    }
    s.add(g({}, ...lights));
  }
  farSea(s, horizon, horizon + 190, 6, look.sea);
  glitter(s, lightX, horizon + 6, horizon + 150, 460, look.glitter, 90, 0.45);
  const [chopAmp, chopTop, chopBottom, chopCaps] = look.chop;
  const chop = waveLine(s, { y: 910, amp: chopAmp, len: 760, chop: 0.85, crestAt: look.boatX + 20, detail: 0.3 });
  const boat: YachtOpts = {
    ...ride(chop, look.boatX, 2.2, 1, 3),
    sink: 9,
    heel: look.heel,
    rig: look.rig,
    hull: look.hull,
    deck: "#56656a",
    sail: look.sail,
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
  seaLayer(s, chop, { top: chopTop, bottom: chopBottom, highlight: C.white, highlightOpacity: 0.5, caps: chopCaps });
  wake(s, boat, 500, "#e9f0ec", 0.75, chop);
  const bow = yachtPoint(boat, [200, -8]);
  spray(s, bow[0], bow[1], look.spray, Math.round(look.spray * 1.13), "#f1f5f2", -115, 80);
  seaLayer(s, waveLine(s, { y: 1060, amp: 26 * (chopAmp / 44), len: 420, chop: 0.8 }), { top: look.front[0], bottom: look.front[1], highlight: C.white, highlightOpacity: 0.35, caps: chopCaps / 2 });
  if (look.windStreaks) {
    const streaks: string[] = [];
    for (let i = 0; i < 80; i++) {
      streaks.push(el("path", { d: `M${n1(between(r, 0, W))},${n1(between(r, 0, H))}l-30,${n1(between(r, 8, 14))}`, opacity: between(r, 0.08, 0.22) }));
    }
    s.add(g({ stroke: C.white, "stroke-width": 1.3, "stroke-linecap": "round" }, ...streaks));
  }
  vignette(s, look.vignette);
  grain(s, 0.05);
  return s;
}

/**
 * A day out with guests on board. Looks change the weather (a sunny summer day, or a fresh
 * breeze under a broken sky with a racing mark to round) and how hard the boat is pressed.
 */
type CorporateLook = {
  seed: number;
  sky: Stop[];
  sun?: [x: number, y: number];
  clouds: Array<[cx: number, cy: number, w: number, h: number, bottom: string, opacity: number]>;
  coast: [fill: string, tower: string];
  sea: SeaPalette;
  glitter: [x: number, count: number, opacity: number];
  water: [amp: number, top: string, bottom: string, caps: number];
  boatX: number;
  dir: 1 | -1;
  rig: Rig;
  heel: number;
  sail: [string, string, string];
  crew: CrewSpot[];
  mark?: [x: number, y: number];
  gulls: string;
  vignette: number;
};

const GUESTS: CrewSpot[] = [
  { at: 26, pose: "helm", dir: 1, jacket: C.orange },
  { at: 46, pose: "wave", dir: -1, jacket: "#f3f6f9" },
  { at: 64, pose: "stand", dir: -1, jacket: C.orange },
  { at: 84, pose: "sit", dir: -1, jacket: "#2f98b8" },
  { at: 132, pose: "sit", dir: -1, jacket: C.orange },
  { at: 150, pose: "stand", dir: 1, jacket: "#f3f6f9" },
  { at: 172, pose: "sit", dir: -1, jacket: "#2f98b8" },
];

const CORPORATE_LOOKS: Record<string, CorporateLook> = {
  sunny: {
    seed: 606,
    sky: [[0, "#2f86b8"], [0.6, "#86c1e3"], [1, "#e3f0fa"]],
    sun: [380, 140],
    clouds: [[1330, 290, 460, 110, "#c6dced", 0.92], [1720, 360, 280, 70, "#cfe2ef", 0.85], [840, 420, 320, 60, "#d5e7f3", 0.7]],
    coast: ["#8fb3a8", "#7a9f96"],
    sea: { far: "#6fb5d0", near: "#2a93b4", deep: "#126f8e", light: C.white, lightOpacity: 0.45, chop: 0.4 },
    glitter: [380, 260, 0.85],
    water: [10, "#2592b2", "#0b5a7a", 0.12],
    boatX: 1120, dir: -1, rig: "reach", heel: -4, sail: ["#ffffff", "#c5d8e8", "#f3f8fc"],
    crew: GUESTS, gulls: "#2d4a60", vignette: 0.3,
  },
  breeze: {
    seed: 616,
    sky: [[0, "#4a6f8c"], [0.55, "#9bb7cb"], [1, "#dfe9ef"]],
    clouds: [
      [380, 200, 620, 150, "#8fa7ba", 0.95], [1150, 150, 520, 120, "#9fb5c6", 0.9], [1700, 300, 420, 100, "#a9bdcc", 0.9],
      [760, 420, 380, 70, "#b8c9d6", 0.85], [1480, 470, 300, 55, "#c2d1dc", 0.8],
    ],
    coast: ["#7f9c98", "#6d8a86"],
    sea: { far: "#7ea3b3", near: "#2f7188", deep: "#133f52", light: C.white, lightOpacity: 0.4, caps: 0.45, chop: 0.75 },
    glitter: [1250, 120, 0.5],
    water: [24, "#2a6d85", "#0b3344", 0.4],
    boatX: 820, dir: 1, rig: "upwind", heel: -13, sail: ["#ffffff", "#a9bccb", "#e6edf2"],
    crew: [
      { at: 26, pose: "helm", dir: 1, jacket: C.orange },
      { at: 52, pose: "grind", dir: 1, jacket: "#f3f6f9" },
      { at: 74, pose: "grind", dir: -1, jacket: C.orange },
      { at: 104, pose: "sit", dir: 1, jacket: "#2f98b8" },
      { at: 122, pose: "sit", dir: 1, jacket: C.orange },
      { at: 140, pose: "sit", dir: 1, jacket: "#f3f6f9" },
      { at: 176, pose: "crouch", dir: 1, jacket: "#2f98b8" },
    ],
    mark: [1560, 900], gulls: "#34495a", vignette: 0.4,
  },
};

function corporate(look: CorporateLook = CORPORATE_LOOKS.sunny): Scene {
  const s = new Scene(W, H, look.seed);
  const horizon = 560;
  const r = s.rand;
  sky(s, look.sky, horizon);
  if (look.sun) sun(s, look.sun[0], look.sun[1], 50, "#fffdf5", "#fff6df", 460, 0.65);
  for (const [cx, cy, w, h, bottom, opacity] of look.clouds) cloud(s, cx, cy, w, h, C.white, bottom, opacity);
  // Low Dutch coastline: dunes and a church tower.
  const dunes: Pt[] = [];
  for (let x = -20; x <= 1100; x += 40) dunes.push([x, horizon - 10 - Math.sin(x / 120) * 6 - r() * 6]);
  s.add(
    el("path", { d: `${smooth(dunes)}L1100,${horizon}L-20,${horizon}Z`, fill: look.coast[0], opacity: 0.7 }),
    el("path", { d: `M640,${horizon - 14}L640,${horizon - 48}L646,${horizon - 64}L652,${horizon - 48}L652,${horizon - 14}Z`, fill: look.coast[1] }),
  );
  farSea(s, horizon, horizon + 260, 5, look.sea);
  glitter(s, look.glitter[0], horizon + 4, H, 380, C.white, look.glitter[1], look.glitter[2]);
  const [amp, top, bottom, caps] = look.water;
  const water = waveLine(s, { y: 880, amp, len: 700, chop: 0.5, crestAt: look.boatX + 20 * look.dir });
  const boat: YachtOpts = {
    ...ride(water, look.boatX, 2.3, look.dir, 1.5),
    sink: 2.5,
    heel: look.heel,
    rig: look.rig,
    hull: "#0b1f33",
    sail: look.sail,
    rigging: "#22364a",
    crew: look.crew,
  };
  if (look.mark) {
    const mark = racingMark(s, look.mark[0], look.mark[1], 150, -8);
    reflection(s, mark, look.mark[1] + 3, 0.3, 5);
    s.add(mark);
  }
  s.add(yacht(s, boat));
  seaLayer(s, water, { top, bottom, highlight: C.white, highlightOpacity: 0.5, caps });
  wake(s, boat, 420, C.white, 0.75, water);
  if (look.mark) {
    const bow = yachtPoint(boat, [200, -4]);
    spray(s, bow[0], bow[1], 120, 120, C.white, -60, 70);
  }
  ripples(s, 0, W, 900, H, C.white, 120, 0.35);
  gull(s, 1560, 180, 18, look.gulls);
  gull(s, 1610, 215, 13, look.gulls);
  gull(s, 1500, 240, 10, look.gulls, 0.6);
  vignette(s, look.vignette);
  grain(s, 0.03);
  return s;
}

/** Inflatable racing mark with a white band, bobbing slightly tilted. */
function racingMark(s: Scene, x: number, y: number, h: number, tilt: number): string {
  const w = h * 0.3;
  const body = `M${n1(-w)},0L${n1(-w * 0.8)},${n1(-h)}Q0,${n1(-h * 1.1)} ${n1(w * 0.8)},${n1(-h)}L${n1(w)},0Q0,${n1(h * 0.08)} ${n1(-w)},0Z`;
  const clipId = s.clip(el("path", { d: body }));
  return g(
    { transform: `translate(${n1(x)} ${n1(y)}) rotate(${tilt})` },
    el("path", { d: body, fill: s.linear([[0, "#ffae88"], [0.4, C.orange], [1, "#a83d18"]], -w, 0, w, 0) }),
    g({ "clip-path": clipId }, el("rect", { x: -w * 1.2, y: -h * 0.72, width: w * 2.4, height: h * 0.16, fill: C.white, opacity: 0.92 })),
    el("ellipse", { cx: 0, cy: -h * 1.0, rx: w * 0.8, ry: h * 0.05, fill: "#ffb894" }),
  );
}

/**
 * A training session with the coach RIB and a racing mark. Looks change the light and the
 * manoeuvre: tacking in a bright morning breeze, or a spinnaker run in late-afternoon sun.
 */
type TrainingLook = {
  seed: number;
  sky: Stop[];
  sun: [x: number, y: number];
  clouds: Array<[cx: number, cy: number, w: number, h: number, bottom: string, opacity: number]>;
  sea: SeaPalette;
  water: [top: string, bottom: string];
  front: [top: string, bottom: string];
  boatX: number;
  dir: 1 | -1;
  rig: Rig;
  heel: number;
  spinnaker?: [string, string];
  tack: boolean;
  rib: number;
  mark: [x: number, tilt: number];
  glitter?: string;
};

const TRAINING_LOOKS: Record<string, TrainingLook> = {
  tack: {
    seed: 707,
    sky: [[0, "#5a8fb3"], [0.7, "#a7c9e0"], [1, "#dbe9f4"]],
    sun: [1650, 120],
    clouds: [[520, 360, 640, 130, "#b3cbe0", 0.88], [1220, 440, 380, 70, "#c3d8e8", 0.8]],
    sea: { far: "#5d9db5", near: "#2b8aa5", deep: "#17627a", light: C.white, lightOpacity: 0.4, caps: 0.25, chop: 0.55 },
    water: ["#2b8aa5", "#0c5068"],
    front: ["#1a7590", "#083a4d"],
    boatX: 860, dir: 1, rig: "luffing", heel: 2, tack: true, rib: 300, mark: [1520, 6],
  },
  run: {
    seed: 717,
    sky: [[0, "#3d6f99"], [0.55, "#9bbfd6"], [0.85, "#f1d9b8"], [1, "#f7e3c4"]],
    sun: [380, 260],
    clouds: [[1260, 300, 560, 110, "#d8c9bd", 0.85], [1700, 420, 320, 60, "#e2d3c4", 0.8], [760, 200, 300, 55, "#d3d9df", 0.6]],
    sea: { far: "#8fb0bb", near: "#2f7d96", deep: "#145468", light: "#fff0d8", lightOpacity: 0.5, caps: 0.3, chop: 0.6 },
    water: ["#2a7790", "#0b4558"],
    front: ["#1b6a82", "#073343"],
    boatX: 1120, dir: -1, rig: "spinnaker", heel: -4, spinnaker: [C.navy, "#17324f"], tack: false, rib: 1560, mark: [330, -7], glitter: "#ffe8c8",
  },
};

function training(look: TrainingLook = TRAINING_LOOKS.tack): Scene {
  const s = new Scene(W, H, look.seed);
  const horizon = 520;
  sky(s, look.sky, horizon);
  sun(s, look.sun[0], look.sun[1], 40, "#ffffff", look.glitter ?? "#eef6ff", 360, 0.5);
  for (const [cx, cy, w, h, bottom, opacity] of look.clouds) cloud(s, cx, cy, w, h, C.white, bottom, opacity);
  streak(s, 1500, 300, 600, 30, C.white, 0.5, 10);
  farSea(s, horizon, horizon + 220, 5, look.sea);
  if (look.glitter) glitter(s, look.sun[0], horizon + 4, H, 300, look.glitter, 200, 0.75);
  // Coach RIB in the distance.
  const rx = look.rib;
  s.add(
    el("path", { d: `M${rx},${horizon + 46}L${rx + 80},${horizon + 46}L${rx + 72},${horizon + 56}L${rx + 6},${horizon + 56}Z`, fill: "#2a3b48" }),
    el("path", { d: `M${rx + 40},${horizon + 46}L${rx + 46},${horizon + 34}L${rx + 56},${horizon + 34}L${rx + 58},${horizon + 46}Z`, fill: "#2a3b48" }),
    el("path", { d: `M${rx},${horizon + 57}Q${rx - 40},${horizon + 56} ${rx - 80},${horizon + 62}`, stroke: C.white, "stroke-width": 2.5, fill: "none", opacity: 0.7 }),
  );
  const water = waveLine(s, { y: 850, amp: 14, len: 600, chop: 0.6, crestAt: look.boatX });
  const boat: YachtOpts = {
    ...ride(water, look.boatX, 2.1, look.dir, 1.5),
    sink: 2.5,
    heel: look.heel,
    rig: look.rig,
    hull: "#0b1f33",
    sail: ["#ffffff", "#b9cfe1", "#eef4f9"],
    spinnaker: look.spinnaker,
    rigging: "#22364a",
    crew: [
      { at: 28, pose: "helm", dir: 1, jacket: C.orange },
      { at: 60, pose: "grind", dir: 1 },
      { at: 92, pose: "grind", dir: -1, jacket: C.orange },
      { at: 126, pose: "trim", dir: 1 },
      { at: 178, pose: "crouch", dir: 1, jacket: C.orange },
    ],
  };
  s.add(yacht(s, boat));
  seaLayer(s, water, { top: look.water[0], bottom: look.water[1], highlight: C.white, highlightOpacity: 0.45, caps: 0.2 });
  if (look.tack) {
    // Curving wake of the tack.
    const stern = yachtPoint(boat, [0, -1]);
    const arc = `M${P(stern)}C${n1(stern[0] - 260)},${n1(stern[1] + 10)} ${n1(stern[0] - 430)},${n1(stern[1] + 150)} ${n1(stern[0] - 280)},${n1(stern[1] + 250)}`;
    s.add(
      el("path", { d: arc, stroke: C.white, "stroke-width": 34, fill: "none", opacity: 0.14, "stroke-linecap": "round", filter: s.blur(6) }),
      el("path", { d: arc, stroke: C.white, "stroke-width": 3, fill: "none", opacity: 0.45, "stroke-dasharray": "220 30 90 40 160 26", "stroke-linecap": "round", transform: "translate(0 -8)" }),
      el("path", { d: arc, stroke: C.white, "stroke-width": 2, fill: "none", opacity: 0.35, "stroke-dasharray": "120 50 200 30", "stroke-linecap": "round", transform: "translate(6 8)" }),
    );
  }
  wake(s, boat, look.tack ? 160 : 520, C.white, 0.75, water);
  const [mx, tilt] = look.mark;
  const my = 975;
  const mark = racingMark(s, mx, my, 250, tilt);
  reflection(s, mark, my + 4, 0.3, 6);
  s.add(el("ellipse", { cx: mx, cy: my + 4, rx: 110, ry: 14, fill: "#0b3b50", opacity: 0.35 }), mark);
  s.add(el("path", { d: `M${mx - 130},${my + 2}Q${mx},${my + 34} ${mx + 140},${my}`, stroke: C.white, "stroke-width": 5, fill: "none", opacity: 0.6, "stroke-linecap": "round" }));
  seaLayer(s, waveLine(s, { y: 1062, amp: 12, len: 500, chop: 0.6 }), { top: look.front[0], bottom: look.front[1], highlight: C.white, highlightOpacity: 0.35, caps: 0.3 });
  gull(s, 1180, 210, 16, "#36556b");
  gull(s, 1230, 240, 11, "#36556b", 0.7);
  vignette(s, 0.35);
  grain(s, 0.03);
  return s;
}

/**
 * One summer evening off Scheveningen. Variants change the light (sky, sun, water), where the
 * boat sails and whether the pier shows, so each evening in the demo has its own picture.
 */
type EveningLook = {
  seed: number;
  sky: Stop[];
  water: Stop[];
  sunX: number;
  sunDrop: number;
  sunCore: string;
  sunGlow: string;
  boatX: number;
  dir: 1 | -1;
  pier: boolean;
  glow: string;
  silhouette: string;
};

const EVENING_LOOKS: Record<string, EveningLook> = {
  sunset: {
    seed: 808,
    sky: [[0, "#14213a"], [0.3, "#3b3a5c"], [0.55, "#a2546a"], [0.78, "#ef7d4c"], [0.92, "#fbb36a"], [1, "#ffd79a"]],
    water: [[0, "#f39a62"], [0.12, "#b8607a"], [0.45, "#3b3a5c"], [1, "#0f1a2e"]],
    sunX: 980, sunDrop: 40, sunCore: "#ffe2a8", sunGlow: "#ff9a55", boatX: 1320, dir: -1, pier: true, glow: "#ffe0a8", silhouette: "#1a1426",
  },
  golden: {
    seed: 812,
    sky: [[0, "#1d3557"], [0.35, "#457b9d"], [0.62, "#e9c46a"], [0.85, "#f4a261"], [1, "#ffe8b0"]],
    water: [[0, "#f4b86a"], [0.15, "#8fa8b8"], [0.5, "#2f4a66"], [1, "#0c1a2c"]],
    sunX: 1500, sunDrop: 120, sunCore: "#fff4cc", sunGlow: "#ffc46b", boatX: 640, dir: 1, pier: false, glow: "#fff0c0", silhouette: "#10202f",
  },
  dusk: {
    seed: 815,
    sky: [[0, "#0b1733"], [0.35, "#26305e"], [0.62, "#6a4a8a"], [0.85, "#d97a8a"], [1, "#f6b38f"]],
    water: [[0, "#d98a90"], [0.15, "#6a4a8a"], [0.5, "#1f2550"], [1, "#080f22"]],
    sunX: 420, sunDrop: -6, sunCore: "#ffd0b0", sunGlow: "#f08a8a", boatX: 1180, dir: -1, pier: true, glow: "#ffc9b0", silhouette: "#120f24",
  },
  haze: {
    seed: 821,
    sky: [[0, "#2a3f5f"], [0.4, "#7d8fa8"], [0.7, "#e6a57e"], [0.9, "#f7c89b"], [1, "#fde3c0"]],
    water: [[0, "#f0b48a"], [0.18, "#9a9cae"], [0.55, "#3d4f6b"], [1, "#111d30"]],
    sunX: 1240, sunDrop: 80, sunCore: "#fff1d6", sunGlow: "#f7b27a", boatX: 520, dir: 1, pier: false, glow: "#fff0d6", silhouette: "#18222f",
  },
  twilight: {
    seed: 830,
    sky: [[0, "#06101f"], [0.4, "#14264a"], [0.7, "#3d4f8a"], [0.9, "#c0708a"], [1, "#f0a070"]],
    water: [[0, "#c07a7a"], [0.15, "#3d4f8a"], [0.5, "#14264a"], [1, "#050c18"]],
    sunX: 1650, sunDrop: -20, sunCore: "#ffc8a0", sunGlow: "#d0607a", boatX: 900, dir: -1, pier: true, glow: "#ffd0b8", silhouette: "#0a0f1e",
  },
};

function evening(look: EveningLook = EVENING_LOOKS.sunset): Scene {
  const s = new Scene(W, H, look.seed);
  const horizon = 660;
  sky(s, look.sky, horizon);
  sun(s, look.sunX, horizon - look.sunDrop, 70, look.sunCore, look.sunGlow, 700, 0.55);
  streak(s, 700, 520, 900, 16, "#ffb07a", 0.55, 4);
  streak(s, 1320, 470, 1000, 20, "#d9687a", 0.5, 6);
  streak(s, 1100, 600, 1200, 10, "#ffd2a0", 0.5, 3);
  streak(s, 400, 380, 700, 24, "#6c4a6e", 0.5, 8);
  // Distant Scheveningen pier: deck on legs, pavilions and the ferris wheel.
  const pc = "#4a3150";
  const legs: string[] = [];
  for (let x = 130; x < 560; x += 18) legs.push(`M${x},${horizon - 10}L${x},${horizon}`);
  if (look.pier) s.add(
    g(
      { opacity: 0.85 },
      el("path", { d: legs.join(""), stroke: pc, "stroke-width": 2 }),
      el("rect", { x: 110, y: horizon - 14, width: 460, height: 5, fill: pc }),
      el("path", { d: `M250,${horizon - 14}L256,${horizon - 34}L300,${horizon - 34}L306,${horizon - 14}ZM380,${horizon - 14}L384,${horizon - 28}L420,${horizon - 28}L424,${horizon - 14}Z`, fill: pc }),
      el("rect", { x: 275, y: horizon - 60, width: 6, height: 28, fill: pc }),
      ferrisWheel(510, horizon - 62, 38, pc),
    ),
  );
  // Flat water reflecting the sky.
  s.add(el("rect", { x: 0, y: horizon, width: W, height: H - horizon, fill: s.linear(look.water, 0, horizon, 0, H) }));
  glitter(s, look.sunX, horizon + 2, H, 340, look.glow, 320, 0.9);
  const wl = 820;
  const boat: YachtOpts = {
    x: look.boatX,
    y: wl,
    scale: 1.9,
    dir: look.dir,
    heel: -3,
    rig: "reach",
    hull: look.silhouette,
    deck: "#3a2e45",
    sail: ["#3a2a40", "#2a2035", "#5a3a4a"],
    accent: "#d8552a",
    rigging: "#1a1426",
    crew: [
      { at: 26, pose: "helm", dir: 1 },
      { at: 56, pose: "sit", dir: -1 },
      { at: 74, pose: "sit", dir: -1 },
      { at: 120, pose: "sit", dir: -1 },
      { at: 140, pose: "stand", dir: -1 },
    ],
    crewColor: look.silhouette,
    seams: 0.12,
  };
  const boatXml = yacht(s, boat);
  reflection(s, boatXml, wl + 2, 0.5, 2.5);
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
  const r = s.rand;
  sky(s, [[0, "#050d18"], [0.5, C.navy], [0.85, "#1c3552"], [1, mix(C.ocean, C.orange, 0.3)]], horizon);
  // Fireworks.
  const burst = (cx: number, cy: number, radius: number, color: string, rays: number): void => {
    const parts: string[] = [el("circle", { cx, cy, r: radius * 1.3, fill: s.radial([[0, color, 0.3], [1, color, 0]], cx, cy, radius * 1.3) })];
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
  burst(800, 360, 80, "#58b6c8", 24);
  burst(1790, 120, 90, C.orange, 26);
  // City lights of the finish port.
  const city: string[] = [];
  const windows: string[] = [];
  for (let x = 0; x < W; x += between(r, 30, 80)) {
    const bh = between(r, 20, 80);
    city.push(el("rect", { x, y: horizon - bh, width: between(r, 28, 70), height: bh }));
    for (let i = 0; i < 4; i++) if (r() < 0.7) windows.push(el("rect", { x: x + between(r, 4, 24), y: horizon - between(r, 6, bh - 4), width: 3, height: 4, opacity: between(r, 0.5, 1) }));
  }
  s.add(g({ fill: "#0f2237" }, ...city), g({ fill: "#ffcf8a" }, ...windows));
  s.add(el("rect", { x: 0, y: horizon, width: W, height: H - horizon, fill: s.linear([[0, "#1d3a56"], [0.2, "#0c2338"], [1, "#040c16"]], 0, horizon, 0, H) }));
  glitter(s, 520, horizon + 4, H - 120, 260, C.orange, 90, 0.55);
  glitter(s, 1500, horizon + 4, H - 120, 260, "#ffcf8a", 90, 0.55);
  glitter(s, 1040, horizon + 4, H - 200, 160, C.foam, 50, 0.45);
  // Committee boat (right) flying a string of signal flags, and the pin buoy (left): the finish line.
  const cbx = 1620;
  const cby = 880;
  const flagCols = [C.orange, C.white, C.teal, "#f4c542", C.ocean, C.orange, C.white, "#c7402a"];
  const flags: string[] = [];
  for (let i = 0; i < 8; i++) {
    const t = (i + 0.5) / 8;
    const fx = cbx - 40 + t * 270;
    const fy = cby - 300 + t * 240 + Math.sin(Math.PI * t) * 26;
    flags.push(el("path", { d: `M${n1(fx)},${n1(fy)}l26,5l-5,30l-24,-5Z`, fill: flagCols[i] }));
  }
  const committee = g(
    {},
    el("path", { d: `M${cbx - 130},${cby - 44}L${cbx + 250},${cby - 44}L${cbx + 228},${cby}L${cbx - 108},${cby}Z`, fill: "#1b2d41" }),
    el("path", { d: `M${cbx - 130},${cby - 44}L${cbx + 250},${cby - 44}`, stroke: "#6f8aa3", "stroke-width": 3 }),
    el("path", { d: `M${cbx - 40},${cby - 44}L${cbx - 30},${cby - 100}L${cbx + 130},${cby - 100}L${cbx + 140},${cby - 44}Z`, fill: "#243a52" }),
    el("path", { d: `M${cbx - 18},${cby - 86}L${cbx + 120},${cby - 86}L${cbx + 122},${cby - 66}L${cbx - 20},${cby - 66}Z`, fill: "#ffd9a0", opacity: 0.85 }),
    el("path", { d: `M${cbx - 40},${cby - 100}L${cbx - 40},${cby - 330}`, stroke: "#3a5470", "stroke-width": 5 }),
    el("path", { d: `M${cbx - 40},${cby - 300}Q${cbx + 100},${cby - 150} ${cbx + 240},${cby - 44}`, stroke: "#8ea4b8", "stroke-width": 1.5, fill: "none" }),
    ...flags,
    el("rect", { x: cbx - 100, y: cby - 340, width: 60, height: 40, fill: "#1f7a4a" }),
    el("rect", { x: cbx - 88, y: cby - 334, width: 36, height: 28, fill: C.white, opacity: 0.9 }),
  );
  reflection(s, committee, cby + 2, 0.3, 3);
  s.add(committee);
  s.add(el("path", { d: `M390,${cby + 4}L${cbx - 110},${cby - 2}`, stroke: "#ffcf8a", "stroke-width": 3, "stroke-dasharray": "18 14", opacity: 0.5 }));
  s.add(
    el("path", { d: `M362,${cby + 10}L373,${cby - 58}Q380,${cby - 66} 387,${cby - 58}L398,${cby + 10}Z`, fill: C.orange }),
    el("path", { d: `M380,${cby - 60}L380,${cby - 124}`, stroke: "#d9e2ea", "stroke-width": 3 }),
    el("path", { d: `M380,${cby - 124}l36,8l-36,10Z`, fill: "#c7402a" }),
  );
  // The yacht crossing the line, crew celebrating with red hand flares.
  const boat: YachtOpts = {
    x: 1000,
    y: 905,
    scale: 2.1,
    dir: -1,
    pitch: 1,
    heel: -6,
    rig: "upwind",
    hull: "#07121d",
    deck: "#2c4258",
    sail: ["#e9eff6", "#6d879e", "#ffd2b8"],
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
  reflection(s, boatXml, 907, 0.35, 3);
  s.add(boatXml);
  for (const at of [52, 140]) {
    const hand = yachtPoint(boat, [at, -37]);
    s.add(
      el("circle", { cx: hand[0], cy: hand[1] - 20, r: 170, fill: s.radial([[0, "#ff5a3a", 0.55], [0.3, "#ff5a3a", 0.2], [1, "#ff5a3a", 0]], hand[0], hand[1] - 20, 170) }),
      el("ellipse", { cx: hand[0] + 100, cy: hand[1] - 140, rx: 130, ry: 50, fill: "#d9a8a8", opacity: 0.22, filter: s.blur(22) }),
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
  const ground = 880;
  const r = s.rand;
  sky(s, [[0, "#24435e"], [0.6, "#6a93b3"], [1, "#d9e6ef"]], ground);
  sun(s, 1700, 170, 40, "#fff6e8", "#ffe9c9", 380, 0.45);
  cloud(s, 1280, 250, 560, 110, "#f4f8fb", "#b9cddd", 0.75);
  // Shed with big doors and a work light.
  const ribs: string[] = [];
  for (let x = 20; x < 600; x += 24) ribs.push(`M${x},${n1(x < 310 ? 330 - ((x - 0) * 110) / 310 : 220 + ((x - 310) * 110) / 310)}L${x},440`);
  s.add(
    el("path", { d: `M0,${ground}L0,330L310,220L620,330L620,${ground}Z`, fill: "#2a3d4f" }),
    el("path", { d: ribs.join(""), stroke: "#35506a", "stroke-width": 2, opacity: 0.6 }),
    el("path", { d: `M70,${ground}L70,440L550,440L550,${ground}Z`, fill: "#15222f" }),
    el("path", { d: "M70,440L550,440L550,468L70,468Z", fill: C.orange, opacity: 0.9 }),
    el("circle", { cx: 310, cy: 400, r: 16, fill: "#fff1c8" }),
    el("circle", { cx: 310, cy: 400, r: 90, fill: s.radial([[0, "#fff1c8", 0.6], [1, "#fff1c8", 0]], 310, 400, 90) }),
  );
  // Travel lift in the background.
  s.add(
    el("path", { d: `M1540,${ground}L1558,300L1580,300L1582,${ground}ZM1880,${ground}L1862,300L1840,300L1838,${ground}ZM1548,300L1872,300L1872,334L1548,334Z`, fill: C.teal }),
    el("path", { d: `M1530,${ground}L1600,${ground}M1820,${ground}L1890,${ground}`, stroke: "#15222f", "stroke-width": 18 }),
  );
  // Yard surface.
  s.add(el("rect", { x: 0, y: ground, width: W, height: H - ground, fill: s.linear([[0, "#7c8c98"], [1, "#3b4854"]], 0, ground, 0, H) }));
  const seams: string[] = [];
  for (let i = 0; i < 12; i++) {
    const y = ground + Math.pow(r(), 1.5) * (H - ground);
    seams.push(el("path", { d: `M0,${n1(y)}L${W},${n1(y + between(r, -4, 4))}`, "stroke-width": 1 + (y - ground) / 90 }));
  }
  s.add(g({ stroke: "#5a6a76", opacity: 0.35 }, ...seams));
  // The yacht on the hard: keel, bulb and rudders visible, propped on stands.
  const boat: YachtOpts = {
    x: 1010,
    y: 0,
    scale: 3.3,
    rig: "bare",
    hull: "#0b1f33",
    deck: "#4b667f",
    rigging: "#22364a",
    keel: true,
    crew: [{ at: 150, pose: "crouch", dir: 1, jacket: C.orange }],
  };
  const blockH = 26;
  boat.y = ground - blockH - 79 * boat.scale;
  s.add(el("ellipse", { cx: boat.x, cy: ground + 12, rx: 560, ry: 24, fill: "#1c2630", opacity: 0.45, filter: s.blur(10) }));
  const stand = (lx: number): string => {
    const top = yachtPoint(boat, [lx, 5]);
    return `M${n1(top[0] - 6)},${n1(top[1])}L${n1(top[0] - 44)},${ground + 4}M${n1(top[0] + 6)},${n1(top[1])}L${n1(top[0] + 44)},${ground + 4}M${n1(top[0] - 30)},${n1((top[1] + ground) / 2 + 30)}L${n1(top[0] + 30)},${n1((top[1] + ground) / 2 + 30)}`;
  };
  s.add(el("path", { d: stand(44) + stand(160), stroke: C.orange, "stroke-width": 9, "stroke-linecap": "round", fill: "none" }));
  const bulb = yachtPoint(boat, [106, 79]);
  s.add(el("rect", { x: bulb[0] - 90, y: bulb[1], width: 180, height: ground - bulb[1] + 4, fill: "#5b4636" }));
  s.add(yacht(s, boat));
  // Ladder up to the deck, crew at work.
  const ladTop = yachtPoint(boat, [70, -17]);
  const ladBase: Pt = [ladTop[0] - 90, ground];
  const ladder: string[] = [`M${P(ladBase)}L${P([ladTop[0] - 6, ladTop[1]])}M${P([ladBase[0] + 36, ground])}L${P([ladTop[0] + 30, ladTop[1]])}`];
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    ladder.push(`M${P(lerpPt(ladBase, [ladTop[0] - 6, ladTop[1]], t))}L${P(lerpPt([ladBase[0] + 36, ground], [ladTop[0] + 30, ladTop[1]], t))}`);
  }
  s.add(el("path", { d: ladder.join(""), stroke: "#c9d3da", "stroke-width": 4 }));
  const figH = 18 * boat.scale;
  const onLadder = lerpPt(ladBase, [ladTop[0] - 6, ladTop[1]], 0.55);
  s.add(
    person(onLadder[0] + 14, onLadder[1] + 8, figH, "climb", { fill: "#15222f", jacket: C.orange, dir: 1, helmet: true }),
    person(1470, ground + 2, figH, "stand", { fill: "#15222f", jacket: C.orange, dir: -1, helmet: true }),
    person(1390, ground + 2, figH, "crouch", { fill: "#15222f", jacket: "#e9eef3", dir: -1, helmet: true }),
    person(640, ground + 2, figH, "wave", { fill: "#15222f", jacket: "#e9eef3", dir: 1, helmet: true }),
  );
  // Work platform at the bow.
  const sc = yachtPoint(boat, [200, -8]);
  s.add(
    el("path", { d: `M${n1(sc[0] - 10)},${ground}L${n1(sc[0] - 10)},${n1(sc[1] + 20)}M${n1(sc[0] + 90)},${ground}L${n1(sc[0] + 90)},${n1(sc[1] + 20)}M${n1(sc[0] - 10)},${n1((sc[1] + ground) / 2)}L${n1(sc[0] + 90)},${n1((sc[1] + ground) / 2)}M${n1(sc[0] - 10)},${ground}L${n1(sc[0] + 90)},${n1(sc[1] + 26)}`, stroke: "#9aa9b5", "stroke-width": 5, fill: "none" }),
    el("rect", { x: sc[0] - 20, y: sc[1] + 20, width: 120, height: 9, fill: "#6d5a44" }),
  );
  // Gear boxes.
  s.add(
    el("rect", { x: 140, y: ground + 60, width: 130, height: 70, rx: 4, fill: "#22364a" }),
    el("rect", { x: 170, y: ground + 10, width: 90, height: 50, rx: 4, fill: C.teal }),
    el("rect", { x: 290, y: ground + 80, width: 80, height: 50, rx: 4, fill: C.orange, opacity: 0.9 }),
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
    widths: [640, 960, 1280, 1920],
    color: C.navy,
    alt: {
      en: "Illustration of a 65-foot ocean racing yacht heeling over in a big ocean swell at dusk, spray flying off the bow.",
      nl: "Illustratie van een 65-voets oceaanraceboot die in de schemering schuin door een hoge oceaandeining vaart, met opspattend water bij de boeg.",
    },
  },
  {
    name: "crew",
    draw: crew,
    widths: [640, 960, 1280],
    color: "#1a2c3e",
    alt: {
      en: "Illustration of crew silhouettes on the heeling deck of a racing yacht, grinding the winches under the mainsail.",
      nl: "Illustratie van bemanningsleden als silhouet op het schuine dek van een raceboot, draaiend aan de lieren onder het grootzeil.",
    },
  },
  {
    name: "harbour",
    draw: () => harbour(),
    widths: [640, 960, 1280],
    color: "#1d3350",
    alt: {
      en: "Illustration of Scheveningen harbour at evening with the racing yacht moored at the pontoon, the lighthouse and the pier's ferris wheel.",
      nl: "Illustratie van de haven van Scheveningen in de avond met de raceboot aangemeerd aan de steiger, de vuurtoren en het reuzenrad op de pier.",
    },
  },
  {
    name: "harbour-festival",
    draw: () => harbour(HARBOUR_LOOKS.festival),
    widths: [640, 960, 1280],
    color: "#3f7598",
    alt: {
      en: "Illustration of the racing yacht dressed with flags at the quay during SAIL Amsterdam, tall ships moored alongside under a bright summer sky.",
      nl: "Illustratie van de raceboot met vlaggen gepavoiseerd aan de kade tijdens SAIL Amsterdam, met tallships langszij onder een heldere zomerlucht.",
    },
  },
  {
    name: "harbour-morning",
    draw: () => harbour(HARBOUR_LOOKS.morning),
    widths: [640, 960, 1280],
    color: "#93a9c4",
    alt: {
      en: "Illustration of a misty summer morning on the IJ: the racing yacht ready to sail out among the tall ships and canal houses of Amsterdam.",
      nl: "Illustratie van een heiige zomerochtend op het IJ: de raceboot klaar om uit te varen tussen de tallships en grachtenpanden van Amsterdam.",
    },
  },
  {
    name: "atlantic",
    draw: () => atlantic(),
    widths: [640, 960, 1280],
    color: C.ocean,
    alt: {
      en: "Illustration of a trade-wind Atlantic crossing: the yacht surfing under an orange spinnaker, with flying fish and sunshine.",
      nl: "Illustratie van een oversteek van de Atlantische Oceaan op de passaatwind: de boot surft onder een oranje spinnaker, met vliegende vissen en zon.",
    },
  },
  {
    name: "atlantic-night",
    draw: () => atlantic(ATLANTIC_LOOKS.night),
    widths: [640, 960, 1280],
    color: "#0b1f38",
    alt: {
      en: "Illustration of a night passage on the open ocean: the yacht reaching through the swell under a full moon and a sky full of stars.",
      nl: "Illustratie van een nachtelijke oversteek op open oceaan: de boot vaart halve wind door de deining onder een volle maan en een sterrenhemel.",
    },
  },
  {
    name: "north-sea",
    draw: () => northSea(),
    widths: [640, 960, 1280],
    color: "#334346",
    alt: {
      en: "Illustration of the yacht with a reefed mainsail beating through a grey-green North Sea in storm light, wind turbines on the horizon.",
      nl: "Illustratie van de boot met gereefd grootzeil op een grijsgroene Noordzee in stormlicht, met windturbines aan de horizon.",
    },
  },
  {
    name: "north-sea-calm",
    draw: () => northSea(NORTH_SEA_LOOKS.calm),
    widths: [640, 960, 1280],
    color: "#4f8197",
    alt: {
      en: "Illustration of the yacht under full sail on a calm, clear North Sea day, passing an offshore wind farm.",
      nl: "Illustratie van de boot met vol tuig op een kalme, heldere dag op de Noordzee, langs een windpark op zee.",
    },
  },
  {
    name: "north-sea-dawn",
    draw: () => northSea(NORTH_SEA_LOOKS.dawn),
    widths: [640, 960, 1280],
    color: "#3c4a72",
    alt: {
      en: "Illustration of the yacht beating out to sea at dawn, the sun rising pink and orange over the North Sea and the red lights of a wind farm on the horizon.",
      nl: "Illustratie van de boot die bij zonsopkomst aan de wind zee op gaat, met een roze en oranje ochtendlucht boven de Noordzee en de rode lichten van een windpark aan de horizon.",
    },
  },
  {
    name: "corporate",
    draw: () => corporate(),
    widths: [640, 960, 1280],
    color: "#2f98b8",
    alt: {
      en: "Illustration of a corporate sailing day: guests and crew on deck of the yacht on calm, sunny water off the Dutch coast.",
      nl: "Illustratie van een zakelijke zeildag: gasten en bemanning aan dek van de boot op kalm, zonnig water voor de Nederlandse kust.",
    },
  },
  {
    name: "corporate-breeze",
    draw: () => corporate(CORPORATE_LOOKS.breeze),
    widths: [640, 960, 1280],
    color: "#2f7188",
    alt: {
      en: "Illustration of guests racing the yacht upwind in a fresh breeze under a broken sky, heading for an orange racing mark.",
      nl: "Illustratie van gasten die de boot aan de wind door een frisse bries sturen onder een wolkenlucht, op weg naar een oranje wedstrijdboei.",
    },
  },
  {
    name: "training",
    draw: () => training(),
    widths: [640, 960, 1280],
    color: C.teal,
    alt: {
      en: "Illustration of a training session: the crew tacking the yacht next to an orange racing buoy.",
      nl: "Illustratie van een training: de bemanning laat de boot overstag gaan naast een oranje wedstrijdboei.",
    },
  },
  {
    name: "training-spinnaker",
    draw: () => training(TRAINING_LOOKS.run),
    widths: [640, 960, 1280],
    color: "#2f7d96",
    alt: {
      en: "Illustration of a training run in late-afternoon sun: the yacht under a navy spinnaker after rounding an orange racing buoy, the coach RIB following.",
      nl: "Illustratie van een training in de late middagzon: de boot onder een donkerblauwe spinnaker na het ronden van een oranje wedstrijdboei, met de coachboot erachter.",
    },
  },
  {
    name: "evening",
    draw: () => evening(),
    widths: [640, 960, 1280],
    color: "#a2546a",
    alt: {
      en: "Illustration of a summer evening sail: the yacht silhouetted against an orange sunset over flat water off Scheveningen.",
      nl: "Illustratie van zomeravondzeilen: de boot als silhouet tegen een oranje zonsondergang boven vlak water voor Scheveningen.",
    },
  },
  ...(
    [
      ["evening-golden", EVENING_LOOKS.golden, "golden early-evening light with the sun still high", "goudkleurig vroeg avondlicht met de zon nog hoog"],
      ["evening-dusk", EVENING_LOOKS.dusk, "a violet dusk, the sun just under the horizon beside the pier", "een paarse schemering, de zon net onder de horizon naast de pier"],
      ["evening-haze", EVENING_LOOKS.haze, "a hazy warm evening on calm water", "een heiige, warme avond op kalm water"],
      ["evening-twilight", EVENING_LOOKS.twilight, "deep blue twilight with the last red light on the water", "diepblauwe schemering met het laatste rode licht op het water"],
    ] as const
  ).map(
    ([name, look, en, nl]): Picture => ({
      name,
      draw: () => evening(look),
      widths: [640, 960, 1280],
      color: look.sky[2][1],
      alt: {
        en: `Illustration of a summer evening sail off Scheveningen: the yacht silhouetted in ${en}.`,
        nl: `Illustratie van zomeravondzeilen voor Scheveningen: de boot als silhouet in ${nl}.`,
      },
    }),
  ),
  {
    name: "podium",
    draw: podium,
    widths: [640, 960, 1280],
    color: C.navy,
    alt: {
      en: "Illustration of a race finish at night: the yacht crossing the finish line with flares lit and fireworks overhead.",
      nl: "Illustratie van een finish bij nacht: de boot komt over de finishlijn met brandende fakkels en vuurwerk in de lucht.",
    },
  },
  {
    name: "boat-yard",
    draw: boatYard,
    widths: [640, 960, 1280],
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const publicDir = path.join(root, "public");
const outDir = path.join(publicDir, "images");

/** Encoder settings: generous enough to keep smooth gradients free of banding, still small files. */
function quality(width: number): { webp: number; avif: number } {
  if (width >= 1600) return { webp: 86, avif: 62 };
  return width <= 640 ? { webp: 84, avif: 62 } : { webp: 84, avif: 60 };
}

async function renderPicture(pic: Picture, previewDir?: string): Promise<ManifestEntry> {
  const scene = pic.draw();
  const maxW = Math.max(...pic.widths);
  const variants: Variant[] = [];
  for (const width of pic.widths) {
    const png = await sharp(Buffer.from(scene.svg(width))).png().toBuffer();
    const height = Math.round((width * scene.h) / scene.w);
    const q = quality(width);
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
  const manifest: Manifest = { generatedBy: "tools/demo-assets/make-images.ts", images };
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  await writeFile(path.join(publicDir, "favicon.svg"), `${faviconSvg(64, true)}\n`);
  const touch = await sharp(Buffer.from(faviconSvg(180, false))).removeAlpha().png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(publicDir, "apple-touch-icon.png"), touch);
  if (previewDir) await writeFile(path.join(previewDir, "favicon.png"), await sharp(Buffer.from(faviconSvg(256, true))).png().toBuffer());

  const total = Object.values(images)
    .flatMap((e) => e.variants)
    .reduce((acc, v) => acc + v.bytes, 0);
  const fav = await stat(path.join(publicDir, "favicon.svg"));
  console.log(`images total ${(total / 1024).toFixed(0)} KB; favicon.svg ${fav.size} B; apple-touch-icon.png ${touch.length} B`);
}

await main();
