import {
  type Checkpoint,
  checkpointsIn,
  type KeptComparison,
  keptCheckpoint,
  type VerifiableStatement,
  type Verification,
  verifyStatement,
} from '@dropdesk/ledger-proof';
import { formatDate } from '@dropdesk/web-kit/format';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import CloseCircleOutline from 'antd-mobile-icons/es/CloseCircleOutline';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../../components/Amount';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { zoneInWords } from '../../../lib/time-zone';
import { type LedgerKey, useLedgerKey } from '../api/get-ledger-key';
import { useAccountName, useProblemSentence } from '../components/words';
import styles from './verify.module.css';

/**
 * Where the merchant app's build puts the offline verifier (apps/web/vite.config.ts, the
 * `dropdesk-verify.mjs` asset bundled from packages/ledger-proof/src/cli.ts by its build.mjs).
 */
export const VERIFIER_URL = '/dropdesk-verify.mjs';

/** Epoch ms in the reader's language and time zone. */
const when = (ms: number) => formatDate(new Date(ms).toISOString(), currentLang());

function parseJson(text: string): { doc: unknown } | null {
  try {
    return { doc: JSON.parse(text) };
  } catch {
    return null;
  }
}

interface Checked {
  s: VerifiableStatement;
  v: Verification;
  comparison: KeptComparison;
}

/** The check itself: here, with nothing but the statement, the kept checkpoints and the known key. */
function check(doc: unknown, kept: Checkpoint[] | null, key: string | undefined): Checked {
  const s = doc as VerifiableStatement;
  const id = (doc as { checkpoint?: { id?: unknown } } | null)?.checkpoint?.id;
  const comparison = keptCheckpoint(kept, typeof id === 'number' ? id : undefined);
  const v = verifyStatement(s, {
    ...(key ? { key } : {}),
    ...(comparison.kind === 'compared' ? { archived: comparison.archived } : {}),
  });
  return { s, v, comparison };
}

/**
 * Verify a statement: the merchant (or anyone they hand it to) picks or pastes a verifiable
 * statement, optionally a checkpoint kept from before, and the page checks it on the device with
 * packages/ledger-proof's `verifyStatement`: a verdict first, then each problem as a sentence, the
 * checkpoint, and each account. The platform's key is read once when online and remembered, so the
 * signer can be told offline too. Reachable without a session (app/router.tsx).
 */
/**
 * A file input in the app's words and look: the browser's own button speaks the browser's
 * language, not the app's, so the input is hidden (still focusable and labelled by the field's
 * label) and a button-like label opens it, with the chosen file's name beside it.
 */
