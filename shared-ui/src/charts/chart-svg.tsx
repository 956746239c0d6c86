// Draws one chart as inline SVG: donut, bar (grouped, stacked, horizontal) and line
// (optionally filled). It replaced a Chart.js canvas: Chart.js cost 67 KB gzip on every
// dashboard for three chart types; this is about 2 KB and draws with the page, without a
// second pass (docs/performance.md). The figure's table (charts.tsx) carries the data for
// assistive technology; the drawing is decorative for it, with native tooltips (<title>)
// for pointer users.
import { useEffect, useRef, useState } from 'react';
import { Box } from 'shared-ui/mui-core';
import type { ChartKind, ChartProps } from './types';

export const PALETTE = ['#0D47A1', '#2E7D32', '#ED6C02', '#6A1B9A', '#00838F', '#C62828', '#5D4037', '#3D6FC0'];
const INK = '#4A5568';
const GRID = 'rgba(0, 0, 0, 0.1)';
const FONT = 12;

const color = (i: number) => PALETTE[i % PALETTE.length];

/** Round axis steps (1, 2 or 5 × 10^n) from 0 to at least `max`. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((m) => m * pow >= rough) ?? 10) * pow;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

/** The element's size, kept up to date (a default until measured, e.g. under jsdom). */
function useSize(fallback: { width: number; height: number }): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      if (el.clientWidth > 0 && el.clientHeight > 0) {
        setSize((s) =>
          s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight },
        );
      }
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, size];
}

interface Layout {
  width: number;
  height: number;
  fmt: (n: number) => string;
}

function Legend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <Box
      component="ul"
      aria-hidden
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: 1,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        fontSize: FONT,
        color: INK,
      }}
    >
      {items.map((it) => (
        <Box component="li" key={it.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box component="span" sx={{ width: 28, height: 10, bgcolor: it.color, borderRadius: '2px' }} />
          {it.label}
        </Box>
      ))}
    </Box>
  );
}

function Donut({ labels, series, width, height, fmt }: ChartProps & Layout) {
  const values = (series[0]?.values ?? []).map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = values.reduce((a, b) => a + b, 0);
  const r = Math.max(10, Math.min(width, height) / 2 - 4);
  const inner = r * 0.5;
  const cx = width / 2;
  const cy = height / 2;
  let angle = -Math.PI / 2;
  const point = (a: number, radius: number) => `${cx + radius * Math.cos(a)} ${cy + radius * Math.sin(a)}`;
  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false" style={{ display: 'block' }}>
      {values.map((v, i) => {
        if (!v || !total) return null;
        const sweep = (v / total) * Math.PI * 2;
        const start = angle;
        const end = (angle += sweep);
        const large = sweep > Math.PI ? 1 : 0;
        // A full circle is two half arcs (one arc cannot start and end at the same point).
        const d =
          sweep >= Math.PI * 2 - 1e-6
            ? `M ${point(start, r)} A ${r} ${r} 0 1 1 ${point(start + Math.PI, r)} A ${r} ${r} 0 1 1 ${point(start, r)} M ${point(start, inner)} A ${inner} ${inner} 0 1 0 ${point(start + Math.PI, inner)} A ${inner} ${inner} 0 1 0 ${point(start, inner)} Z`
            : `M ${point(start, r)} A ${r} ${r} 0 ${large} 1 ${point(end, r)} L ${point(end, inner)} A ${inner} ${inner} 0 ${large} 0 ${point(start, inner)} Z`;
        return (
          <path key={labels[i] ?? i} d={d} fill={color(i)} stroke="#fff" strokeWidth={2} fillRule="evenodd">
            <title>{`${labels[i]}: ${fmt(v)}`}</title>
          </path>
        );
      })}
    </svg>
  );
}

