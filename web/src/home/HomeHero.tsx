import { RichMessage } from '../i18n/RichMessage';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
import type { CategoryId } from '@folio/registry';

interface HomeHeroProps {
  categories: readonly { id: CategoryId; label: string }[];
}

export function HomeHero({ categories }: HomeHeroProps) {
  const t = useMessages('home', english);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <p className="hero__eyebrow">{t('eyebrow')}</p>
        <h1 id="hero-title" className="hero__title">
          <RichMessage namespace="home" english={english} id="heroTitle" components={{ 0: <span className="hero__highlight" /> }} />
        </h1>
        <p className="hero__lead">{t('heroLead')}</p>
        <nav className="hero__jump" aria-label={t('categoriesNav')}>
          {categories.map((category) => (
            <a key={category.id} href={`#${category.id}`} className={`chip category--${category.id}`}>
              {category.label}
            </a>
          ))}
        </nav>
      </div>
    </section>
  );
}
