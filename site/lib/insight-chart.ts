// The /insights charts' geometry (decision 0135): d3-scale for the axes and d3-shape for the lines, computed
// on the server so the page's SVG is in the HTML and reads without any script. Numbers only: the page
// (pages/insights.astro) draws them, with the same figures in a table for screen readers.
import { scaleBand, scaleLinear, scaleUtc } from 'd3-scale';
import { curveMonotoneX, line } from 'd3-shape';

export interface ChartSeries {
  key: string;
  label: string;
  values: readonly number[];
}

export interface LineChart {
  width: number;
  height: number;
  /** one path per series, in the series' order */
  paths: Array<{ key: string; label: string; d: string }>;
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
  plot: { left: number; right: number; top: number; bottom: number };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Nov 3" for a YYYY-MM-DD day (UTC) */
export const shortDay = (day: string): string => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** a line per series over the days (YYYY-MM-DD, oldest first), in a viewBox of width × height */
export function lineChart(
  days: readonly string[],
  series: readonly ChartSeries[],
  width = 640,
  height = 240,
): LineChart {
  const plot = { left: 40, right: width - 12, top: 12, bottom: height - 28 };
  const dates = days.map((d) => new Date(`${d}T00:00:00Z`));
  const x = scaleUtc()
    .domain([dates[0]!, dates[dates.length - 1]!])
    .range([plot.left, plot.right]);
  const most = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear().domain([0, most]).nice(4).range([plot.bottom, plot.top]);
  const path = line<number>()
    .x((_, i) => x(dates[i]!))
    .y((value) => y(value))
    .curve(curveMonotoneX);
  // whole numbers only: a count of views has no halves
  const yTicks = y
    .ticks(4)
    .filter((t) => Number.isInteger(t))
    .map((t) => ({ y: y(t), label: String(t) }));
  const xTicks = x.ticks(width < 480 ? 3 : 5).map((t) => ({ x: x(t), label: shortDay(t.toISOString().slice(0, 10)) }));
  return {
    width,
    height,
    paths: series.map((s) => ({ key: s.key, label: s.label, d: path([...s.values]) ?? '' })),
    yTicks,
    xTicks,
    plot,
  };
}

export interface BarChart {
  width: number;
  height: number;
  bars: Array<{ key: string; label: string; value: number; y: number; barHeight: number; width: number }>;
  labelWidth: number;
}

/** horizontal bars (where the views came from), one band per row */
export function barChart(
  rows: ReadonlyArray<{ key: string; label: string; value: number }>,
  width = 640,
  labelWidth = 200,
): BarChart {
  const band = scaleBand()
    .domain(rows.map((r) => r.key))
    .range([0, rows.length * 32])
    .padding(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((r) => r.value))])
    .range([0, width - labelWidth - 48]);
  return {
    width,
    height: rows.length * 32,
    labelWidth,
    bars: rows.map((r) => ({
      ...r,
      y: band(r.key) ?? 0,
      barHeight: band.bandwidth(),
      width: x(r.value),
    })),
  };
}
