import { scan, type CodeFormat } from './scanner.js';
import { button, el } from './view.js';

/**
 * The camera while a code is being read, one at a time: `view` (its picture and Cancel) is what
 * the screen shows meanwhile; `changed` redraws the screen when it comes and goes.
 */
export class Camera {
  view: HTMLElement | null = null;

  constructor(private readonly changed: () => void) {}

  /**
   * Reads a code of `format` that `accept` takes: its text, or null when the user cancelled.
   * Throws a DOMException when the browser gives no camera.
   */
  async read(format: CodeFormat, accept: (text: string) => boolean): Promise<string | null> {
    const video = el('video', { playsinline: '', muted: '', 'aria-label': 'Camera' });
    const stop = new AbortController();
    this.view = el(
      'section',
      { class: 'camera' },
      video,
      button('Cancel', () => stop.abort()),
    );
    this.changed();
    try {
      return await scan(video as HTMLVideoElement, format, accept, stop.signal);
    } finally {
      this.view = null;
      this.changed();
    }
  }
}
