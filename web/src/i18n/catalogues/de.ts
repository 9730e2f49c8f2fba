import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/de/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/de/**/*.json', { eager: true, import: 'default' }));
