// Active time per day as SVG bars: a few dozen rects, no chart library in the bundle. The
// figures are also read out (role img with a summary, a title per bar) and in the table below.
import { formatActiveTime } from '@app/shared/access-log-rules';
import { shortDate } from '@app/shared/format';
import { Box, Text } from '@mantine/core';

type Day = { date: string; active_time: number; visits: number };

const HEIGHT = 160;
const AXIS = 18;

export function ActiveTimeChart({ days }: { days: readonly Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.active_time));
  const width = Math.max(days.length * 12, 300);
  const slot = width / Math.max(days.length, 1);
  const total = days.reduce((sum, d) => sum + d.active_time, 0);
  const busiest = days.reduce<Day | null>((best, d) => (!best || d.active_time > best.active_time ? d : best), null);
  const summary = busiest?.active_time
    ? `Tempo ativo por dia: ${formatActiveTime(total)} no período; dia mais ativo ${shortDate(busiest.date)} com ${formatActiveTime(busiest.active_time)}.`
    : 'Tempo ativo por dia: nenhum acesso no período.';
  // A label every few days keeps them apart on a long period.
  const labelEvery = Math.ceil(days.length / 10);

  return (
    <Box>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        width="100%"
        height={HEIGHT + AXIS}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="var(--mantine-color-gray-4)" strokeWidth={1} />
        {days.map((d, i) => {
          const h = (d.active_time / max) * (HEIGHT - 8);
          return (
            <g key={d.date}>
              <rect
                x={i * slot + slot * 0.15}
                y={HEIGHT - h}
                width={slot * 0.7}
                height={h}
                rx={2}
                fill="var(--mantine-color-blue-6)"
                data-testid="active-time-bar"
              >
                <title>{`${shortDate(d.date)}: ${formatActiveTime(d.active_time)}, ${d.visits} ${d.visits === 1 ? 'visita' : 'visitas'}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={i * slot + slot / 2} y={HEIGHT + 13} fontSize={10} textAnchor="middle" fill="var(--mantine-color-dimmed)">
                  {shortDate(d.date).slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed" mt={4}>
        Maior dia: {formatActiveTime(busiest?.active_time ?? 0)}
      </Text>
    </Box>
  );
}
