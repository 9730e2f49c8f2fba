import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/ja/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/ja/**/*.json', { eager: true, import: 'default' }));
