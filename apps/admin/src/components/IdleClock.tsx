import Typography from 'antd/es/typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../lib/clock';
import { formatCountdown } from '../lib/format';
import { endSession } from '../lib/http';
import { useSession } from '../lib/session';

/**
 * How long until the server ends this idle session (OPERATOR_IDLE_MINUTES after the last request):
 * each request restarts it. At zero the console goes to sign-in, as the server's next 401 would.
 */
export function IdleClock() {
  const { t } = useTranslation();
  const { idleMinutes, lastRequestAt, token } = useSession();
  const now = useNow(1000);
  const left = lastRequestAt + idleMinutes * 60_000 - now;
  useEffect(() => {
    if (token && lastRequestAt > 0 && left <= 0) endSession(t('auth.idleEnded', { minutes: idleMinutes }));
  }, [left, token, lastRequestAt, idleMinutes, t]);
  return (
    <Typography.Text type={left < 5 * 60_000 ? 'warning' : 'secondary'} data-testid="idle-clock">
      {t('auth.idleLeft', { time: formatCountdown(left), minutes: idleMinutes })}
    </Typography.Text>
  );
}
