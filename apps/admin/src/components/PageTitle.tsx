import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';

/** A screen's heading (its one h1, at antd's level-3 size), with its actions on the right. */
export function PageTitle({ title, extra, sub }: { title: string; extra?: ReactNode; sub?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        {sub && <Typography.Text type="secondary">{sub}</Typography.Text>}
      </div>
      {extra}
    </Flex>
  );
}
