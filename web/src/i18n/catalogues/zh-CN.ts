import { assembleCatalogue } from '../catalogue';

// The chunk of this language alone: every file of locales/zh-CN/, bundled together.
export default assembleCatalogue(import.meta.glob<Record<string, string>>('../../locales/zh-CN/**/*.json', { eager: true, import: 'default' }));
