import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The security centre's texts (`security.*`), one chunk per language, loaded with its screen. */
export const loadSecurityTexts = () => loadTexts(texts);
