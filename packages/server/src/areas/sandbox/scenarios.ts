import table from './scenarios.json' with { type: 'json' };
import { baseline, isIndicatorName, type IndicatorValue, type Indicators } from './indicators.js';

/** The spec's 24 predefined test cases DL000001–DL000024, read from scenarios.json. */
export const scenarios: Readonly<
  Record<string, { scenario: string; differences: Record<string, string> }>
> = table;

function indicatorsOf(differences: Record<string, string>): Readonly<Indicators> {
  const indicators = baseline();
  for (const [name, value] of Object.entries(differences)) {
    if (isIndicatorName(name)) indicators[name] = value as IndicatorValue;
  }
  return Object.freeze(indicators);
}

/** Built once: the sandbox answers these on every call. */
const answers = new Map(
  Object.entries(scenarios).map(([id, entry]) => [id, indicatorsOf(entry.differences)]),
);

/** The indicators of a predefined case, or null when `id` is not one of them. */
export function scenarioIndicators(id: string): Readonly<Indicators> | null {
  return answers.get(id) ?? null;
}
