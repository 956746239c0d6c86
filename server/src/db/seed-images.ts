// Building illustrations for the demo listings, drawn as SVG here and rendered with
// sharp: every image is made by the project itself (nothing is downloaded).
import sharp from 'sharp';

export type Scene = 'tower' | 'townhouses' | 'villa' | 'construction' | 'loft' | 'cabin';

const W = 1600;
const H = 1000;

/** Deterministic pseudo-random numbers, so a seed gives the same picture every time. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const SKIES = [
  { top: '#1e3a8a', bottom: '#f59e0b', sun: '#fde68a', ground: '#3f6212' }, // dusk
  { top: '#38bdf8', bottom: '#e0f2fe', sun: '#fef9c3', ground: '#4d7c0f' }, // noon
  { top: '#0f172a', bottom: '#334155', sun: '#e2e8f0', ground: '#1e293b' }, // night
  { top: '#fb7185', bottom: '#fde68a', sun: '#fff7ed', ground: '#65a30d' }, // dawn
  { top: '#0ea5e9', bottom: '#a7f3d0', sun: '#ffffff', ground: '#15803d' }, // spring
];
const FACADES = ['#e2e8f0', '#fca5a5', '#fdba74', '#d6d3d1', '#a5b4fc', '#99f6e4', '#f5d0fe', '#cbd5e1'];

function windows(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gap: number,
  lit: number,
  r: () => number,
): string {
  let out = '';
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const on = r() < lit;
      out += `<rect x="${x + i * (w + gap)}" y="${y + j * (h + gap)}" width="${w}" height="${h}" rx="3" fill="${on ? '#fde68a' : '#1e293b'}" opacity="${on ? 0.95 : 0.75}"/>`;
    }
  }
  return out;
}

function skyline(r: () => number, color: string): string {
  let out = '';
  let x = 0;
  while (x < W) {
    const w = 60 + r() * 120;
    const h = 120 + r() * 260;
    out += `<rect x="${x.toFixed(0)}" y="${(700 - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${color}" opacity="0.35"/>`;
    x += w + 6;
  }
  return out;
}

function tree(x: number, y: number, s: number, color: string): string {
  return `<rect x="${x - 6 * s}" y="${y - 40 * s}" width="${12 * s}" height="${40 * s}" fill="#78350f"/><circle cx="${x}" cy="${y - 70 * s}" r="${45 * s}" fill="${color}"/><circle cx="${x - 30 * s}" cy="${y - 45 * s}" r="${30 * s}" fill="${color}"/><circle cx="${x + 30 * s}" cy="${y - 45 * s}" r="${30 * s}" fill="${color}"/>`;
}

function building(scene: Scene, r: () => number, facade: string, night: boolean): string {
  const lit = night ? 0.7 : 0.15;
  switch (scene) {
    case 'tower': {
      const x = 560 + r() * 120;
      return `<rect x="${x}" y="140" width="420" height="640" fill="${facade}"/><rect x="${x}" y="140" width="420" height="24" fill="#334155"/><polygon points="${x + 150},140 ${x + 210},60 ${x + 270},140" fill="#64748b"/>${windows(x + 30, 190, 7, 11, 38, 34, 14, lit, r)}<rect x="${x + 170}" y="700" width="80" height="80" fill="#334155"/>`;
    }
    case 'townhouses': {
      let out = '';
      for (let i = 0; i < 4; i++) {
        const x = 260 + i * 280;
        const f = FACADES[(i * 3 + Math.floor(r() * 8)) % FACADES.length];
        out += `<rect x="${x}" y="380" width="270" height="400" fill="${f}"/><polygon points="${x - 10},380 ${x + 135},270 ${x + 280},380" fill="#7c2d12"/>${windows(x + 30, 420, 3, 3, 52, 60, 28, lit, r)}<rect x="${x + 105}" y="680" width="60" height="100" fill="#1e3a8a"/>`;
      }
      return out;
    }
    case 'villa':
      return `<rect x="380" y="420" width="840" height="360" fill="${facade}"/><polygon points="350,420 800,240 1250,420" fill="#9a3412"/><rect x="740" y="620" width="120" height="160" fill="#1f2937"/>${windows(430, 470, 3, 2, 90, 80, 40, lit, r)}${windows(930, 470, 3, 2, 90, 80, 40, lit, r)}<rect x="300" y="780" width="1000" height="20" fill="#a8a29e"/><ellipse cx="1380" cy="860" rx="150" ry="40" fill="#38bdf8" opacity="0.85"/>`;
    case 'construction': {
      const floors = 4 + Math.floor(r() * 5);
      let frame = '';
      for (let f = 0; f <= floors; f++) frame += `<rect x="520" y="${780 - f * 70}" width="560" height="10" fill="#57534e"/>`;
      for (let c = 0; c <= 5; c++)
        frame += `<rect x="${520 + c * 110}" y="${780 - floors * 70}" width="10" height="${floors * 70}" fill="#57534e"/>`;
      return `${frame}<rect x="520" y="${780 - Math.floor(floors / 2) * 70}" width="560" height="${Math.floor(floors / 2) * 70}" fill="${facade}" opacity="0.9"/>${windows(545, 800 - Math.floor(floors / 2) * 70, 6, Math.floor(floors / 2), 60, 40, 30, lit, r)}<rect x="1180" y="120" width="22" height="660" fill="#f59e0b"/><rect x="760" y="120" width="640" height="18" fill="#f59e0b"/><line x1="900" y1="138" x2="900" y2="${420 + r() * 120}" stroke="#1f2937" stroke-width="4"/><rect x="870" y="${430 + r() * 120}" width="60" height="30" fill="#57534e"/><polygon points="1150,120 1191,60 1232,120" fill="#f59e0b"/>`;
    }
    case 'loft':
      return `<rect x="420" y="300" width="760" height="480" fill="#b45309"/><rect x="420" y="300" width="760" height="30" fill="#78350f"/>${windows(460, 360, 6, 4, 80, 70, 38, lit, r)}<rect x="1060" y="180" width="50" height="120" fill="#78350f"/>`;
    case 'cabin':
      return `<rect x="560" y="500" width="480" height="280" fill="#92400e"/><polygon points="520,500 800,320 1080,500" fill="#451a03"/>${windows(610, 560, 2, 1, 100, 90, 180, lit, r)}<rect x="760" y="640" width="80" height="140" fill="#1c1917"/>`;
  }
}

/** An SVG scene for a listing. */
export function sceneSvg(scene: Scene, seed: number): string {
  const r = rng(seed * 7919 + scene.length);
  const sky = SKIES[Math.floor(r() * SKIES.length)];
  const night = sky.top === '#0f172a';
  const facade = FACADES[Math.floor(r() * FACADES.length)];
  const sunX = 150 + r() * 1300;
  let clouds = '';
  for (let i = 0; i < 4; i++) {
    const cx = r() * W;
    const cy = 80 + r() * 200;
    clouds += `<g opacity="${night ? 0.15 : 0.8}" fill="#ffffff"><ellipse cx="${cx}" cy="${cy}" rx="90" ry="28"/><ellipse cx="${cx + 60}" cy="${cy - 18}" rx="60" ry="26"/><ellipse cx="${cx - 55}" cy="${cy - 8}" rx="50" ry="20"/></g>`;
  }
  let trees = '';
  for (let i = 0; i < 5; i++)
    trees += tree(80 + r() * 300 + (i % 2) * 1150, 800 + r() * 30, 0.8 + r() * 0.6, night ? '#14532d' : '#16a34a');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${night ? 140 : 180}" r="${night ? 50 : 80}" fill="${sky.sun}" opacity="0.95"/>
${clouds}
${skyline(r, night ? '#020617' : '#1e293b')}
<rect y="780" width="${W}" height="${H - 780}" fill="${sky.ground}"/>
<rect y="900" width="${W}" height="60" fill="#44403c"/>
${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 170 + 20}" y="926" width="90" height="8" fill="#fafaf9" opacity="0.8"/>`).join('')}
${building(scene, r, facade, night)}
${trees}
</svg>`;
}

/** The scene as a PNG (the upload pipeline then makes WebP copies at every width). */
export async function renderScene(scene: Scene, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene, seed)))
    .png({ compressionLevel: 3 })
    .toBuffer();
}
