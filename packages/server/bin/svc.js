#!/usr/bin/env -S node --no-memory-reducer
// A reader that went away (`svc … | head`, a closed log pipe) must neither crash nor stall the
// process: what it would have read is dropped.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
  });
await import('../dist/cli/index.js');
