import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The alliance screen's texts (`alliance.*`), one chunk per language, loaded with the screens. */
export const loadAllianceTexts = () => loadTexts(texts);
