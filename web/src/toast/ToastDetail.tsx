import type { MouseEvent } from 'react';
import type { ToastLink } from './toast-context';

interface ToastDetailProps {
  detail: string;
  link?: ToastLink;
  /** Called when the link is followed, so the toast goes with the page it spoke about. */
  onFollow(): void;
}

/** The line under a toast's message; the link's words become the link where the detail has them. */
export function ToastDetail({ detail, link, onFollow }: ToastDetailProps) {
  if (!link) return <p className="toast__detail">{detail}</p>;

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onFollow();
    // A click with a modifier opens a new tab or window, as links do.
    if (!link.follow || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    link.follow();
  };
  const anchor = (
    <a href={link.href} onClick={follow}>
      {link.text}
    </a>
  );
  const at = detail.indexOf(link.text);
  return (
    <p className="toast__detail">
      {at < 0 ? (
        <>
          {detail} {anchor}
        </>
      ) : (
        <>
          {detail.slice(0, at)}
          {anchor}
          {detail.slice(at + link.text.length)}
        </>
      )}
    </p>
  );
}
