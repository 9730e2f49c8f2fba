import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/fr/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/fr/**/*.json', { eager: true, import: 'default' }));
