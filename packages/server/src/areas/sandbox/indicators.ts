import { indicatorNames, type IndicatorName, type MatchIndicator } from '@svc/wire';

export { indicatorNames };
export type IndicatorValue = MatchIndicator;
export type Indicators = Record<IndicatorName, IndicatorValue>;

export function isIndicatorName(name: string): name is IndicatorName {
  return (indicatorNames as readonly string[]).includes(name);
}

/** Baseline: every indicator TRUE except the six fuzzy ones, which are FALSE. */
export function baseline(): Indicators {
  return Object.fromEntries(
    indicatorNames.map((n) => [n, n.includes('_fuzzy_') ? 'FALSE' : 'TRUE']),
  ) as Indicators;
}

export function allOf(value: IndicatorValue): Indicators {
  return Object.fromEntries(indicatorNames.map((n) => [n, value])) as Indicators;
}
