import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

/** A code's modules: `rows` × `columns`, dark where `dark` says so. */
interface Modules {
  rows: number;
  columns: number;
  dark(row: number, column: number): boolean;
}

/** The QR code of `text`. */
export function qrModules(text: string): Modules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { rows: modules.size, columns: modules.size, dark: (r, c) => Boolean(modules.get(r, c)) };
}

/** The PDF417 barcode of `text`, as on the back of a driver's license. */
export function pdf417Modules(text: string): Modules {
  const [symbol] = bwipjs.raw('pdf417', text, 'columns=8 eclevel=3') as {
    pixs: number[];
    pixx: number;
    pixy: number;
  }[];
  if (!symbol) throw new Error('bwip-js drew no PDF417');
  return {
    rows: symbol.pixy,
    columns: symbol.pixx,
    dark: (r, c) => symbol.pixs[r * symbol.pixx + c] === 1,
  };
}

/**
 * A Y4M video (what Chromium's fake camera plays, `--use-file-for-fake-video-capture`) of one
 * frame: `code` black on white, `scale` pixels a module, centered in 640×480.
 */
export function cameraVideo(code: Modules, scale: number, path: string): void {
  const [width, height] = [640, 480];
  const luma = Buffer.alloc(width * height, 235);
  const left = Math.floor((width - code.columns * scale) / 2);
  const top = Math.floor((height - code.rows * scale) / 2);
  for (let y = 0; y < code.rows * scale; y++)
    for (let x = 0; x < code.columns * scale; x++)
      if (code.dark(Math.floor(y / scale), Math.floor(x / scale)))
        luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  writeFileSync(path, Buffer.concat([Buffer.from(header), luma, chroma]));
}

/** Chromium's arguments for a camera that shows `video`, allowed without asking. */
export const fakeCamera = (video: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];