function FilePicker({
  id,
  describedBy,
  onFile,
}: {
  id: string;
  describedBy?: string;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  return (
    <div className={styles.picker}>
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        aria-describedby={describedBy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setName(file?.name ?? null);
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={`${ui.secondaryButton} ${styles.pick}`} aria-hidden="true">
        {t('ledger.chooseFile')}
      </label>
      <span className={styles.chosen}>{name ?? t('ledger.noFile')}</span>
    </div>
  );
}

export default function VerifyScreen() {
  const { t } = useTranslation();
  const ids = { file: useId(), paste: useId(), kept: useId(), cli: useId() };
  const key = useLedgerKey();
  const [statement, setStatement] = useState<{ doc: unknown } | null>(null);
  const [statementError, setStatementError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [kept, setKept] = useState<Checkpoint[] | null>(null);
  const [keptError, setKeptError] = useState<string | null>(null);
  const verdict = useRef<HTMLElement>(null);

  const knownKey = key.known?.key;
  const checked = useMemo(
    () => (statement ? check(statement.doc, kept, knownKey) : null),
    [statement, kept, knownKey],
  );
  useEffect(() => {
    if (checked) verdict.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [checked]);

  const read = (text: string) => {
    const parsed = parseJson(text);
    setStatement(parsed);
    setStatementError(parsed ? null : t('ledger.notJson'));
  };
  const onKeptFile = async (file: File | null) => {
    if (!file) {
      setKept(null);
      setKeptError(null);
      return;
    }
    const parsed = parseJson(await file.text());
    const found = parsed ? checkpointsIn(parsed.doc) : [];
    setKept(found.length > 0 ? found : null);
    setKeptError(!parsed ? t('ledger.notJson') : found.length === 0 ? t('ledger.noCheckpointInFile') : null);
  };

  return (
    <Page title={t('routes.verify')} tabRoot={paths.fundsRecords}>
      <section className={`${ui.card} ${ui.form}`}>
        <p className={ui.hint}>{t('ledger.intro')}</p>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.file}>
            {t('ledger.statementFile')}
          </label>
          <FilePicker
            id={ids.file}
            describedBy={statementError ? `${ids.file}-error` : undefined}
            onFile={(file) => void file.text().then(read)}
          />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.paste}>
            {t('ledger.paste')}
          </label>
          <textarea
            id={ids.paste}
            className={`${ui.input} ${styles.paste}`}
            value={pasted}
            rows={3}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setPasted(e.target.value)}
          />
          <button
            type="button"
            className={ui.secondaryButton}
            disabled={pasted.trim() === ''}
            onClick={() => read(pasted)}
          >
            {t('ledger.check')}
          </button>
        </div>
        {statementError && (
          <p id={`${ids.file}-error`} className={ui.error} role="alert">
            {statementError}
          </p>
        )}
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.kept}>
            {t('ledger.keptFile')}
          </label>
          <FilePicker
            id={ids.kept}
            describedBy={`${ids.kept}-hint`}
            onFile={(file) => void onKeptFile(file)}
          />
          <p id={`${ids.kept}-hint`} className={ui.hint}>
            {t('ledger.keptHint')}
          </p>
          {kept && <p className={ui.ok}>{t('ledger.keptRead', { count: kept.length })}</p>}
          {keptError && (
            <p className={ui.error} role="alert">
              {keptError}
            </p>
          )}
        </div>
      </section>

      {checked && <Result checked={checked} ledgerKey={key} verdictRef={verdict} />}

      <PlatformKey ledgerKey={key} />

      <section className={ui.card} aria-labelledby={ids.cli}>
        <h2 id={ids.cli} className={ui.sectionTitle}>
          {t('ledger.cli')}
        </h2>
        <p className={ui.hint}>{t('ledger.cliText')}</p>
        <a className={`${ui.secondaryButton} ${styles.download}`} href={VERIFIER_URL} download>
          {t('ledger.cliDownload')}
        </a>
      </section>
    </Page>
  );
}