function Cartesian({
  kind,
  labels,
  series,
  width,
  height,
  fmt,
  stacked,
  horizontal,
  area,
}: ChartProps & Layout & { kind: 'bar' | 'line' }) {
  const n = labels.length;
  const clean = series.map((s) => labels.map((_, j) => (Number.isFinite(s.values[j]) ? s.values[j] : 0)));
  const stack = kind === 'bar' && stacked;
  const sums = labels.map((_, j) => clean.reduce((a, vals) => a + Math.max(0, vals[j]), 0));
  const max = stack ? Math.max(0, ...sums) : Math.max(0, ...clean.flat());
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] || 1;
  const valueLabels = ticks.map(fmt);
  const widest = Math.max(...valueLabels.map((t) => t.length), ...(horizontal ? labels.map((l) => l.length) : [0]));
  // Room for the axis texts: about 0.6em per character.
  const left = Math.min(width * 0.4, 8 + widest * FONT * 0.6);
  const bottom = FONT + 10;
  const plotW = Math.max(10, width - left - 8);
  const plotH = Math.max(10, height - bottom - 8);
  const x0 = left;
  const y0 = 8;
  const bars = horizontal && kind === 'bar';
  // Value axis: vertical normally, horizontal for horizontal bars.
  const vpos = (v: number) => (bars ? x0 + (v / top) * plotW : y0 + plotH - (v / top) * plotH);
  const band = (bars ? plotH : plotW) / Math.max(1, n);
  const cat = (j: number) => (bars ? y0 : x0) + band * (j + 0.5);
  const text = { fontSize: FONT, fill: INK, fontFamily: 'inherit' } as const;

  const grid = ticks.map((t, i) => (
    <g key={t}>
      {bars ? (
        <line x1={vpos(t)} x2={vpos(t)} y1={y0} y2={y0 + plotH} stroke={GRID} />
      ) : (
        <line x1={x0} x2={x0 + plotW} y1={vpos(t)} y2={vpos(t)} stroke={GRID} />
      )}
      {bars ? (
        <text x={vpos(t)} y={y0 + plotH + FONT + 4} textAnchor="middle" {...text}>
          {valueLabels[i]}
        </text>
      ) : (
        <text x={x0 - 6} y={vpos(t)} dy="0.32em" textAnchor="end" {...text}>
          {valueLabels[i]}
        </text>
      )}
    </g>
  ));
  // Category labels; on a crowded axis only every k-th one.
  const every = bars ? 1 : Math.max(1, Math.ceil((n * (Math.max(...labels.map((l) => l.length), 1) * FONT * 0.62 + 12)) / plotW));
  const categories = labels.map((l, j) =>
    j % every ? null : bars ? (
      <text key={l} x={x0 - 6} y={cat(j)} dy="0.32em" textAnchor="end" {...text}>
        {l}
      </text>
    ) : (
      <text key={l} x={cat(j)} y={y0 + plotH + FONT + 4} textAnchor="middle" {...text}>
        {l}
      </text>
    ),
  );

  let marks: React.ReactNode;
  if (kind === 'bar') {
    const groups = stack ? 1 : clean.length;
    const thick = (band * 0.8) / groups;
    marks = labels.map((l, j) => {
      let base = 0;
      return clean.map((vals, i) => {
        const v = Math.max(0, vals[j]);
        const from = stack ? base : 0;
        const to = from + v;
        if (stack) base = to;
        const offset = stack ? -band * 0.4 : -band * 0.4 + thick * i;
        const c = cat(j) + offset;
        const a = vpos(from);
        const b = vpos(to);
        const rect = bars
          ? { x: Math.min(a, b), y: c, width: Math.abs(b - a), height: thick }
          : { x: c, y: Math.min(a, b), width: thick, height: Math.abs(b - a) };
        return (
          <rect key={`${l}-${i}`} {...rect} fill={color(i)}>
            <title>{`${l} · ${series[i].label}: ${fmt(vals[j])}`}</title>
          </rect>
        );
      });
    });
  } else {
    marks = clean.map((vals, i) => {
      const pts = vals.map((v, j) => [cat(j), vpos(Math.max(0, v))] as const);
      // A gentle curve through the points (cardinal spline, like Chart.js's tension 0.3).
      let d = pts.length ? `M ${pts[0][0]} ${pts[0][1]}` : '';
      for (let j = 1; j < pts.length; j++) {
        const p0 = pts[j - 2] ?? pts[j - 1];
        const p1 = pts[j - 1];
        const p2 = pts[j];
        const p3 = pts[j + 1] ?? p2;
        const t = 0.3 / 2;
        // Control points stay inside the plot (as Chart.js caps them): no dip under the axis.
        const cy = (y: number) => Math.min(y0 + plotH, Math.max(y0, y));
        d += ` C ${p1[0] + (p2[0] - p0[0]) * t} ${cy(p1[1] + (p2[1] - p0[1]) * t)} ${p2[0] - (p3[0] - p1[0]) * t} ${cy(p2[1] - (p3[1] - p1[1]) * t)} ${p2[0]} ${p2[1]}`;
      }
      const c = color(i);
      return (
        <g key={series[i].label}>
          {area && pts.length > 1 && (
            <path d={`${d} L ${pts[pts.length - 1][0]} ${y0 + plotH} L ${pts[0][0]} ${y0 + plotH} Z`} fill={`${c}33`} stroke="none" />
          )}
          <path d={d} fill="none" stroke={c} strokeWidth={3} />
          {pts.map(([px, py], j) => (
            <circle key={labels[j]} cx={px} cy={py} r={3} fill={c}>
              <title>{`${labels[j]} · ${series[i].label}: ${fmt(vals[j])}`}</title>
            </circle>
          ))}
        </g>
      );
    });
  }

  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false" style={{ display: 'block', overflow: 'visible' }}>
      {grid}
      {categories}
      {marks}
    </svg>
  );
}

/** The drawing of one chart in `height` px, its legend (when shown) at the bottom. */
export function ChartSvg({ kind, height = 260, format, ...props }: ChartProps & { kind: ChartKind }) {
  const doughnut = kind === 'donut';
  const legend = doughnut
    ? props.labels.map((label, i) => ({ label, color: color(i) }))
    : props.series.length > 1
      ? props.series.map((s, i) => ({ label: s.label, color: color(i) }))
      : [];
  const [ref, size] = useSize({ width: 600, height: height - (legend.length ? 30 : 0) });
  const fmt = (v: number) => (format ? format(v) : String(v));
  return (
    <Box sx={{ height, display: 'flex', flexDirection: 'column' }}>
      <Box ref={ref} sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        {doughnut ? (
          <Donut {...props} width={size.width} height={size.height} fmt={fmt} />
        ) : (
          <Cartesian {...props} kind={kind} width={size.width} height={size.height} fmt={fmt} />
        )}
      </Box>
      {legend.length > 0 && <Legend items={legend} />}
    </Box>
  );
}
