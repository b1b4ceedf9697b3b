import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The express lane screens' texts (`express.*`), one chunk per language, loaded with the screens. */
export const loadExpressTexts = () => loadTexts(texts);
