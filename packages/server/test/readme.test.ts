import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configKeys } from '../src/config/index.js';

describe('README', () => {
  const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
  it.each(Object.values(configKeys).map((k) => k.env))('documents %s', (env) => {
    expect(readme).toContain(`\`${env}\``);
  });
});
