import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// The decoder's WebAssembly comes from svc itself (copied into dist/ by the build), never a CDN.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL('zxing_reader.wasm', location.href).href : prefix + path,
  },
});

/** What the app reads: an enrollment link's QR code, or the PDF417 barcode of a license. */
export type CodeFormat = 'QRCode' | 'PDF417';

/**
 * Reads codes of `format` from the back camera until `accept` takes one (answers it) or `signal`
 * aborts; the camera is released either way.
 */
export async function scan(
  video: HTMLVideoElement,
  format: CodeFormat,
  accept: (text: string) => boolean,
  signal: AbortSignal,
): Promise<string | null> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment', width: { ideal: 1280 } },
    audio: false,
  });
  try {
    video.srcObject = stream;
    await video.play();
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('this browser cannot read camera images');
    while (!signal.aborted) {
      if (video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = await readBarcodes(image, {
          formats: [format],
          maxNumberOfSymbols: 1,
          textMode: 'Plain',
        });
        const text = found.find((result) => result.isValid && accept(result.text))?.text;
        if (text) return text;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
