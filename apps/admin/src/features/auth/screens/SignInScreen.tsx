import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/FormError';
import { LanguagePicker } from '../../../components/LanguagePicker';
import { QrCode } from '../../../components/QrCode';
import { clearFlash, readFlash } from '../../../lib/flash';
import { useContractSubmit } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { session } from '../../../lib/session';
import { type LoginStep, login, loginSchema } from '../api/login';
import { loginTotp, loginTotpSchema } from '../api/login-totp';
import styles from './sign-in.module.css';

/** The secret in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Where a signed-in operator goes: the address the guard kept, if it is one of the console's. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : paths.overview;
}

function PasswordStep({ onStep }: { onStep: (step: LoginStep) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { submit, formError, busy } = useContractSubmit(form, loginSchema);
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values, login).then((step) => step && onStep(step))}
    >
      <Form.Item name="username" label={t('auth.username')}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <FormError error={formError} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.continue')}
      </Button>
    </Form>
  );
}

function CodeStep({ step, onBack }: { step: LoginStep; onBack: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { submit, formError, busy } = useContractSubmit(form, loginTotpSchema);
  const send = (code: string) =>
    void submit({ ticket: step.ticket, code }, loginTotp).then((done) => {
      if (!done) return;
      clearFlash();
      session.signIn(done.token, done.operator, done.idle_minutes);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v: { code?: string }) => send(v.code ?? '')}
    >
      {step.step === 'enroll' && (
        <div className={styles.enroll}>
          <Typography.Paragraph>{t('auth.enrollIntro')}</Typography.Paragraph>
          <Flex justify="center">
            <QrCode text={step.otpauth_uri} size={184} label={t('auth.qrLabel')} />
          </Flex>
          <Typography.Paragraph>
            {t('auth.enrollSecret')}{' '}
            <Typography.Text code copyable={{ text: step.secret }} data-testid="totp-secret">
              {grouped(step.secret)}
            </Typography.Text>
          </Typography.Paragraph>
        </div>
      )}
      <Form.Item
        name="code"
        label={step.step === 'enroll' ? t('auth.enrollCode') : t('auth.code')}
        extra={t('auth.codeHint')}
      >
        <Input.OTP length={6} autoFocus onChange={(code) => code.length === 6 && send(code)} />
      </Form.Item>
      <FormError error={formError} />
      <Flex gap={8}>
        <Button onClick={onBack}>{t('auth.back')}</Button>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.signIn')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Sign-in: username and password, then the authenticator's code (enrolment shows the QR code first). */
export default function SignInScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<LoginStep | null>(null);
  const flash = readFlash();
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('auth.title')}
          </Typography.Title>
          <LanguagePicker />
        </Flex>
        {flash && <Alert type="warning" showIcon title={flash} style={{ marginBottom: 16 }} />}
        {step ? <CodeStep step={step} onBack={() => setStep(null)} /> : <PasswordStep onStep={setStep} />}
      </Card>
    </main>
  );
}
