import { Link } from 'react-router-dom';
import type { SiteConfig } from '../site-config/use-site-config';

/**
 * How to reach the operator, as the end of a sentence ("Please …"): their e-mail
 * once the site config has it, otherwise (loading, or unavailable) the contact form.
 */
export function ContactAddress({ config }: { config: SiteConfig | null }) {
  if (!config) {
    return (
      <>
        use <Link to="/contact">our contact form</Link>
      </>
    );
  }
  return (
    <>
      write to us at <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
    </>
  );
}
