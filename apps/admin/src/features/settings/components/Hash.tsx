import Typography from 'antd/es/typography';

/** A long chain value (a hash, a key, a contract) cut to its ends, whole on hover and when copied. */
export function Hash({ value, ends = 6 }: { value: string; ends?: number }) {
  const short = value.length > ends * 2 + 3 ? `${value.slice(0, ends + 2)}…${value.slice(-ends)}` : value;
  return (
    <Typography.Text code copyable={{ text: value }} title={value} style={{ whiteSpace: 'nowrap' }}>
      {short}
    </Typography.Text>
  );
}
