import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The home feature's texts (`home.*`), fetched with its screens (app/router.tsx). */
export const loadHomeTexts = () => loadTexts(texts);
