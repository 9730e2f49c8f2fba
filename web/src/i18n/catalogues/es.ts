import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/es/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/es/**/*.json', { eager: true, import: 'default' }));
