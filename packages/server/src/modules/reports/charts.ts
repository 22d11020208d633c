import * as echarts from 'echarts';
import { formatBytes, type ReportChart } from '@netloom/domain';

const PALETTE = ['#228be6', '#fa5252', '#adb5bd', '#40c057', '#fab005', '#7950f2', '#15aabf', '#e64980', '#82c91e', '#fd7e14'];
/** Status pies read as the console's badges do: online green, offline red, registered grey. */
const NAMED_COLOURS: Record<string, string> = { Online: '#40c057', Offline: '#fa5252', Registered: '#adb5bd', Allowed: '#40c057', Blocked: '#fa5252' };

const axisValue = (unit: ReportChart['unit']) => (v: number) => (unit === 'bytes' ? formatBytes(v) : unit === 'percent' ? `${v} %` : String(v));
const short = (name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name);

function optionOf(chart: ReportChart): echarts.EChartsCoreOption {
  const base = { animation: false, textStyle: { fontFamily: 'Helvetica' }, title: { text: chart.title, left: 0, textStyle: { fontSize: 14 } } };
  if (chart.type === 'pie') {
    return {
      ...base,
      // The legend names each slice with its count (outside labels draw poorly once turned into PDF paths).
      legend: {
        orient: 'vertical',
        right: 10,
        top: 'middle',
        data: chart.data.map((d) => d.name),
        formatter: (name: string) => `${name}: ${chart.data.find((d) => d.name === name)?.value ?? 0}`,
      },
      series: [
        {
          type: 'pie',
          radius: ['35%', '70%'],
          center: ['40%', '55%'],
          label: { show: false },
          labelLine: { show: false },
          data: chart.data.map((d) => ({ ...d, itemStyle: { color: NAMED_COLOURS[d.name] } })),
        },
      ],
      color: PALETTE,
    };
  }
  // Horizontal bars, largest on top: long names (domains, applications) stay readable.
  const data = [...chart.data].reverse();
  return {
    ...base,
    color: PALETTE,
    grid: { left: 8, right: 40, top: 36, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: { type: 'value', axisLabel: { formatter: axisValue(chart.unit), fontSize: 10 }, ...(chart.unit === 'percent' ? { max: 100 } : {}) },
    yAxis: { type: 'category', data: data.map((d) => short(d.name)), axisLabel: { fontSize: 10 } },
    series: [{ type: 'bar', data: data.map((d) => d.value), barMaxWidth: 18 }],
  };
}

/** The chart as SVG text, rendered on the server by ECharts without a browser. */
export function chartSvg(chart: ReportChart, width: number, height: number): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption(optionOf(chart));
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
