import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/hi/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/hi/**/*.json', { eager: true, import: 'default' }));
