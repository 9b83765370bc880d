import table from './scenarios.json' with { type: 'json' };
import { baseline, isIndicatorName, type IndicatorValue, type Indicators } from './indicators.js';

/** The spec's 24 predefined test cases DL000001–DL000024, read from scenarios.json. */
export const scenarios: Readonly<Record<string, { scenario: string; differences: Record<string, string> }>> = table;

/** The indicators of a predefined case, or null when `id` is not one of them. */
export function scenarioIndicators(id: string): Indicators | null {
  const entry = scenarios[id];
  if (!entry) return null;
  const indicators = baseline();
  for (const [name, value] of Object.entries(entry.differences)) {
    if (isIndicatorName(name)) indicators[name] = value as IndicatorValue;
  }
  return indicators;
}
