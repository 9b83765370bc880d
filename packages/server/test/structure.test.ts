import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const areasDir = join(import.meta.dirname, '../src/areas');
const areas = readdirSync(areasDir);
const routeCall = /\br\.(get|post|put|patch|delete|options)\(/g;

// docs/architecture.md: each area's routes.ts is a table that fits on one screen.
describe('the rooms', () => {
  const read = (area: string, file: string) => readFileSync(join(areasDir, area, file), 'utf8');
  const served = areas.filter((area) => existsSync(join(areasDir, area, 'routes.ts')));

  it.each(served)('%s has routes.ts with at most 15 routes and schemas.ts', (area) => {
    const routes = read(area, 'routes.ts');
    const count = routes.match(routeCall)?.length ?? 0;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(15);
    expect(routes).toMatch(new RegExp(`export function ${area}Routes\\(`));
    expect(read(area, 'schemas.ts')).toContain('export const route');
  });

  it.each(areas)('%s has one deps factory', (area) => {
    expect(read(area, 'deps.ts')).toMatch(
      new RegExp(`export function ${area}Deps\\(\\s*_?ctx: Context`),
    );
  });

  it('only the customers area, which the CLI drives, has no routes', () => {
    expect(areas.filter((area) => !served.includes(area))).toEqual(['customers']);
  });
});
