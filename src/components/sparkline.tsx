/**
 * A small line of daily values, drawn as SVG (no chart library: a table of 1,500 rows shows dozens at once). A
 * day without a value breaks the line. Its scale runs from 0 to the larger of 100 % and the highest value, so
 * sparklines of different rows compare by eye. Named for screen readers by `label`.
 */
import './sparkline.css';

const WIDTH = 84;
const HEIGHT = 22;
const PAD = 2;

export function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const top = Math.max(1, ...values.map((value) => value ?? 0));
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  const point = (value: number, index: number) =>
    `${(PAD + index * step).toFixed(1)},${(HEIGHT - PAD - (value / top) * (HEIGHT - 2 * PAD)).toFixed(1)}`;
  const runs: string[][] = [[]];
  values.forEach((value, index) => {
    if (value === null) runs.push([]);
    else runs[runs.length - 1]!.push(point(value, index));
  });
  return (
    <svg
      className="sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <line
        className="sparkline-full"
        x1={0}
        x2={WIDTH}
        y1={HEIGHT - PAD - (HEIGHT - 2 * PAD) / top}
        y2={HEIGHT - PAD - (HEIGHT - 2 * PAD) / top}
      />
      {runs.map((run, index) =>
        run.length > 1 ? (
          <polyline key={index} points={run.join(' ')} />
        ) : run.length === 1 ? (
          <circle key={index} cx={run[0]!.split(',')[0]} cy={run[0]!.split(',')[1]} r={1.5} />
        ) : null,
      )}
    </svg>
  );
}
