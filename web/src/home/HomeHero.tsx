import type { CategoryId } from '@folio/registry';

interface HomeHeroProps {
  categories: readonly { id: CategoryId; label: string }[];
}

export function HomeHero({ categories }: HomeHeroProps) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Free · No sign-up · Files auto-deleted</p>
        <h1 id="hero-title" className="hero__title">
          Every PDF tool you need, <span className="hero__highlight">in one place</span>
        </h1>
        <p className="hero__lead">
          Merge, split, rotate, convert and secure your PDFs right from your browser. Upload a file, choose what to do, and download the result in seconds.
        </p>
        <nav className="hero__jump" aria-label="Tool categories">
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
