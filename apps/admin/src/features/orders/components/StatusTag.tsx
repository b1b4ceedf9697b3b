import Tag from 'antd/es/tag';
import { useOrderStatusName } from '../../../components/order-status';

const COLORS: Record<number, string> = {
  0: 'default',
  5: 'gold',
  1: 'orange',
  2: 'blue',
  6: 'geekblue',
  7: 'cyan',
  3: 'green',
  4: 'green',
  [-1]: 'default',
};

export function OrderStatusTag({ status }: { status: number }) {
  const name = useOrderStatusName();
  return <Tag color={COLORS[status]}>{name(status)}</Tag>;
}
