import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/pt-BR/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/pt-BR/**/*.json', { eager: true, import: 'default' }));