function Result({
  checked: { s, v, comparison },
  ledgerKey,
  verdictRef,
}: {
  checked: Checked;
  ledgerKey: LedgerKey;
  verdictRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const sentence = useProblemSentence();
  const formatAmount = useFormatAmount();
  const accountName = useAccountName();
  const readable = !v.problems.some((p) => p.code === 'FORMAT');
  const merchant = readable ? s.merchant : null;
  const platformFingerprint = ledgerKey.known?.fingerprint ?? null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <>
      <section
        ref={verdictRef}
        className={`${styles.verdict} ${v.ok ? styles.verified : styles.failed}`}
        aria-live="polite"
        data-testid="verdict"
      >
        {v.ok ? (
          <CheckShieldOutline className={styles.verdictIcon} aria-hidden="true" />
        ) : (
          <CloseCircleOutline className={styles.verdictIcon} aria-hidden="true" />
        )}
        <div>
          <h2 className={styles.verdictTitle}>{v.ok ? t('ledger.verified') : t('ledger.notVerified')}</h2>
          <p className={styles.verdictText}>
            {!v.ok
              ? t('ledger.notVerifiedText')
              : v.checkpoint
                ? t('ledger.verifiedText')
                : t('ledger.verifiedUnsigned')}
          </p>
        </div>
      </section>

      {!v.ok && (
        <section className={ui.card} aria-labelledby="verify-problems">
          <h2 id="verify-problems" className={ui.sectionTitle}>
            {t('ledger.problems')}
          </h2>
          <ol className={styles.problems} data-testid="problems">
            {v.problems.map((p, i) => (
              // Problems have no id of their own; the list is drawn anew for each check.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>{sentence(p, { merchant, v, platformFingerprint })}</li>
            ))}
          </ol>
          <p className={ui.hint}>{t('ledger.whatToDo')}</p>
        </section>
      )}

      {readable && (
        <>
          <p className={styles.period}>
            {/* The period's end is its last instant, as the statement's own last day reads (to is exclusive). */}
            {t('ledger.period', { merchant: s.merchant, from: when(s.from), to: when(s.to - 1) })}
          </p>
          <p className={ui.hint}>{t('ledger.zone', { zone: zoneInWords(zone, currentLang()) })}</p>
          <CheckpointCard v={v} comparison={comparison} ledgerKey={ledgerKey} />
          <ul className={styles.accounts} aria-label={t('ledger.accounts')}>
            {v.accounts.map((a) => {
              const own = v.problems.some((p) => p.account === a.account);
              return (
                <li key={a.account} className={styles.account} data-testid="verified-account">
                  <h3 className={styles.accountName}>{accountName(a.account)}</h3>
                  <p className={own ? ui.error : ui.ok}>
                    {own
                      ? t('ledger.postingsChecked', { count: a.postings })
                      : t('ledger.postingsVerified', { count: a.postings })}
                  </p>
                  <p className={styles.balance}>
                    {t('ledger.balance', {
                      opening: formatAmount(a.opening),
                      closing: formatAmount(a.closing),
                    })}
                  </p>
                  {!own && v.checkpoint && a.checkpointSeq !== null && (
                    <p className={ui.hint}>{t('ledger.covered', { id: v.checkpoint.id })}</p>
                  )}
                  {!own && a.checkpointSeq === null && <p className={ui.hint}>{t('ledger.notCovered')}</p>}
                  {!own && a.checkpointSeq !== null && a.afterCheckpoint > 0 && (
                    <p className={styles.newer}>{t('ledger.newer', { count: a.afterCheckpoint })}</p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

function CheckpointCard({
  v,
  comparison,
  ledgerKey,
}: {
  v: Verification;
  comparison: KeptComparison;
  ledgerKey: LedgerKey;
}) {
  const { t } = useTranslation();
  const cp = v.checkpoint;
  if (!cp)
    return (
      <section className={ui.card}>
        <p className={ui.hint}>{t('ledger.noCheckpoint')}</p>
      </section>
    );
  const differs = v.problems.some((p) => p.code === 'CHECKPOINT_DIFFERS');
  const platform = ledgerKey.known;
  return (
    <section className={ui.card} aria-labelledby="verify-checkpoint" data-testid="checkpoint">
      <h2 id="verify-checkpoint" className={ui.sectionTitle}>
        {t('ledger.checkpoint', { id: cp.id })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('ledger.signedAt')}</dt>
        <dd>
          <time dateTime={new Date(cp.at).toISOString()}>{when(cp.at)}</time>
        </dd>
        <dt>{t('ledger.signer')}</dt>
        <dd>
          <code className={styles.fingerprint}>{cp.fingerprint}</code>
        </dd>
      </dl>
      <ul className={styles.checks}>
        <li className={cp.signed ? ui.ok : ui.error}>
          {cp.signed ? t('ledger.signatureValid') : t('ledger.signatureInvalid')}
        </li>
        <li className={!platform ? ui.hint : platform.key === cp.key ? ui.ok : ui.error}>
          {!platform
            ? t('ledger.keyNotChecked')
            : platform.key === cp.key
              ? t('ledger.keyMatches')
              : t('ledger.keyDiffers')}
        </li>
        {comparison.kind === 'compared' && (
          <li className={differs ? ui.error : ui.ok}>
            {differs ? t('ledger.keptDiffers', { id: cp.id }) : t('ledger.keptSame', { id: cp.id })}
          </li>
        )}
        {comparison.kind === 'other' && <li className={ui.hint}>{t('ledger.keptOther', { id: cp.id })}</li>}
      </ul>
    </section>
  );
}

/** The platform's key as this device knows it: shown whether or not a statement was checked. */
function PlatformKey({ ledgerKey }: { ledgerKey: LedgerKey }) {
  const { t } = useTranslation();
  const { known, online } = ledgerKey;
  return (
    <section className={ui.card} aria-labelledby="verify-platform-key" data-testid="platform-key">
      <h2 id="verify-platform-key" className={ui.sectionTitle}>
        {t('ledger.platformKey')}
      </h2>
      {known ? (
        <>
          <dl className={styles.facts}>
            <dt>{t('ledger.keyFingerprint')}</dt>
            <dd>
              <code className={styles.fingerprint}>{known.fingerprint}</code>
            </dd>
          </dl>
          <p className={ui.hint}>
            {online ? t('ledger.keyOnline') : t('ledger.keyRemembered', { date: when(known.checkedAt) })}
          </p>
        </>
      ) : (
        <p className={ui.hint}>{t('ledger.keyUnknown')}</p>
      )}
    </section>
  );
}
