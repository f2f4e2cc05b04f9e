import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useColorMode } from '@/lib/color-mode/use-color-mode';

export interface ChartSeries {
  label: string;
  values: number[];
  /** Light and dark colours. */
  color: { light: string; dark: string };
  kind: 'bars' | 'line';
}

interface UPlotChartProps {
  /** What the chart shows, for screen readers (the table below has the numbers). */
  label: string;
  /** One label per point, shown under the axis (every `labelEvery`-th). */
  labels: string[];
  labelEvery?: number;
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** The value axis starts at 0 and reaches at least this, so an empty chart is not scaled to nothing. */
  minTop: number;
}

const palette = {
  light: { axis: '#475569', grid: '#e2e8f0' },
  dark: { axis: '#cbd5e1', grid: '#1e293b' },
};

/**
 * One uPlot canvas, as wide as its box (redrawn when the box or the colour mode changes). The points
 * are indexed 0…n−1 and the axis shows the labels, so months and days read in the page's language.
 */
export function UPlotChart({ label, labels, labelEvery = 1, series, formatValue, minTop }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const mode = useColorMode().resolved;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const colors = palette[mode];
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48], gap: 2 });
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height: 220,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.6, labels.length - 0.4] },
        y: { range: (_u, _min, max) => [0, Math.max(minTop, Math.ceil(max * 1.1))] },
      },
      axes: [
        {
          stroke: colors.axis,
          grid: { show: false },
          ticks: { show: false },
          splits: () => xs.filter((i) => i % labelEvery === (labels.length - 1) % labelEvery),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          stroke: colors.axis,
          grid: { stroke: colors.grid, width: 1 },
          ticks: { show: false },
          size: 64,
          values: (_u, splits) => splits.map(formatValue),
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color[mode],
          fill: s.kind === 'bars' ? s.color[mode] : undefined,
          width: s.kind === 'bars' ? 0 : 2,
          points: { show: s.kind === 'line' && labels.length <= 12, size: 6, fill: s.color[mode] },
          ...(s.kind === 'bars' && bars ? { paths: bars } : {}),
        })),
      ],
    };
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(240, element.clientWidth), height: 220 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, labelEvery, series, formatValue, minTop, mode]);

  // The chart's height is reserved before uPlot draws into it (after the first paint), so the table
  // toggle under it does not move.
  return <div ref={box} role="img" aria-label={label} className="min-h-[220px] w-full overflow-hidden" />;
}
