/**
 * Generates the gallery's scene illustrations as SVG in the organisation's palette, so the demo
 * downloads nothing. Run: npx tsx demo/images/scenes.ts (writes demo/public/images/scenes/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const C = { brand: '#0b5e6b', dark: '#06424b', sea: '#6fc2bd', sand: '#ffd9a8', cream: '#fff6e8', sun: '#ffb45c', gold: '#f2b134', red: '#d1495b', leaf: '#5a9e5c', leafDark: '#2f6b3b', paper: '#fffdf8' };

const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="960" height="540" fill="url(#s)"/>`;

const scenes: Record<string, { title: string; body: string }> = {
  harbour: {
    title: 'The harbour at dawn, with the lighthouse',
    body: `${sky(C.sand, C.cream)}<circle cx="720" cy="170" r="70" fill="${C.sun}" opacity=".85"/><path d="M0 380c100-30 200-30 300 0s200 30 300 0 260-30 360 0v160H0z" fill="${C.sea}"/><path d="M0 440c120-25 240-25 360 0s240 25 360 0 170-20 240-10v110H0z" fill="${C.brand}"/><path d="M230 140h50l20 250h-90z" fill="${C.paper}" stroke="${C.dark}" stroke-width="6"/><path d="M218 108h74v34h-74z" fill="${C.gold}" stroke="${C.dark}" stroke-width="6"/><path d="M292 122l220-40v60z" fill="#ffe7a3" opacity=".7"/><path d="M214 230h92M210 310h100" stroke="${C.red}" stroke-width="18"/>`,
  },
  'day-centre': {
    title: 'The Harbour Room day centre with its big windows',
    body: `${sky('#cfeeea', C.cream)}<path d="M0 430h960v110H0z" fill="${C.leaf}"/><path d="M200 200l200-110 200 110v230H200z" fill="${C.paper}" stroke="${C.dark}" stroke-width="6"/><path d="M180 205l220-125 220 125" fill="none" stroke="${C.red}" stroke-width="22" stroke-linejoin="round"/><rect x="240" y="250" width="90" height="80" fill="${C.sea}" stroke="${C.dark}" stroke-width="5"/><rect x="470" y="250" width="90" height="80" fill="${C.sea}" stroke="${C.dark}" stroke-width="5"/><rect x="365" y="320" width="70" height="110" fill="${C.gold}" stroke="${C.dark}" stroke-width="5"/><circle cx="800" cy="330" r="70" fill="${C.leafDark}"/><rect x="792" y="380" width="16" height="60" fill="${C.dark}"/>`,
  },
  garden: {
    title: 'The quiet garden with sunflowers and a bench',
    body: `${sky('#e3f2f1', C.cream)}<path d="M0 400c160-40 320-40 480 0s320 40 480 0v140H0z" fill="${C.leaf}"/>${[120, 220, 320, 700, 800]
      .map((x, i) => `<path d="M${x} ${420 - i * 6}V${250 + i * 10}" stroke="${C.leafDark}" stroke-width="8"/><circle cx="${x}" cy="${240 + i * 10}" r="34" fill="${C.gold}"/><circle cx="${x}" cy="${240 + i * 10}" r="14" fill="${C.dark}"/>`)
      .join('')}<rect x="430" y="360" width="190" height="20" rx="6" fill="${C.red}"/><rect x="440" y="380" width="12" height="50" fill="${C.dark}"/><rect x="598" y="380" width="12" height="50" fill="${C.dark}"/><rect x="430" y="320" width="190" height="16" rx="6" fill="${C.red}"/>`,
  },
  boats: {
    title: 'Sailing boats on the bay on a summer outing',
    body: `${sky('#bfe6f0', C.cream)}<path d="M0 330h960v210H0z" fill="${C.sea}"/><path d="M0 420c120-20 240-20 360 0s240 20 360 0 170-15 240-5v125H0z" fill="${C.brand}"/>${[
      [200, 1],
      [520, 0.8],
      [760, 0.6],
    ]
      .map(([x, s]) => `<g transform="translate(${x} 330) scale(${s})"><path d="M-90 0h180l-30 40h-120z" fill="${C.red}"/><path d="M0-10V-190l90 170z" fill="${C.paper}" stroke="${C.dark}" stroke-width="5"/><path d="M-8-20V-160l-70 140z" fill="${C.gold}"/></g>`)
      .join('')}`,
  },
  'kite-hill': {
    title: 'Families flying kites on the hill above the town',
    body: `${sky('#d9f0ff', C.cream)}<path d="M0 420c200-120 500-120 960-40v160H0z" fill="${C.leaf}"/><path d="M650 120l50 50-50 70-50-70z" fill="${C.red}"/><path d="M650 240c-40 80-120 120-200 180" fill="none" stroke="${C.dark}" stroke-width="3"/><path d="M300 90l40 40-40 55-40-55z" fill="${C.gold}"/><path d="M300 185c20 90-40 150-60 220" fill="none" stroke="${C.dark}" stroke-width="3"/><circle cx="450" cy="400" r="16" fill="${C.dark}"/><path d="M450 416v40M430 480l20-24 20 24" stroke="${C.dark}" stroke-width="8"/><circle cx="240" cy="410" r="14" fill="${C.dark}"/><path d="M240 424v34" stroke="${C.dark}" stroke-width="8"/>`,
  },
  'music-room': {
    title: 'Music therapy: a drum, a xylophone and a ukulele',
    body: `<rect width="960" height="540" fill="${C.cream}"/><rect y="420" width="960" height="120" fill="${C.sand}"/><ellipse cx="280" cy="360" rx="120" ry="40" fill="${C.red}"/><rect x="160" y="360" width="240" height="100" fill="${C.red}"/><ellipse cx="280" cy="460" rx="120" ry="40" fill="#a8384a"/><ellipse cx="280" cy="360" rx="110" ry="34" fill="${C.paper}"/>${[0, 1, 2, 3, 4, 5]
      .map((i) => `<rect x="${520 + i * 50}" y="${300 + i * 6}" width="38" height="${140 - i * 12}" rx="6" fill="${[C.red, C.gold, C.leaf, C.sea, C.brand, C.sun][i]}"/>`)
      .join('')}<circle cx="160" cy="160" r="50" fill="${C.gold}"/><rect x="205" y="150" width="160" height="20" fill="${C.dark}"/>`,
  },
  library: {
    title: 'The reading corner with picture books and cushions',
    body: `<rect width="960" height="540" fill="#eaf4f3"/><rect y="440" width="960" height="100" fill="${C.sand}"/><rect x="120" y="100" width="420" height="320" fill="${C.paper}" stroke="${C.dark}" stroke-width="6"/>${[150, 250, 350]
      .map((y) => `<path d="M120 ${y + 60}h420" stroke="${C.dark}" stroke-width="6"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${140 + i * 54}" y="${y + 10}" width="40" height="50" fill="${[C.red, C.gold, C.sea, C.brand, C.leaf, C.sun, C.red][(i + y / 50) % 7]}"/>`).join('')}`)
      .join('')}<ellipse cx="720" cy="430" rx="130" ry="45" fill="${C.red}"/><ellipse cx="770" cy="390" rx="80" ry="35" fill="${C.gold}"/>`,
  },
  'nurse-visit': {
    title: 'A nurse visiting a family at home',
    body: `${sky('#fde8d4', C.cream)}<rect y="430" width="960" height="110" fill="${C.sand}"/><path d="M520 430V230l160-100 160 100v200z" fill="${C.paper}" stroke="${C.dark}" stroke-width="6"/><rect x="640" y="330" width="80" height="100" fill="${C.brand}"/><circle cx="300" cy="250" r="40" fill="${C.dark}"/><path d="M250 300h100l20 130H230z" fill="${C.sea}"/><path d="M285 330h30M300 315v30" stroke="${C.paper}" stroke-width="10"/><circle cx="430" cy="320" r="26" fill="${C.dark}"/><path d="M400 355h60l10 75h-80z" fill="${C.gold}"/>`,
  },
};

const out = fileURLToPath(new URL('../public/images/scenes/', import.meta.url));
mkdirSync(out, { recursive: true });
for (const [name, scene] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540" role="img" aria-label="${scene.title}">${scene.body}</svg>\n`;
  writeFileSync(`${out}${name}.svg`, svg);
}
console.log(`wrote ${Object.keys(scenes).length} scenes to ${out}`);
