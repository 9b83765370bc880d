import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogStream } from './log-stream.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = { batchBytes: 64, maxBytes: 100_000, intervalMs: 60_000 };

/** A FIFO opened at both ends without blocking: what a pipe to a log collector looks like. */
function fifo(): { reader: number; writer: number } {
  const path = join(dir, 'fifo');
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  return { reader, writer };
}

function drain(fd: number): string {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(65_536);
  for (;;) {
    try {
      const n = readSync(fd, buffer);
      if (n === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, n)));
    } catch {
      break; // EAGAIN: nothing more for now
    }
  }
  return Buffer.concat(chunks).toString();
}

describe('LogStream', () => {
  it('writes lines in batches: at the batch size, or when flushed', () => {
    const file = join(dir, 'log');
    const stream = new LogStream(openSync(file, 'a'), options);
    stream.write('{"msg":"one"}\n');
    stream.write('{"msg":"two"}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    stream.flush();
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"one"}\n{"msg":"two"}\n');
    stream.write(`{"msg":"${'x'.repeat(80)}"}\n`);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(4);
  });

  it('keeps what a full pipe refuses, drops beyond its bound, and says so once the pipe drains', () => {
    const { reader, writer } = fifo();
    const stream = new LogStream(writer, { ...options, maxBytes: 200_000 });
    const line = `{"msg":"${'y'.repeat(990)}"}\n`;
    for (let i = 0; i < 400; i++) stream.write(line); // 400 kB against a 64 kB pipe
    let read = drain(reader);
    for (let i = 0; i < 20 && read.length < 400_000; i++) {
      stream.flush();
      read += drain(reader);
    }
    const lines = read.split('\n').filter(Boolean);
    const note = lines.at(-1) ?? '';
    expect(note).toMatch(/"msg":"\d+ log lines dropped: the log output did not keep up"/);
    const kept = lines.length - 1;
    expect(kept).toBeGreaterThan(64);
    expect(kept + Number(/(\d+) log lines dropped/.exec(note)?.[1])).toBe(400);
    closeSync(reader);
    closeSync(writer);
  });

  it('once the output is full, new lines wait for the next flush instead of each trying', () => {
    let calls = 0;
    const full = () => {
      calls += 1;
      throw Object.assign(new Error('full'), { code: 'EAGAIN' });
    };
    const stream = new LogStream(1, options, full);
    for (let i = 0; i < 1000; i++) stream.write(`{"msg":"${'w'.repeat(80)}"}\n`);
    expect(calls).toBe(1); // the first batch met the full output; the rest waited
    stream.flush();
    expect(calls).toBe(2);
  });

  it('stops writing, without throwing, once the pipe is closed (EPIPE)', () => {
    const { reader, writer } = fifo();
    closeSync(reader);
    const stream = new LogStream(writer, options);
    expect(() => {
      stream.write(`{"msg":"${'z'.repeat(80)}"}\n`);
      stream.flush();
      stream.write('{"msg":"after"}\n');
      stream.flush();
    }).not.toThrow();
    closeSync(writer);
  });
});
