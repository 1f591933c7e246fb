/**
 * Renders the home page's default video: a city skyline as dusk turns to night and back, its
 * windows lighting up and going dark, cars moving along the street. Every frame is drawn here
 * (no footage), piped to ffmpeg, and saved as WebM (VP9) and MP4 (H.264) plus a poster, in PNG and in AVIF (made
 * here once, not by every build: encoding it took 0.6 s of each cold build).
 * Usage: node tools/make/make-home-video.ts   (needs ffmpeg on the PATH; writes the files below)
 */
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { systemTool } from '../common/system-tools.ts';

const width = 960;
const height = 540;
const fps = 24;
const seconds = 8;
const frames = fps * seconds;
const outputs = {
  webm: 'public/media/home-city.webm',
  mp4: 'public/media/home-city.mp4',
  poster: 'src/assets/home/home-city-poster.png',
  posterAvif: 'src/assets/home/home-city-poster.avif',
};

type Rgb = [number, number, number];
const hex = (value: string): Rgb => [0, 2, 4].map((i) => parseInt(value.slice(i + 1, i + 3), 16)) as Rgb;
const mix = (a: Rgb, b: Rgb, k: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * k)) as Rgb;

// A fixed seed, so the same city is drawn every time.
let seed = 20250501;
const random = () => (seed = (seed * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;

interface Building {
  x: number;
  w: number;
  h: number;
  colour: Rgb;
  windows: { x: number; y: number; threshold: number }[];
}

function street(count: number, minH: number, maxH: number, colour: Rgb, withWindows: boolean): Building[] {
  const buildings: Building[] = [];
  for (let x = -20; x < width;) {
    const w = Math.round((width / count) * (0.6 + random() * 0.8));
    const h = Math.round(minH + random() * (maxH - minH));
    const windows = [];
    if (withWindows) {
      for (let wy = height - 60 - h + 12; wy < height - 72; wy += 18) {
        for (let wx = x + 8; wx < x + w - 12; wx += 14) windows.push({ x: wx, y: wy, threshold: 0.15 + random() * 0.8 });
      }
    }
    buildings.push({ x, w: w - 3, h, colour, windows });
    x += w;
  }
  return buildings;
}

const far = street(22, 120, 300, hex('#3e5c76'), false);
const near = street(14, 90, 330, hex('#14283a'), true);
const cars = Array.from({ length: 9 }, () => ({ start: random(), laps: 1 + Math.floor(random() * 2), lane: random() < 0.5 ? 0 : 1 }));

const dusk = { top: hex('#3b6e9e'), bottom: hex('#f4a261') };
const night = { top: hex('#0b1a2e'), bottom: hex('#2a3d66') };
const windowLight = hex('#ffd98a');
const roadColour = hex('#1f2a33');

function drawFrame(frame: number, pixels: Uint8Array) {
  const t = frame / frames;
  // 0 at dusk, 1 at full night, back to 0: the loop has no seam.
  const night01 = (1 - Math.cos(2 * Math.PI * t)) / 2;
  const fill = (x0: number, y0: number, w: number, h: number, colour: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.floor(x0 + w)); x++) pixels.set(colour, (y * width + x) * 3);
    }
  };
  const top = mix(dusk.top, night.top, night01);
  const bottom = mix(dusk.bottom, night.bottom, night01);
  for (let y = 0; y < height; y++) fill(0, y, width, 1, mix(top, bottom, y / height));
  for (const b of far) fill(b.x, height - 60 - b.h, b.w, b.h, mix(b.colour, hex('#1c2e45'), night01));
  for (const b of near) {
    fill(b.x, height - 60 - b.h, b.w, b.h, b.colour);
    for (const w of b.windows) if (night01 > w.threshold) fill(w.x, w.y, 6, 9, windowLight);
  }
  fill(0, height - 60, width, 60, roadColour);
  for (const car of cars) {
    const x = ((car.start + t * car.laps) % 1) * (width + 40) - 20;
    const y = height - 42 + car.lane * 18;
    fill(x, y, 18, 5, car.lane ? hex('#ff5a4f') : hex('#fff3c4'));
  }
}

const ffmpegTool = systemTool('ffmpeg');
if (!ffmpegTool.path) {
  console.error(`The video is made by ffmpeg: ${ffmpegTool.missing}.`);
  process.exit(1);
}
const ffmpegPath: string = ffmpegTool.path;

function ffmpeg(args: string[]) {
  mkdirSync(dirname(args.at(-1)!), { recursive: true });
  const input = ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(fps), '-i', '-'];
  return spawn(ffmpegPath, [...input, ...args], { stdio: ['pipe', 'inherit', 'inherit'] });
}

const encoders = [
  ffmpeg(['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an', outputs.webm]),
  ffmpeg(['-c:v', 'libx264', '-crf', '30', '-preset', 'slow', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', outputs.mp4]),
];
const pixels = new Uint8Array(width * height * 3);
for (let frame = 0; frame < frames; frame++) {
  drawFrame(frame, pixels);
  await Promise.all(
    encoders.map((encoder) => new Promise<void>((resolve) => (encoder.stdin.write(pixels) ? resolve() : encoder.stdin.once('drain', resolve)))),
  );
}
for (const encoder of encoders) encoder.stdin.end();
await Promise.all(encoders.map((encoder) => new Promise((resolve) => encoder.on('close', resolve))));

// The poster is an early-evening frame, lights coming on; it stands in for the video when it does not play.
const poster = ffmpeg(['-frames:v', '1', outputs.poster]);
drawFrame(Math.round(frames * 0.3), pixels);
poster.stdin.end(pixels);
await new Promise((resolve) => poster.on('close', resolve));
await sharp(outputs.poster).avif().toFile(outputs.posterAvif);
console.log(`Written: ${Object.values(outputs).join(', ')}`);
