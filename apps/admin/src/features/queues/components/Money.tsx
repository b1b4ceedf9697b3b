import Typography from 'antd/es/typography';
import { formatMoney } from '../../../lib/format';

/** An amount as the operator reads it, right-aligned figures in the reader's format. */
export function Money({ value, strong }: { value: string; strong?: boolean }) {
  return (
    <Typography.Text strong={strong} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(value)}
    </Typography.Text>
  );
}
