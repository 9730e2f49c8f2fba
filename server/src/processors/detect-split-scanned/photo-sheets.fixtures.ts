import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AdmZip from 'adm-zip';
import { PDFDocument } from 'pdf-lib';
import { withTempDir } from '../../../test/support/pdfs';

/**
 * Scanned sheets of photos for Detect / Split Scanned Photos, drawn and
 * measured by Pillow (photo-sheets.py), never by the OpenCV the tool uses.
 */

const PICTURES = resolve(__dirname, 'photo-sheets.py');
/** The sheet's paper colour (a little grain on it). */
export const PAPER = [236, 233, 226];
/** The sheet's size in pixels; as a PDF page, A4 at 150 DPI. */
export const SHEET_PX = [1240, 1754] as const;

export interface Photo {
  /** Centre on the sheet, in pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Degrees, counter-clockwise. */
  angle: number;
  colour: [number, number, number];
}

export interface Measure {
  width: number;
  height: number;
  /** How far each corner's colour is from the paper's (0–255, the largest channel difference). */
  corners: number[];
  /** Share of pixels that are not paper. */
  fill: number;
}

/** Three photos, top to bottom: upright, tilted 7° (under the default threshold of 10°), tilted -12° (over it). */
export const UPRIGHT: Photo = { x: 360, y: 330, w: 480, h: 320, angle: 0, colour: [200, 60, 50] };
export const SLIGHT: Photo = { x: 900, y: 720, w: 400, h: 300, angle: 7, colour: [40, 120, 200] };
export const STEEP: Photo = { x: 450, y: 1250, w: 360, h: 500, angle: -12, colour: [60, 170, 80] };
/** 120 × 90 = 10 800 px: kept by the default minimum area (8000), not by 20 000. */
export const SMALL: Photo = { x: 1000, y: 1500, w: 120, h: 90, angle: 0, colour: [150, 60, 160] };

/** A scanned sheet (PNG, or JPEG for 'jpg') holding `photos`: solid colours with darker stripes, on grainy paper with dust. */
export function photoSheet(photos: readonly Photo[], extension: 'png' | 'jpg' = 'png'): Buffer {
  return withTempDir((dir) => {
    const out = join(dir, `sheet.${extension}`);
    execFileSync('/usr/bin/python3', [PICTURES, 'make', out, JSON.stringify(photos)]);
    return readFileSync(out);
  });
}

/** The sheet as a one-page PDF, the picture filling an A4 page (150 DPI). */
export async function photoSheetPdf(png: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const [width, height] = [(SHEET_PX[0] * 72) / 150, (SHEET_PX[1] * 72) / 150];
  doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return Buffer.from(await doc.save());
}

/** Size, corners and fill of a picture, read by Pillow. */
export function measurePhoto(picture: Buffer): Measure {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'photo'), picture);
    return JSON.parse(execFileSync('/usr/bin/python3', [PICTURES, 'measure', join(dir, 'photo'), JSON.stringify(PAPER)], { encoding: 'utf8' })) as Measure;
  });
}

/** The upright bounding box of a photo turned by its angle. */
export function boundingBox({ w, h, angle }: Photo): { width: number; height: number } {
  const r = (Math.abs(angle) * Math.PI) / 180;
  return { width: w * Math.cos(r) + h * Math.sin(r), height: w * Math.sin(r) + h * Math.cos(r) };
}

/** The picture is the photo, upright and tight: its size (give or take the border), every corner photo, no paper left. */
export function expectUprightPhoto(m: Measure, photo: Photo, scale = 1): void {
  expect(Math.abs(m.width - photo.w * scale)).toBeLessThanOrEqual(6 * scale);
  expect(Math.abs(m.height - photo.h * scale)).toBeLessThanOrEqual(6 * scale);
  for (const corner of m.corners) expect(corner).toBeGreaterThan(60);
  expect(m.fill).toBeGreaterThan(0.97);
}

/** A ZIP's entries, by name, in order. */
export function unzipEntries(zip: Buffer): Map<string, Buffer> {
  return new Map(new AdmZip(zip).getEntries().map((entry) => [entry.entryName, entry.getData()]));
}
