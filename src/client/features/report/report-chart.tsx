import { useEffect, useMemo, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendPlainComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { m } from '../../../shared/paraglide/messages.js';
import type { ReportGroup } from '../../../shared/schemas/report-names';
import type { TReport } from '../../../shared/schemas/report';
import { GROUP_NAME, hoursText, keyText } from './report-text';

// Only what the Reports charts draw: bars on a grid, SVG (crisp in print and zoom), decal patterns (decision 0225).
echarts.use([BarChart, GridComponent, LegendPlainComponent, AriaComponent, SVGRenderer]);

/** Okabe–Ito: told apart with the common colour-vision deficiencies; decals add a pattern per series. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#4D4D4D', '#F0E442'];
const STACK_MAX = 7;
const TOP_N = 10;

interface Plan {
  title: string;
  summary: string;
  option: echarts.EChartsCoreOption;
}

/**
 * What to draw for the report's grouping: a period level (week/month) with another level gives
 * hours per period stacked by the other (the top 7, the rest as "Other"); a period alone gives
 * hours per period; anything else the top 10 of the first level by hours.
 */
function plan(report: TReport): Plan {
  const [g0, g1] = report.groups as [ReportGroup, ReportGroup | undefined];
  const isPeriod = (g: ReportGroup | undefined) => g === 'week' || g === 'month';
  const base = { animation: false, color: PALETTE, aria: { enabled: true, label: { enabled: false }, decal: { show: true } }, label: { show: false } };
  const periodIdx = isPeriod(g0) ? 0 : isPeriod(g1) ? 1 : -1;
  if (g1) {
    // Two levels (issue 38 §3): bars of the period — or of the first level's top 10 — stacked by
    // the other level (its top 7 by hours, the rest as "Other"), so the second grouping shows too.
    const catIdx = periodIdx >= 0 ? periodIdx : 0;
    const otherIdx = 1 - catIdx;
    const cat = report.groups[catIdx]!;
    const by = report.groups[otherIdx]!;
    const catTotal = new Map<string | null, number>();
    for (const r of report.rows) catTotal.set(r.keys[catIdx] ?? null, (catTotal.get(r.keys[catIdx] ?? null) ?? 0) + (r.hours ?? 0));
    const cats =
      periodIdx >= 0
        ? [...catTotal.keys()].sort()
        : [...catTotal]
            .sort((a, b) => b[1] - a[1])
            .slice(0, TOP_N)
            .map(([k]) => k);
    const byTotal = new Map<string | null, number>();
    for (const r of report.rows) byTotal.set(r.keys[otherIdx] ?? null, (byTotal.get(r.keys[otherIdx] ?? null) ?? 0) + (r.hours ?? 0));
    const ranked = [...byTotal].sort((a, b) => b[1] - a[1]).map(([k]) => k);
    const shown = ranked.slice(0, STACK_MAX);
    const rest = ranked.length > STACK_MAX;
    const seriesKeys: Array<string | null | typeof OTHER> = rest ? [...shown, OTHER] : shown;
    const series = seriesKeys.map((k) => ({
      type: 'bar' as const,
      stack: 'hours',
      name: k === OTHER ? m.rep_other() : keyText(by, k),
      data: cats.map((c) =>
        report.rows
          .filter((r) => (r.keys[catIdx] ?? null) === c && (k === OTHER ? !shown.includes(r.keys[otherIdx] ?? null) : (r.keys[otherIdx] ?? null) === k))
          .reduce((s, r) => s + (r.hours ?? 0), 0),
      ),
    }));
    const title =
      periodIdx >= 0
        ? m.rep_chart_weekly({ period: GROUP_NAME[cat]().toLowerCase(), by: GROUP_NAME[by]().toLowerCase() })
        : m.rep_chart_top_stacked({ n: TOP_N, by: GROUP_NAME[cat](), then: GROUP_NAME[by]().toLowerCase() });
    const catNames = cats.map((c) => keyText(cat, c));
    const summary = `${title}: ${catNames.map((name, i) => `${name} ${hoursText(series.reduce((s, x) => s + (x.data[i] ?? 0), 0))}`).join('; ')}`;
    const horizontal = periodIdx < 0;
    return {
      title,
      summary,
      option: {
        ...base,
        legend: { bottom: 0, type: 'plain' },
        grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
        xAxis: horizontal ? { type: 'value', axisLabel: { formatter: (v: number) => hoursText(v) } } : { type: 'category', data: catNames },
        yAxis: horizontal
          ? { type: 'category', data: catNames, inverse: true, axisLabel: { width: 120, overflow: 'truncate' } }
          : { type: 'value', axisLabel: { formatter: (v: number) => hoursText(v) } },
        series,
      },
    };
  }
  const lines = report.rows;
  const top = [...lines].sort((a, b) => (b.hours ?? 0) - (a.hours ?? 0)).slice(0, isPeriod(g0) ? lines.length : TOP_N);
  if (isPeriod(g0)) top.sort((a, b) => String(a.keys[0]).localeCompare(String(b.keys[0])));
  const names = top.map((l) => keyText(g0, l.keys[0] ?? null));
  const title = isPeriod(g0)
    ? m.rep_chart_weekly({ period: GROUP_NAME[g0]().toLowerCase(), by: GROUP_NAME[g0]().toLowerCase() })
    : m.rep_chart_top({ n: TOP_N, by: GROUP_NAME[g0]() });
  const summary = `${title}: ${top.map((l, i) => `${names[i]} ${hoursText(l.hours ?? 0)}`).join('; ')}`;
  const horizontal = !isPeriod(g0);
  return {
    title,
    summary,
    option: {
      ...base,
      grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
      xAxis: horizontal ? { type: 'value', axisLabel: { formatter: (v: number) => hoursText(v) } } : { type: 'category', data: names },
      yAxis: horizontal ? { type: 'category', data: names, inverse: true, axisLabel: { width: 120, overflow: 'truncate' } } : { type: 'value' },
      series: [{ type: 'bar', name: m.rep_col_hours(), data: top.map((l) => l.hours ?? 0), colorBy: 'data' }],
    },
  };
}

const OTHER = Symbol('other');

/**
 * The chart of a report (issue 26), drawn with ECharts' tree-shaken core and SVG renderer. For
 * screen readers it is one image with a summary; the table below is the full data alternative.
 */
export default function ReportChart({ report }: { report: TReport }) {
  const box = useRef<HTMLDivElement>(null);
  const p = useMemo(() => plan(report), [report]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    chart.setOption(p.option, true);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [p.option]);
  return (
    <figure className="rep-chart__figure">
      <figcaption className="rep-chart__caption">
        {p.title} <span className="rep-sub">{m.rep_chart_table_note()}</span>
      </figcaption>
      <div ref={box} className="rep-chart__box" role="img" aria-label={p.summary} />
    </figure>
  );
}
