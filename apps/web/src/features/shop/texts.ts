import { loadTexts, textsOf } from '../../lib/i18n';

const texts = textsOf(import.meta.glob('./locales/*.json'));

/** The shop settings feature's texts (`shop.*`), fetched with its screens (app/router.tsx). */
export const loadShopTexts = () => loadTexts(texts);
