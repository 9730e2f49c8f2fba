import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/ar/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/ar/**/*.json', { eager: true, import: 'default' }));
