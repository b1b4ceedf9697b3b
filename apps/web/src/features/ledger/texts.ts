import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The statement verifier's texts (`ledger.*`), one chunk per language, loaded with its screen. */
export const loadLedgerTexts = () => loadTexts(texts);
