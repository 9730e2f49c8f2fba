import { useDocumentTitle } from '../hooks/use-document-title';
import { CategorySection } from '../home/CategorySection';
import { HomeHero } from '../home/HomeHero';
import { HowItWorks } from '../home/HowItWorks';
import { TOOL_CATALOG as CATALOG } from '../tool-catalog';

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <HomeHero categories={CATALOG} />
      <HowItWorks />
      <div className="container catalog" id="tools">
        <h2 className="section-title">All tools</h2>
        {CATALOG.map((category) => (
          <CategorySection key={category.id} id={category.id} label={category.label} cards={category.cards} />
        ))}
      </div>
    </>
  );
}
