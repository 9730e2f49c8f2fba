import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

const VALUES = [
  {
    title: 'All-in-One Tools',
    text: 'Merge, split, rotate, convert, secure and edit: the PDF jobs people do every day, gathered in one place so you never have to hunt for a different site for each task.',
  },
  {
    title: 'Speed & Quality',
    text: 'Files are processed on our servers with proven open-source PDF engines, so results come back in seconds and keep the quality of your original document.',
  },
  {
    title: 'Secure & Private',
    text: 'You do not need an account, and we do not keep your documents. Every uploaded file, and every result, is deleted automatically after processing.',
  },
  {
    title: 'Anywhere Anytime',
    text: 'Folio runs in any modern browser on a phone, tablet or computer. There is nothing to install and nothing to pay.',
  },
] as const;

export function AboutPage() {
  return (
    <StaticPage title="About Us" lead="Folio is a free web toolkit for PDF files, made for anyone who needs to get a document job done without fuss.">
      <div className="prose">
        <p>
          Folio was founded in India in 2025 with a simple idea: everyday PDF tasks should not require a subscription, an account or a desktop application. Pick
          a tool, upload your file, choose your options and download the result.
        </p>
        <p>
          We take your trust seriously. Files you upload are used only to produce the result you asked for, and they are deleted automatically after processing.
        </p>
      </div>
      <ul className="value-grid">
        {VALUES.map((value) => (
          <li key={value.title} className="value-card">
            <h2 className="value-card__title">{value.title}</h2>
            <p className="value-card__text">{value.text}</p>
          </li>
        ))}
      </ul>
      <p className="static-page__cta">
        Questions or ideas? <Link to="/contact">Contact us</Link> or <Link to="/">browse the tools</Link>.
      </p>
    </StaticPage>
  );
}
