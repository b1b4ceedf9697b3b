import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The messages screens' texts (`messages.*`), one chunk per language, loaded with the screens. */
export const loadMessagesTexts = () => loadTexts(texts);
