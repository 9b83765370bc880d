import { html } from 'htm/preact';

export interface Series {
  name: string;
  color: string;
  points: number[];
}

/** A line chart of a few series over the same samples, drawn as SVG in the page. */
export function LineChart({
  title,
  series,
  unit,
}: {
  title: string;
  series: Series[];
  unit: string;
}) {
  const width = 300;
  const height = 100;
  const max = Math.max(1e-9, ...series.flatMap((s) => s.points));
  const line = (points: number[]) =>
    points
      .map(
        (v, i) =>
          `${((i / Math.max(1, points.length - 1)) * width).toFixed(1)},${(height - (v / max) * height).toFixed(1)}`,
      )
      .join(' ');
  return html`<figure>
    <figcaption>${title} (max ${max.toFixed(unit === 'ms' ? 1 : 2)} ${unit})</figcaption>
    <svg
      class="chart"
      viewBox="0 0 ${width} ${height}"
      preserveAspectRatio="none"
      role="img"
      aria-label=${title}
    >
      ${series.map((s) => html`<polyline key=${s.name} points=${line(s.points)} stroke=${s.color} />`)}
    </svg>
    <small
      >${series.map((s) => html`<span key=${s.name} style=${{ color: s.color }}>■ ${s.name} </span>`)}</small
    >
  </figure>`;
}
