import Alert from 'antd/es/alert';

/** A refusal that belongs to no field, above the form's buttons. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />;
}
