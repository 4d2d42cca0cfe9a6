'use client';

import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSection {
  name: string;
  /** score / maxScore in percent (0 when the section has no answered scored question). */
  percent: number;
  score: string;
  maxScore: string;
  weight: number;
}

/**
 * The latest score per section, as horizontal bars from 0 to 100%. Right-to-left pages get the
 * mirror image (bars grow from the right, section names on the right): the SVG itself is laid out
 * left-to-right (so text anchors stay where Recharts puts them) and mirrored through the axes.
 */
export function ScoreChart({ sections, locale, title, weightLabel }: { sections: ChartSection[]; locale: string; title: string; weightLabel: string }) {
  const rtl = locale === 'ar';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const height = Math.max(120, sections.length * 44 + 40);
  return (
    <figure className="w-full" aria-label={title} data-testid="score-chart">
      <div dir="ltr" style={{ height }} className="w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={sections} layout="vertical" margin={rtl ? { top: 8, right: 4, bottom: 8, left: 44 } : { top: 8, right: 44, bottom: 8, left: 4 }}>
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis
              type="number"
              domain={[0, 100]}
              reversed={rtl}
              tickFormatter={(v: number) => `${number.format(v)}%`}
              tick={{ fontSize: 12, fill: '#475569' }}
            />
            <YAxis type="category" dataKey="name" orientation={rtl ? 'right' : 'left'} width={120} tick={{ fontSize: 12, fill: '#0f172a' }} interval={0} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              formatter={(value, _name, item) => {
                const s = item.payload as ChartSection;
                return [`${number.format(Number(value))}% (${s.score} / ${s.maxScore}) · ${weightLabel} ${s.weight}`, s.name];
              }}
              labelFormatter={() => ''}
            />
            <Bar dataKey="percent" fill="#0f766e" radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false}>
              <LabelList
                dataKey="percent"
                content={(props) => {
                  // Placed by hand past the bar's far end: with a reversed axis the named positions
                  // ('left', 'right') land on the axis, under the section names.
                  const box = (props.viewBox ?? {}) as { x?: number; y?: number; width?: number; height?: number };
                  const x = Number(box.x ?? 0);
                  const w = Number(box.width ?? 0);
                  const y = Number(box.y ?? 0) + Number(box.height ?? 0) / 2;
                  const end = rtl ? Math.min(x, x + w) - 6 : Math.max(x, x + w) + 6;
                  return (
                    <text x={end} y={y} dy={4} textAnchor={rtl ? 'end' : 'start'} fontSize={12} fill="#0f172a">
                      {`${number.format(Number(props.value))}%`}
                    </text>
                  );
                }}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
