import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const areasDir = join(import.meta.dirname, '../src/areas');
const areas = readdirSync(areasDir);
const routeCall = /\br\.(get|post|put|patch|delete|options)\(/g;

// docs/architecture.md: each area's routes.ts is a table that fits on one screen.
describe('the rooms', () => {
  it.each(areas)(
    '%s has routes.ts with at most 15 routes, schemas.ts and one deps factory',
    (area) => {
      const read = (file: string) => readFileSync(join(areasDir, area, file), 'utf8');
      const routes = read('routes.ts');
      const count = routes.match(routeCall)?.length ?? 0;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(15);
      expect(routes).toMatch(new RegExp(`export function ${area}Routes\\(`));
      expect(read('schemas.ts')).toContain('export const route');
      expect(read('deps.ts')).toMatch(new RegExp(`export function ${area}Deps\\(\\s*ctx: Context`));
    },
  );
});
